import { useState } from 'react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import type { SanctionsList, SanctionsSource } from '@bourse/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/date-time';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, serverWords } from '@/lib/api-client';
import { useImportList, useSanctionsLists } from '../api/aml';

const fileClass = 'block w-full text-sm text-muted file:me-3 file:rounded-md file:border file:border-line file:bg-panel-2 file:px-3 file:py-2 file:text-sm file:text-fg';

/** One list's import form: its file (and for OFAC the aliases file), and what its last import held. */
function ListCard({ source, title, hint, last }: { source: SanctionsSource; title: string; hint: string; last: SanctionsList | undefined }) {
  const { t } = useTranslation();
  const send = useImportList();
  const [file, setFile] = useState<File | null>(null);
  const [aliases, setAliases] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async () => {
    if (!file) return;
    setFailure(null);
    try {
      toast.success(serverWords((await send.mutateAsync({ source, file, aliases })).message));
    } catch (error) {
      setFailure(errorMessage(error, t('The file could not be imported. Please try again.')));
    }
  };
  return (
    <form
      className="flex flex-col gap-3 rounded-lg border border-line bg-panel p-4"
      aria-label={title}
      data-testid={`aml-list-${source}`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div>
        <h3 className="font-medium">{title}</h3>
        <p className="text-xs text-muted">{hint}</p>
      </div>
      <p className="text-sm" data-testid="aml-list-status">
        {last ? (
          <>
            {t('{{entries}} entries, {{names}} names', { entries: last.entries, names: last.names })} · <bdi dir="ltr">{last.file_name}</bdi> · <DateTime iso={last.imported_at} withYear />
          </>
        ) : (
          t('Not imported yet')
        )}
      </p>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {source === 'eu' ? t('List file (XML)') : t('Entries file (sdn.csv)')}
        <input type="file" accept={source === 'eu' ? '.xml,text/xml,application/xml' : '.csv,text/csv'} className={fileClass} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </label>
      {source === 'ofac' && (
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('alt.csv (aliases, optional)')}
          <input type="file" accept=".csv,text/csv" className={fileClass} onChange={(e) => setAliases(e.target.files?.[0] ?? null)} />
        </label>
      )}
      {failure && (
        <Alert variant="destructive" title={t('Import refused')}>
          <span dir="ltr">{failure}</span>
        </Alert>
      )}
      <div>
        <Button type="submit" disabled={!file} loading={send.isPending}>
          {t('Import')}
        </Button>
      </div>
    </form>
  );
}

/** The two lists the operator imports, each replacing its previous version whole. */
export function ListImports() {
  const { t } = useTranslation();
  const lists = useSanctionsLists();
  if (lists.isPending) return <Spinner />;
  if (lists.isError) return <LoadError text={t('Failed to load the sanctions lists')} onRetry={() => void lists.refetch()} />;
  const of = (source: SanctionsSource) => lists.data.find((l) => l.source === source);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ListCard source="eu" title={t('EU consolidated list')} hint={t('The XML file of the EU consolidated financial sanctions list.')} last={of('eu')} />
      <ListCard source="ofac" title={t('OFAC SDN list')} hint={t('The SDN list in CSV: sdn.csv, and alt.csv for the aliases.')} last={of('ofac')} />
    </div>
  );
}
