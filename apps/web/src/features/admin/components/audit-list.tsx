import { useTranslation } from 'react-i18next';
import type { AuditLogEntry } from '@bourse/contract';
import { DateTime } from '@/components/date-time';
import { actionText, actorRoles, detailsText } from '../lib/audit-text';

/** Who acted: their e-mail (or #id when the user is gone) and role; the system has neither. */
function Actor({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation();
  const role = t(actorRoles[entry.actor_role]);
  if (entry.actor_id === null) return <span className="text-muted">{role}</span>;
  return (
    <span className="flex min-w-0 flex-col">
      <span className="truncate">{entry.actor_email ?? `#${entry.actor_id}`}</span>
      <span className="text-xs text-muted">{role}</span>
    </span>
  );
}

const customerOf = (e: AuditLogEntry) => (e.user_id === null ? '—' : (e.customer_email ?? `#${e.user_id}`));

/** The log newest first: a table on wide screens, one card per entry on narrow ones. */
export function AuditList({ entries }: { entries: AuditLogEntry[] }) {
  const { t } = useTranslation();
  const th = 'px-4 py-3 text-start text-xs font-semibold uppercase tracking-wider text-muted';
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-line bg-panel md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('Audit log')}</caption>
          <thead className="border-b border-line bg-panel-2/50">
            <tr>
              <th className={th}>{t('Time')}</th>
              <th className={th}>{t('Actor')}</th>
              <th className={th}>{t('Action')}</th>
              <th className={th}>{t('Customer')}</th>
              <th className={th}>{t('Details')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {entries.map((e) => (
              <tr key={e.id} data-testid="audit-row">
                <td className="whitespace-nowrap px-4 py-3 text-muted">
                  <DateTime iso={e.created_at} withYear />
                </td>
                <td className="max-w-56 px-4 py-3">
                  <Actor entry={e} />
                </td>
                <td className="px-4 py-3 font-medium">{actionText(e.action, t)}</td>
                <td className="max-w-56 truncate px-4 py-3 text-muted">{customerOf(e)}</td>
                <td className="px-4 py-3 text-muted">{detailsText(e, t).join(' · ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-2 md:hidden" aria-label={t('Audit log')}>
        {entries.map((e) => (
          <li key={e.id} className="rounded-xl border border-line bg-panel p-3 text-sm" data-testid="audit-card">
            <p className="font-medium">{actionText(e.action, t)}</p>
            <p className="mt-0.5 text-xs text-muted">
              <DateTime iso={e.created_at} withYear />
            </p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
              <dt className="text-muted">{t('Actor')}</dt>
              <dd className="min-w-0 break-all">{e.actor_id === null ? t(actorRoles[e.actor_role]) : `${e.actor_email ?? `#${e.actor_id}`} (${t(actorRoles[e.actor_role])})`}</dd>
              <dt className="text-muted">{t('Customer')}</dt>
              <dd className="min-w-0 break-all">{customerOf(e)}</dd>
            </dl>
            {detailsText(e, t).map((line) => (
              <p key={line} className="mt-1 text-xs text-muted">
                {line}
              </p>
            ))}
          </li>
        ))}
      </ul>
    </>
  );
}
