import { useState } from 'react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import type { SanctionsList, SanctionsSource } from '@bourse/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/date-time';
import { FileDrop } from '@/components/file-drop';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, serverWords } from '@/lib/api-client';
import { useImportList, useSanctionsLists } from '../api/aml';

/** The field's name, and the file chosen for it once there is one. */
const chosen = (field: string, file: File | null) => (file ? `${field}: ${file.name}` : field);

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
      <FileDrop compact label={chosen(source === 'eu' ? t('List file (XML)') : t('Entries file (sdn.csv)'), file)} accept={source === 'eu' ? '.xml,text/xml,application/xml' : '.csv,text/csv'} onFile={setFile} />
      {source === 'ofac' && <FileDrop compact label={chosen(t('alt.csv (aliases, optional)'), aliases)} accept=".csv,text/csv" onFile={setAliases} />}
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
