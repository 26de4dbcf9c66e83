import { useState } from 'react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { clientCategoryMessages as msg, PROFESSIONAL_EVIDENCE_MAX_BYTES, PROFESSIONAL_EVIDENCE_MAX_FILES, professionalAnswersInput, professionalThresholds } from '@bourse/contract';
import { criteriaMet, type LeveragePreset } from '@bourse/domain';
import { FileDrop } from '@/components/file-drop';
import { LeverageCeilings, presetNames } from '@/components/leverage-ceilings';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ApiError, errorMessage, serverWords } from '@/lib/api-client';
import { type ProfessionalForm as FormValues, useRequestProfessional } from '../api/client-category';

const ACCEPT = 'image/jpeg,image/png,application/pdf';
const MAX_MB = PROFESSIONAL_EVIDENCE_MAX_BYTES / 1024 / 1024;
const EMPTY: FormValues = { trades_per_quarter: '', portfolio_eur: '', sector_years: '', sector_role: '', acknowledged: false };

/** The contract's refusals of the answers, by field, in the reader's language (the server sends the same words). */
function answerProblems(values: FormValues): Record<string, string> {
  const parsed = professionalAnswersInput.safeParse(values);
  if (parsed.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) problems[String(issue.path[0] ?? 'criteria')] ??= serverWords(issue.message);
  return problems;
}

/** How many criteria the answers typed so far meet. */
function metSoFar(values: FormValues): number {
  const n = (v: string) => (/^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : 0);
  return Object.values(criteriaMet({ tradesPerQuarter: n(values.trades_per_quarter), portfolioEur: n(values.portfolio_eur), sectorYears: n(values.sector_years) })).filter(Boolean).length;
}

/** What the customer gives up, as the product really changes it: the regulatory leverage caps, nothing else. */
function Protections({ preset }: { preset: LeveragePreset }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3 rounded-lg border border-amber-500/40 bg-amber-500/5 p-4 text-sm" data-testid="protections">
      <h3 className="font-semibold">{t('Protections you give up')}</h3>
      {preset === 'none' ? (
        <p>{t('This site sets no leverage caps for retail clients at present. Caps set later would not apply to you while you are a professional client.')}</p>
      ) : (
        <>
          <p>{t('The leverage caps for retail clients under {{preset}} no longer apply to your new orders: your plan’s and your account group’s leverage do, which can be far higher and multiplies your losses as much as your gains.', { preset: t(presetNames[preset]) })}</p>
          <LeverageCeilings preset={preset} />
        </>
      )}
      <p className="text-muted">{t('You keep negative balance protection (your balance is never left below zero) and the margin close-out at your group’s stop-out level. You can go back to retail at any time.')}</p>
    </div>
  );
}

/** The questionnaire (MiFID II: two of three criteria), the evidence and the acknowledgement, sent as one request. */
export function ProfessionalForm({ preset }: { preset: LeveragePreset }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [files, setFiles] = useState<{ id: number; file: File }[]>([]);
  const [nextId, setNextId] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useRequestProfessional();
  const set = (key: keyof FormValues) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [key]: key === 'acknowledged' ? e.target.checked : e.target.value }));
    // An answer changed: its refusal, and the criteria's, no longer hold until the next send.
    setErrors(({ [key]: _field, criteria: _criteria, ...rest }) => rest);
  };
  const met = metSoFar(values);

  const addFile = (file: File) => {
    const problem =
      file.size > PROFESSIONAL_EVIDENCE_MAX_BYTES ? t('The file is larger than {{size}} MB.', { size: MAX_MB })
      : file.size === 0 ? t('The file is empty.')
      : file.type && !ACCEPT.split(',').includes(file.type) ? serverWords(msg.evidenceType)
      : files.length >= PROFESSIONAL_EVIDENCE_MAX_FILES ? serverWords(msg.evidenceTooMany)
      : null;
    setErrors(({ evidence: _, ...rest }) => (problem ? { ...rest, evidence: problem } : rest));
    if (!problem) {
      setFiles((list) => [...list, { id: nextId, file }]);
      setNextId((n) => n + 1);
    }
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problems = answerProblems(values);
    if (files.length === 0) problems.evidence = serverWords(msg.evidenceRequired);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    send.mutate(
      { form: values, files: files.map((f) => f.file) },
      {
        onSuccess: (answer) => toast.success(serverWords(answer.message)),
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields() : {};
          setErrors(fields);
          if (Object.keys(fields).length === 0) toast.error(errorMessage(error, t('The request could not be sent. Please try again.')));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-labelledby="professional-form-title">
      <div>
        <h2 id="professional-form-title" className="text-base font-semibold">
          {t('Ask to be treated as a professional client')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('You may be treated as professional if you meet at least two of these three criteria. Answer each question and upload documents that show it.')}</p>
      </div>
      <fieldset disabled={send.isPending} className="grid min-w-0 gap-4 md:grid-cols-2">
        <TextField
          label={t('Significant-size trades per quarter, on average over the last four quarters')}
          inputMode="decimal"
          hint={t('Met at {{needed}} or more.', { needed: professionalThresholds.tradesPerQuarter })}
          value={values.trades_per_quarter}
          onChange={set('trades_per_quarter')}
          error={errors.trades_per_quarter}
        />
        <TextField
          label={t('Your financial-instrument portfolio, cash deposits included (EUR)')}
          inputMode="decimal"
          hint={t('Met above EUR 500,000.')}
          value={values.portfolio_eur}
          onChange={set('portfolio_eur')}
          error={errors.portfolio_eur}
        />
        <TextField
          label={t('Years worked in the financial sector in a position that needs knowledge of these trades')}
          inputMode="decimal"
          hint={t('Met at {{needed}} year or more.', { needed: professionalThresholds.sectorYears })}
          value={values.sector_years}
          onChange={set('sector_years')}
          error={errors.sector_years}
        />
        <TextField
          label={t('Employer and position')}
          hint={t('Needed when you claim the experience criterion.')}
          maxLength={200}
          value={values.sector_role}
          onChange={set('sector_role')}
          error={errors.sector_role}
        />
      </fieldset>
      <p className="text-sm" role="status" data-testid="criteria-count">
        {t('Criteria met so far: {{met}} of 3 (2 needed).', { met })}
      </p>
      {errors.criteria && (
        <p role="alert" className="text-sm text-down">
          {errors.criteria}
        </p>
      )}
      <div className="space-y-2">
        <h3 className="text-sm font-semibold">{t('Evidence')}</h3>
        {files.length > 0 && (
          <ul className="flex flex-col gap-1.5" aria-label={t('Files to send')}>
            {files.map(({ id, file }) => (
              <li key={id} className="flex items-center justify-between gap-2 rounded-md border border-line bg-panel-2 px-3 py-1.5 text-sm">
                <span className="min-w-0 truncate" dir="auto">
                  {file.name}
                </span>
                <button type="button" className="shrink-0 rounded p-1 text-muted hover:text-fg" aria-label={t('Remove {{name}}', { name: file.name })} onClick={() => setFiles((list) => list.filter((f) => f.id !== id))}>
                  <X className="size-4" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
        {files.length < PROFESSIONAL_EVIDENCE_MAX_FILES && <FileDrop label={t('Add a document')} accept={ACCEPT} compact={files.length > 0} disabled={send.isPending} onFile={addFile} />}
        <p className="text-xs text-muted">{t('Trade statements, a portfolio valuation or an employer letter: JPEG, PNG or PDF, up to {{size}} MB each, {{max}} files at most.', { size: MAX_MB, max: PROFESSIONAL_EVIDENCE_MAX_FILES })}</p>
        {errors.evidence && (
          <p role="alert" className="text-sm text-down">
            {errors.evidence}
          </p>
        )}
      </div>
      <Protections preset={preset} />
      <div className="space-y-1">
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-brand" checked={values.acknowledged} onChange={set('acknowledged')} disabled={send.isPending} aria-invalid={errors.acknowledged ? true : undefined} />
          <span>{t('I understand the protections I give up and ask to be treated as a professional client.')}</span>
        </label>
        {errors.acknowledged && (
          <p role="alert" className="text-sm text-down">
            {errors.acknowledged}
          </p>
        )}
      </div>
      <Button type="submit" loading={send.isPending} className="self-start">
        {t('Send my request')}
      </Button>
    </form>
  );
}
