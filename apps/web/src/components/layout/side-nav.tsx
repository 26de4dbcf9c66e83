import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';
import { useTranslation } from 'react-i18next';

/** `badge`: how many things wait there (hidden at 0), e.g. requests for an operator. */
export type SideNavItem = { label: string; to: string; Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>; badge?: number };

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn('flex items-center gap-3 rounded-lg px-3 py-2 text-sm transition-colors', isActive ? 'bg-brand/15 text-fg' : 'text-muted hover:bg-panel-2 hover:text-fg');

/** A vertical list of section links, the active one highlighted (client area and back office). */
export function SideNav({ items, label, onNavigate }: { items: readonly SideNavItem[]; label: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label} className="flex flex-col gap-1">
      {items.map(({ label: text, to, Icon, badge }) => (
        <NavLink key={to} to={to} className={linkClass} onClick={onNavigate}>
          <Icon className="size-4" aria-hidden /> {text}
          {badge ? (
            <span className="ms-auto rounded-full bg-brand-solid px-1.5 text-xs font-semibold tabular-nums text-white">
              {badge}
              <span className="sr-only"> {t('waiting')}</span>
            </span>
          ) : null}
        </NavLink>
      ))}
    </nav>
  );
}
