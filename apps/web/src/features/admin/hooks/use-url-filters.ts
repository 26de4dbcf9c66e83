import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A back-office list's filters kept in the URL, so a view can be shared and survives a reload:
 * the current parameters and `update`, which sets or removes each one (a first page is left out)
 * and starts again at the first page when anything but the page changes.
 */
export function useUrlFilters<F extends { page: number }>() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (patch: Partial<F>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            if (value === '' || value === undefined || (key === 'page' && value === 1)) next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const clear = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);
  return { params, update, clear };
}
