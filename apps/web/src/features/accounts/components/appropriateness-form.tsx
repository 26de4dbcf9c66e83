import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { appropriatenessQuestions, appropriatenessSubmission, type AppropriatenessStatus, type AppropriatenessSubmission } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAnswerAppropriateness } from '../api/appropriateness';

type Values = AppropriatenessSubmission;

/** The questions of the appropriateness test, one choice each; the answers go to the server, which scores them. */
export function AppropriatenessForm({ onAnswered, onCancel }: { onAnswered: (status: AppropriatenessStatus) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const answer = useAnswerAppropriateness();
  const { register, handleSubmit, formState, setError } = useForm<Values>({ resolver: zodResolver(appropriatenessSubmission), defaultValues: { answers: {} } });
  const unanswered = (id: string) => Boolean(formState.errors.answers?.[id]);
  const onSubmit = handleSubmit(async (values) => {
    try {
      onAnswered((await answer.mutateAsync(values)).data);
    } catch (error) {
      // The server names each question it refused: the same field as the form's own check.
      const fields = error instanceof ApiError ? Object.keys(error.fields()).filter((f) => f.startsWith('answers.')) : [];
      for (const field of fields) setError(field as `answers.${string}`, { type: 'server' });
      if (fields.length === 0) toast.error(errorMessage(error, t('Your answers could not be sent. Please try again.')));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label={t('Trading knowledge and experience')}>
      <p className="text-sm text-muted">
        {t('Before a live account, the rules ask us to check whether CFDs are appropriate for you. Choose the answer that fits you best; there is no time limit.')}
      </p>
      <ol className="flex flex-col gap-5">
        {appropriatenessQuestions.map((q, index) => (
          <li key={q.id}>
            <fieldset aria-invalid={unanswered(q.id) || undefined} aria-describedby={unanswered(q.id) ? `${q.id}-error` : undefined}>
              <legend className="mb-2 text-sm font-medium">
                <span className="me-1 text-muted tabular-nums">{index + 1}.</span>
                {t(q.text)}
              </legend>
              <div className="grid gap-1.5 sm:grid-cols-2">
                {q.answers.map((a) => (
                  <label
                    key={a.id}
                    className="flex cursor-pointer items-start gap-2.5 rounded-md border border-line bg-panel-2/50 px-3 py-2 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand/10"
                  >
                    <input type="radio" value={a.id} {...register(`answers.${q.id}`)} className="mt-0.5 size-4 shrink-0 accent-brand" />
                    <span>{t(a.text)}</span>
                  </label>
                ))}
              </div>
              {unanswered(q.id) && (
                <p id={`${q.id}-error`} role="alert" className="mt-1.5 text-xs text-red-400">
                  {t('Choose an answer to this question.')}
                </p>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('Cancel')}
        </Button>
        <Button type="submit" loading={answer.isPending}>
          {t('Send answers')}
        </Button>
      </div>
    </form>
  );
}
