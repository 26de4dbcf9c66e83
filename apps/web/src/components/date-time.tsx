import { formatDateTime } from '@/lib/date-time';
import { useTimeZone } from '@/stores/preferences-store';

/** A moment in the customer's time zone (their settings), "—" when there is none. */
export function DateTime({ iso, withYear }: { iso: string | null; withYear?: boolean }) {
  const zone = useTimeZone();
  return <>{iso ? formatDateTime(iso, zone, withYear) : '—'}</>;
}
