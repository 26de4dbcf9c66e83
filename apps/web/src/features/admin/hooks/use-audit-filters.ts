import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditFilters } from '../api/audit-log';

const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');

/** The audit screen's filters kept in the URL, so a view can be shared and survives a reload. */
export function useAuditFilters() {
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = {
    actor: params.get('actor') ?? '',
    customer: params.get('customer') ?? '',
    action: params.get('action') ?? '',
    from: day(params.get('from')),
    to: day(params.get('to')),
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const update = useCallback(
    (patch: Partial<AuditFilters>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            if (value === '' || value === undefined || (key === 'page' && value === 1)) next.delete(key);
            else next.set(key, String(value));
          }
          // A new filter starts again at the first page.
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const clear = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);
  return { filters, update, clear };
}
