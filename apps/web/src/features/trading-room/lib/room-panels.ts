import { CalendarDays, CandlestickChart, ClipboardList, History, List, Newspaper, type LucideIcon } from 'lucide-react';

/** SPEC §2 left rail, top to bottom. */
export const railItems = [
  { id: 'trade-room', label: 'Trade Room', Icon: CandlestickChart },
  { id: 'market-watch', label: 'Market Watch', Icon: List },
  { id: 'active-orders', label: 'Active Orders', Icon: ClipboardList },
  { id: 'trading-history', label: 'Trading History', Icon: History },
  { id: 'calendar', label: 'Calendar', Icon: CalendarDays },
  { id: 'news', label: 'Market News', Icon: Newspaper },
] as const satisfies readonly { id: string; label: string; Icon: LucideIcon }[];

export type PanelId = Exclude<(typeof railItems)[number]['id'], 'trade-room'>;

/** The title of an open panel; an id no rail item has is shown as is. */
export const panelTitle = (id: string) => railItems.find((i) => i.id === id)?.label ?? id;
