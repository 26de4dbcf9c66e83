import { useSession } from '@/stores/session-store';
import { currentLocale } from '@/i18n/i18n';

export type StatementFormat = 'pdf' | 'csv';

/** 'YYYY-MM' as 'November 2026'. */
export const monthLabel = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleString(currentLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Fetches a statement with the session's token and saves it (a plain link would carry no token). */
export async function downloadStatement(account: { id: number; number: string }, month: string, format: StatementFormat) {
  const token = useSession.getState().token;
  const res = await fetch(`/api/v1/accounts/${account.id}/statements/${month}.${format}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error((await res.json().catch(() => null))?.message ?? 'The statement could not be downloaded.');
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: `statement-${account.number}-${month}.${format}` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
