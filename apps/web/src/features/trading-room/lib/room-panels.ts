import { CalendarDays, CandlestickChart, ClipboardList, History, List, Newspaper, type LucideIcon } from 'lucide-react';
import { msg } from '@/i18n/i18n';

/** SPEC §2 left rail, top to bottom. */
export const railItems = [
  { id: 'trade-room', label: msg('Trade Room'), Icon: CandlestickChart },
  { id: 'market-watch', label: msg('Market Watch'), Icon: List },
  { id: 'active-orders', label: msg('Active Orders'), Icon: ClipboardList },
  { id: 'trading-history', label: msg('Trading History'), Icon: History },
  { id: 'calendar', label: msg('Calendar'), Icon: CalendarDays },
  { id: 'news', label: msg('Market News'), Icon: Newspaper },
] as const satisfies readonly { id: string; label: string; Icon: LucideIcon }[];

export type PanelId = Exclude<(typeof railItems)[number]['id'], 'trade-room'>;

/** The title of an open panel (English, shown with `t()`); an id no rail item has is shown as is. */
export const panelTitle = (id: string) => railItems.find((i) => i.id === id)?.label ?? id;
