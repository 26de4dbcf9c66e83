import { useUrlFilters } from './use-url-filters';
import type { AuditFilters } from '../api/audit-log';

const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');

/** The audit screen's filters kept in the URL, so a view can be shared and survives a reload. */
export function useAuditFilters() {
  const { params, update, clear } = useUrlFilters<AuditFilters>();
  const filters: AuditFilters = {
    actor: params.get('actor') ?? '',
    customer: params.get('customer') ?? '',
    action: params.get('action') ?? '',
    from: day(params.get('from')),
    to: day(params.get('to')),
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  return { filters, update, clear };
}
