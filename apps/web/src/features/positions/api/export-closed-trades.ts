import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/api-client';

/** GET /closed/trades/export.csv of a trading account, as the file's text. */
export function getClosedTradesCsv(accountId: number | null): Promise<string> {
  return http.get<string>(`/closed/trades/export.csv${accountId === null ? '' : `?account_id=${accountId}`}`, { headers: { Accept: 'text/csv' } });
}

/** Saves CSV `text` as a download named `filename`. */
export function downloadCsv(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Downloads the account's closed trades as closed-trades-{account number}.csv. */
export function useExportClosedTrades() {
  return useMutation({
    mutationFn: async ({ accountId, accountNumber }: { accountId: number | null; accountNumber: string }) =>
      downloadCsv(await getClosedTradesCsv(accountId), `closed-trades-${accountNumber}.csv`),
  });
}
