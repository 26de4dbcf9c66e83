import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { appropriatenessQuestions, type AppropriatenessAssessment, type AppropriatenessState } from '@bourse/contract';
import { DateTime } from '@/components/date-time';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import { msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { useClientAppropriateness } from '../api/compliance';
import { Section } from './client-overview';

const stateLabels: Record<AppropriatenessState, string> = {
  not_required: msg('Not asked: the test is off or the client is professional'),
  required: msg('Not answered yet'),
  passed: msg('Passed'),
  acknowledge: msg('Below the pass score, warning not yet confirmed'),
  acknowledged: msg('Below the pass score, warning confirmed'),
  refused: msg('Below the pass score, refused'),
};
const outcomeLabels: Record<AppropriatenessAssessment['outcome'], string> = { passed: msg('Passed'), warned: msg('Warned'), refused: msg('Refused') };
const outcomeStyles: Record<AppropriatenessAssessment['outcome'], string> = {
  passed: 'bg-green-500/15 text-green-300 ring-green-500/30',
  warned: 'bg-amber-500/15 text-amber-200 ring-amber-500/30',
  refused: 'bg-red-500/15 text-red-300 ring-red-500/30',
};

function Outcome({ outcome }: { outcome: AppropriatenessAssessment['outcome'] }) {
  const { t } = useTranslation();
  return <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', outcomeStyles[outcome])}>{t(outcomeLabels[outcome])}</span>;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 text-sm">{children}</dd>
    </div>
  );
}

/** Each question with the answer the client chose and the points it scored. */
function Answers({ assessment }: { assessment: AppropriatenessAssessment }) {
  const { t } = useTranslation();
  return (
    <ol className="flex flex-col divide-y divide-line rounded-lg border border-line" data-testid="appropriateness-answers">
      {assessment.answers.map((a, index) => {
        const question = appropriatenessQuestions.find((q) => q.id === a.question);
        const answer = question?.answers.find((x) => x.id === a.answer);
        return (
          <li key={a.question} className="flex items-start gap-3 px-3 py-2.5 text-sm">
            <span className="w-5 shrink-0 text-muted tabular-nums">{index + 1}.</span>
            <div className="min-w-0 flex-1">
              <p className="text-muted">{question ? t(question.text) : a.question}</p>
              <p className="mt-0.5 font-medium">{answer ? t(answer.text) : a.answer}</p>
            </div>
            <span className="shrink-0 text-xs text-muted tabular-nums" title={t('Points')}>
              {t('{{points}} of {{max}}', { points: a.points, max: question ? Math.max(...question.answers.map((x) => x.points)) : a.points })}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** Back office: the client's appropriateness test, their answers and score, and earlier questionnaires. */
export function ClientAppropriateness({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useClientAppropriateness(userId);
  if (query.isPending) return <Spinner label={t('Loading the appropriateness test')} />;
  if (query.isError) return <LoadError text={t('Could not load the appropriateness test')} onRetry={() => void query.refetch()} />;
  const { assessment, history } = query.data;
  return (
    <div className="flex flex-col gap-4" data-testid="client-appropriateness">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Fact label={t('Standing')}>{t(stateLabels[query.data.state])}</Fact>
        {assessment && (
          <>
            <Fact label={t('Score')}>
              <span data-testid="appropriateness-admin-score">{t('{{score}} of {{max}} (pass: {{pass}})', { score: assessment.score, max: assessment.max_score, pass: assessment.pass_score })}</span>
            </Fact>
            <Fact label={t('Answered')}>
              <DateTime iso={assessment.created_at} withYear />
            </Fact>
            <Fact label={t('Warning confirmed')}>
              <DateTime iso={assessment.acknowledged_at} withYear />
            </Fact>
          </>
        )}
      </dl>
      {assessment ? (
        <Section title={t('Latest answers')}>
          <div className="mb-3">
            <Outcome outcome={assessment.outcome} />
          </div>
          <Answers assessment={assessment} />
        </Section>
      ) : (
        <p className="text-sm text-muted">{t('This client has not answered the appropriateness questions.')}</p>
      )}
      {history.length > 1 && (
        <Section title={t('Earlier questionnaires')}>
          <ul className="flex flex-col gap-2 text-sm">
            {history.slice(1).map((h) => (
              <li key={h.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <DateTime iso={h.created_at} withYear />
                <span className="tabular-nums">{t('{{score}} of {{max}} (pass: {{pass}})', { score: h.score, max: h.max_score, pass: h.pass_score })}</span>
                <Outcome outcome={h.outcome} />
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}
