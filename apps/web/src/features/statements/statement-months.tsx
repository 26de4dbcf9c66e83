import { useMutation, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, http } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { downloadStatement, monthLabel, type StatementFormat } from './statement-download';
import { useTranslation } from 'react-i18next';

export const statementMonthsKey = (accountId: number) => ['statements', accountId] as const;

/** The months an account has statements for, newest first, each downloadable as PDF or CSV. */
export function StatementMonths({ account, limit, className }: { account: { id: number; number: string }; limit?: number; className?: string }) {
  const { t } = useTranslation();
  const months = useQuery({
    queryKey: statementMonthsKey(account.id),
    queryFn: async () => (await http.get<{ data: string[] }>(`/accounts/${account.id}/statements`)).data,
  });
  const save = useMutation({
    mutationFn: ({ month, format }: { month: string; format: StatementFormat }) => downloadStatement(account, month, format),
    onError: (error) => toast.error(errorMessage(error, t('The statement could not be downloaded.'))),
  });
  if (months.isPending) {
    return (
      <p className={cn('flex items-center gap-2 p-4 text-sm text-muted', className)}>
        <Spinner className="size-4" /> {t('Loading statements...')}
      </p>
    );
  }
  if (months.isError) return <LoadError text={t('The statements could not be listed.')} onRetry={() => void months.refetch()} className={className} />;
  if (months.data.length === 0) {
    return <p className={cn('p-4 text-sm text-muted', className)}>{t("No statements yet: one appears for each month the account's balance moves.")}</p>;
  }
  return (
    <ul className={cn('divide-y divide-line', className)} aria-label={t('Statement months')}>
      {months.data.slice(0, limit).map((month) => (
        <li key={month} className="flex items-center justify-between gap-3 py-2.5 text-sm">
          <span className="font-medium">{monthLabel(month)}</span>
          <span className="flex gap-2">
            {(['pdf', 'csv'] as const).map((format) => (
              <Button
                key={format}
                size="sm"
                variant="secondary"
                loading={save.isPending && save.variables?.month === month && save.variables.format === format}
                disabled={save.isPending}
                onClick={() => save.mutate({ month, format })}
                aria-label={`${monthLabel(month)} ${format.toUpperCase()}`}
              >
                <Download className="size-3.5" aria-hidden /> {format.toUpperCase()}
              </Button>
            ))}
          </span>
        </li>
      ))}
    </ul>
  );
}
