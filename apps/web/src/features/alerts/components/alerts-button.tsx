import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAlerts } from '../api/alerts';
import { useAlertEditor } from '../stores/alert-editor-store';

/** The top bar's bell: opens the alert list; the badge counts the alerts watching the market. */
export function AlertsButton() {
  const { t } = useTranslation();
  const active = useAlerts().data?.meta.active ?? 0;
  const open = useAlertEditor((s) => s.setListOpen);
  const label = active > 0 ? t('Price alerts, {{active}} active', { active }) : t('Price alerts');
  return (
    <button
      type="button"
      onClick={() => open(true)}
      aria-label={label}
      title={label}
      className="relative flex size-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-panel-2 hover:text-fg"
    >
      <Bell className="size-4" aria-hidden />
      {active > 0 && (
        <span className="absolute -top-0.5 -end-0.5 min-w-4 rounded-full bg-brand-solid px-1 text-center text-[10px] leading-4 font-semibold text-white" aria-hidden>
          {active > 99 ? '99+' : active}
        </span>
      )}
    </button>
  );
}
