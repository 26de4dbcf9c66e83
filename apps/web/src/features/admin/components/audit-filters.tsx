import { useEffect, useState } from 'react';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { type AuditFilters as Filters, useAuditActions } from '../api/audit-log';
import { SEARCH_DEBOUNCE_MS } from '../hooks/use-client-filters';
import { actionText } from '../lib/audit-text';

/** A text filter that updates the URL once typing pauses. */
function SearchBox({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onChange(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return <TextField type="search" label={label} placeholder={placeholder} value={text} onChange={(e) => setText(e.target.value)} />;
}

/** Actor, customer, action and date range of the audit screen, with Clear and CSV export. */
export function AuditFilters({ filters, onChange, onClear, onExport, exporting }: { filters: Filters; onChange: (patch: Partial<Filters>) => void; onClear: () => void; onExport: () => void; exporting: boolean }) {
  const { t } = useTranslation();
  const actions = useAuditActions();
  const options = [...new Set([...(actions.data ?? []), ...(filters.action ? [filters.action] : [])])]
    .map((a) => ({ value: a, label: actionText(a, t) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const filtered = Boolean(filters.actor || filters.customer || filters.action || filters.from || filters.to);
  return (
    <search aria-label={t('Filter the audit log')} className="mb-4 block rounded-xl border border-line bg-panel p-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <SearchBox label={t('Actor')} placeholder={t('E-mail, #id, system')} value={filters.actor} onChange={(actor) => onChange({ actor })} />
        <SearchBox label={t('Customer')} placeholder={t('E-mail or #id')} value={filters.customer} onChange={(customer) => onChange({ customer })} />
        <SelectField label={t('Action')} value={filters.action} onChange={(e) => onChange({ action: e.target.value })}>
          <option value="">{t('All actions')}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <TextField type="date" label={t('From')} value={filters.from} max={filters.to || undefined} onChange={(e) => onChange({ from: e.target.value })} />
        <TextField type="date" label={t('To')} value={filters.to} min={filters.from || undefined} onChange={(e) => onChange({ to: e.target.value })} />
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-end gap-2">
        {filtered && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            {t('Clear Filters')}
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={onExport} loading={exporting}>
          <Download className="size-4" aria-hidden /> {t('Export CSV')}
        </Button>
      </div>
    </search>
  );
}
