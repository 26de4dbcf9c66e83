import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/api-client';
import { downloadCsv } from '@/lib/download-csv';

/** GET /closed/trades/export.csv of a trading account, as the file's text. */
export function getClosedTradesCsv(accountId: number | null): Promise<string> {
  return http.get<string>(`/closed/trades/export.csv${accountId === null ? '' : `?account_id=${accountId}`}`, { headers: { Accept: 'text/csv' } });
}

/** Downloads the account's closed trades as closed-trades-{account number}.csv. */
export function useExportClosedTrades() {
  return useMutation({
    mutationFn: async ({ accountId, accountNumber }: { accountId: number | null; accountNumber: string }) =>
      downloadCsv(await getClosedTradesCsv(accountId), `closed-trades-${accountNumber}.csv`),
  });
}
