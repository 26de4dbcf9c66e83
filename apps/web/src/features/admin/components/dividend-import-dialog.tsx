import { useId, useState } from 'react';
import { FileUp } from 'lucide-react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { CORPORATE_ACTION_LIMITS } from '@bourse/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useImportCorporateActions } from '../api/dealing';
import { importProblemWords } from '../lib/dealing-words';

const EXAMPLE = 'symbol,ex_date,amount\nAAPL,2026-05-11,0.26';

/** The problems of a refused file: each bad row the server named, else its one message. */
function problemsOf(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const rows = error.body?.errors?.csv ?? [];
  return rows.length > 0 ? rows : error.body?.message ? [error.body.message] : null;
}

/**
 * Imports dividends from a CSV file (`symbol,ex_date,amount` after the header), picked or pasted.
 * The server takes every row or none: a refused file lists each bad row by its line.
 */
export function DividendImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const importer = useImportCorporateActions();
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const textId = useId();
  const title = t('Import dividends');

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setProblems([]);
    if (file.size > CORPORATE_ACTION_LIMITS.csvBytes) {
      setFileName(null);
      setProblems([t('The file is too large (1 MB at most).')]);
      return;
    }
    setFileName(file.name);
    setCsv(await file.text());
  };

  const submit = async () => {
    setProblems([]);
    try {
      await importer.mutateAsync(csv);
      const rows = csv.trim().split(/\r?\n/).length - 1;
      toast.success(t('Dividends imported: {{rows}}.', { rows }));
      onClose();
    } catch (error) {
      const found = problemsOf(error);
      if (found) setProblems(found);
      else toast.error(errorMessage(error, t('Could not import the file.')));
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={t('One action a line after the header symbol,ex_date,amount; a file with any bad row is refused whole.')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
        aria-label={title}
        className="flex min-w-0 flex-col gap-4"
      >
        <div className="flex flex-wrap items-center gap-3">
          <label className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border border-line bg-panel-2 px-3 text-sm font-medium hover:border-brand focus-within:outline focus-within:outline-2 focus-within:outline-brand">
            <FileUp className="size-4" aria-hidden />
            {t('Choose a CSV file')}
            <input type="file" accept=".csv,text/csv,text/plain" className="sr-only" onChange={(e) => void pick(e.target.files?.[0])} data-testid="dividend-csv-file" />
          </label>
          {fileName && <span className="min-w-0 truncate text-sm text-muted">{fileName}</span>}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={textId} className="text-sm font-medium text-fg/90">
            {t('CSV text')}
          </label>
          <textarea
            id={textId}
            value={csv}
            onChange={(e) => {
              setCsv(e.target.value);
              setFileName(null);
            }}
            rows={8}
            spellCheck={false}
            dir="ltr"
            placeholder={EXAMPLE}
            aria-invalid={problems.length > 0 ? true : undefined}
            className="w-full rounded-md border border-line bg-panel-2 px-3 py-2 font-mono text-xs text-fg placeholder:text-muted/70 focus:border-brand focus:outline-none aria-[invalid=true]:border-down"
          />
        </div>
        {problems.length > 0 && (
          <Alert variant="destructive" title={t('The file was not imported')}>
            <ul className="flex max-h-48 list-disc flex-col gap-0.5 overflow-y-auto ps-4" data-testid="dividend-import-problems">
              {problems.map((p) => (
                <li key={p}>{importProblemWords(p)}</li>
              ))}
            </ul>
          </Alert>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={importer.isPending} disabled={csv.trim() === ''}>
            {t('Import')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
