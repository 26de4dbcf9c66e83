import { useSession } from '@/stores/session-store';
import { currentLocale } from '@/i18n/i18n';

export type StatementFormat = 'pdf' | 'csv';

/** 'YYYY-MM' as 'November 2026'. */
export const monthLabel = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleString(currentLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Fetches a file of the API with the session's token and saves it as `filename` (a plain link would carry no token). */
async function downloadFile(path: string, filename: string) {
  const token = useSession.getState().token;
  const res = await fetch(`/api/v1${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error((await res.json().catch(() => null))?.message ?? 'The statement could not be downloaded.');
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves a monthly statement. */
export function downloadStatement(account: { id: number; number: string }, month: string, format: StatementFormat) {
  return downloadFile(`/accounts/${account.id}/statements/${month}.${format}`, `statement-${account.number}-${month}.${format}`);
}

/** Saves the annual costs-and-charges statement of `year` (PDF). */
export function downloadCostsStatement(account: { id: number; number: string }, year: string) {
  return downloadFile(`/accounts/${account.id}/costs-statements/${year}`, `costs-${account.number}-${year}.pdf`);
}
