import { useMutation, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage, http } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { downloadCostsStatement } from './statement-download';
import { statementMonthsKey } from './statement-months';

/**
 * The annual costs-and-charges statements: one PDF per year the account's ledger moved in (the
 * years of its monthly statements, newest first), listing what trading cost in spread,
 * commissions, swaps and fees, and their share of the amounts traded.
 */
export function CostsStatements({ account, className }: { account: { id: number; number: string }; className?: string }) {
  const { t } = useTranslation();
  // The same query as the monthly list beside it: one request for both.
  const months = useQuery({
    queryKey: statementMonthsKey(account.id),
    queryFn: async () => (await http.get<{ data: string[] }>(`/accounts/${account.id}/statements`)).data,
  });
  const save = useMutation({
    mutationFn: (year: string) => downloadCostsStatement(account, year),
    onError: (error) => toast.error(errorMessage(error, t('The statement could not be downloaded.'))),
  });
  const years = [...new Set((months.data ?? []).map((m) => m.slice(0, 4)))];
  if (years.length === 0) return null;
  return (
    <section className={cn('border-t border-line pt-3', className)} aria-labelledby={`costs-${account.id}`} data-testid="costs-statements">
      <h3 id={`costs-${account.id}`} className="text-sm font-semibold">
        {t('Costs and charges')}
      </h3>
      <p className="mt-0.5 text-xs text-muted">{t('What trading cost you each year: spread, commissions, swaps and fees, in money and as a share of the amounts traded.')}</p>
      <ul className="mt-1 divide-y divide-line" aria-label={t('Costs and charges years')}>
        {years.map((year) => (
          <li key={year} className="flex items-center justify-between gap-3 py-2.5 text-sm">
            <span className="font-medium">{year}</span>
            <Button
              size="sm"
              variant="secondary"
              loading={save.isPending && save.variables === year}
              disabled={save.isPending}
              onClick={() => save.mutate(year)}
              aria-label={t('Costs and charges {{year}} PDF', { year })}
            >
              <Download className="size-3.5" aria-hidden /> PDF
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
