import { useState } from 'react';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { fundsSources, SOURCE_OF_FUNDS_MAX_BYTES, sourceOfFundsInput, sourceOfFundsMessages as msg, type SourceOfFundsOverview } from '@bourse/contract';
import { FileDrop } from '@/components/file-drop';
import { TextAreaField } from '@/components/settings-controls';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { fundsSourceLabels } from '@/i18n/funds-source';
import { ApiError, errorMessage, serverWords } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { type DeclarationForm, useDeclareSourceOfFunds, useSourceOfFunds } from '../api/source-of-funds';

const ACCEPT = 'image/jpeg,image/png,application/pdf';
const MAX_MB = SOURCE_OF_FUNDS_MAX_BYTES / 1024 / 1024;
const EMPTY: DeclarationForm = { source: '', other_source: '', description: '' };

/** The contract's refusals of the fields, by field, in the reader's language (the server sends the same words). */
function fieldProblems(values: DeclarationForm): Record<string, string> {
  const parsed = sourceOfFundsInput.safeParse({ source: values.source, description: values.description, ...(values.source === 'other' ? { other_source: values.other_source } : {}) });
  if (parsed.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) problems[String(issue.path[0] ?? 'source')] ??= serverWords(issue.message);
  return problems;
}

/** Where the money comes from, a few words on it and one supporting document, sent as one request. */
function DeclarationFormView() {
  const { t } = useTranslation();
  const [values, setValues] = useState<DeclarationForm>(EMPTY);
  const [document, setDocument] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useDeclareSourceOfFunds();
  const set = (key: keyof DeclarationForm) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors(({ [key]: _field, ...rest }) => rest);
  };
  const pick = (file: File) => {
    const problem = file.size > SOURCE_OF_FUNDS_MAX_BYTES ? serverWords(msg.documentTooLarge) : file.type && !ACCEPT.split(',').includes(file.type) ? serverWords(msg.documentType) : null;
    setErrors(({ document: _, ...rest }) => (problem ? { ...rest, document: problem } : rest));
    setDocument(problem ? null : file);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problems = fieldProblems(values);
    if (!document) problems.document = serverWords(msg.documentRequired);
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !document) return;
    send.mutate(
      { form: values, document },
      {
        onSuccess: (answer) => toast.success(serverWords(answer.message)),
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields() : {};
          setErrors(fields);
          if (Object.keys(fields).length === 0) toast.error(errorMessage(error, t('The declaration could not be sent. Please try again.')));
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('Source-of-funds declaration')}>
      <fieldset disabled={send.isPending} className="grid min-w-0 gap-4 sm:grid-cols-2">
        <SelectField label={t('Where does the money come from?')} value={values.source} onChange={set('source')} error={errors.source}>
          <option value="">{t('Choose...')}</option>
          {fundsSources.map((s) => (
            <option key={s} value={s}>
              {t(fundsSourceLabels[s])}
            </option>
          ))}
        </SelectField>
        {values.source === 'other' && <TextField label={t('Source')} maxLength={120} value={values.other_source} onChange={set('other_source')} error={errors.other_source} />}
        <div className="sm:col-span-2">
          <TextAreaField
            label={t('Describe how you came by this money')}
            hint={t('For example: your employer and role, the property sold and when, or who left it to you.')}
            maxLength={1000}
            value={values.description}
            onChange={set('description')}
            error={errors.description}
          />
        </div>
      </fieldset>
      <div className="space-y-2">
        {document && (
          <p className="truncate rounded-md border border-line bg-panel-2 px-3 py-1.5 text-sm" dir="auto" data-testid="sof-document">
            {document.name}
          </p>
        )}
        <FileDrop label={document ? t('Choose another document') : t('Add a supporting document')} accept={ACCEPT} compact={Boolean(document)} disabled={send.isPending} onFile={pick} />
        <p className="text-xs text-muted">{t('A payslip, a bank or investment statement, a sale contract or a will: JPEG, PNG or PDF, up to {{size}} MB.', { size: MAX_MB })}</p>
        {errors.document && (
          <p role="alert" className="text-sm text-down">
            {errors.document}
          </p>
        )}
      </div>
      <Button type="submit" loading={send.isPending} className="self-start">
        {t('Send the declaration')}
      </Button>
    </form>
  );
}

/** What the panel says, from the customer's overview: nothing when no declaration is asked or one is approved. */
function stateOf(o: SourceOfFundsOverview): 'needed' | 'pending' | 'rejected' | 'optional' | null {
  if (o.threshold === null || o.declaration?.status === 'approved') return null;
  if (o.declaration?.status === 'pending') return 'pending';
  if (o.declaration?.status === 'rejected') return 'rejected';
  return o.needed ? 'needed' : 'optional';
}

/**
 * On the deposit page: a deposit past the site's threshold waits for the customer's source of
 * funds. Shown as needed (with the form) when a deposit is held, as under review while a
 * declaration waits, and as an offer below the threshold, so a card payment above it can follow.
 */
export function SourceOfFundsPanel({ currency }: { currency: string }) {
  const { t } = useTranslation();
  const overview = useSourceOfFunds();
  const [open, setOpen] = useState(false);
  if (!overview.data) return null;
  const state = stateOf(overview.data);
  if (!state) return null;
  const threshold = formatMoney(overview.data.threshold ?? 0, currency);
  const urgent = state === 'needed' || state === 'rejected';
  return (
    <section
      aria-labelledby="sof-title"
      data-testid="source-of-funds"
      className={cn('mb-5 space-y-3 rounded-xl border p-4 text-sm', urgent ? 'border-amber-500/50 bg-amber-500/5' : 'border-line bg-panel')}
    >
      <div className="flex items-start gap-3">
        <ShieldAlert className={cn('mt-0.5 size-5 shrink-0', urgent ? 'text-amber-500' : 'text-muted')} aria-hidden />
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id="sof-title" className="font-semibold">
            {state === 'pending' ? t('Source of funds under review') : state === 'optional' ? t('Source of funds') : t('Source of funds needed')}
          </h2>
          <p className="text-muted">
            {state === 'needed' && t('Your deposits have passed {{threshold}}. Tell us where the money comes from: your held deposits are credited once compliance approves it.', { threshold })}
            {state === 'rejected' && t('Your declaration was not approved: {{reason}}. Please send a new one.', { reason: overview.data.declaration?.reason ?? '' })}
            {state === 'pending' && t('We received your declaration. Deposits above {{threshold}} are credited once it is approved.', { threshold })}
            {state === 'optional' && t('Deposits that take your total above {{threshold}} need a source-of-funds declaration. You can send it now so they are not held.', { threshold })}
          </p>
        </div>
      </div>
      {urgent && <DeclarationFormView />}
      {state === 'optional' &&
        (open ? (
          <DeclarationFormView />
        ) : (
          <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
            {t('Declare my source of funds')}
          </Button>
        ))}
    </section>
  );
}
