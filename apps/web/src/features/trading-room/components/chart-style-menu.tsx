import { DropdownMenu } from 'radix-ui';
import { ChartArea, ChartBar, ChartCandlestick, ChartLine, Check, type LucideIcon, Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type ChartStyle, type ChartType, chartTypes } from '@bourse/contract';
import { cn } from '@/lib/cn';
import { chartTypeNames } from '../lib/chart-types';

const icons: Record<ChartType, LucideIcon> = { candles: ChartCandlestick, bars: ChartBar, line: ChartLine, area: ChartArea, 'heikin-ashi': ChartCandlestick };

export const toolbarButton = 'flex h-7 shrink-0 items-center gap-1 rounded px-1.5 text-xs font-medium text-muted hover:bg-panel-2 hover:text-fg disabled:opacity-50';
export const menuContent = 'z-50 min-w-52 rounded-xl border border-line bg-panel p-1.5 text-sm shadow-2xl';
export const menuItem = 'flex cursor-pointer items-center gap-2 rounded-md px-3 py-1.5 outline-none data-[highlighted]:bg-panel-2 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50';
const menuLabel = 'px-3 pb-1 pt-1.5 text-xs font-medium uppercase tracking-wide text-muted';

type Props = {
  style: ChartStyle;
  onStyle: (style: ChartStyle) => void;
  /** The instrument compared on this chart, or null. */
  comparing: string | null;
  onCompare: () => void;
  onStopComparing: () => void;
  disabled: boolean;
};

/**
 * The chart header's menu of how prices are drawn: the chart type, a logarithmic scale, and
 * another instrument overlaid in percent. A menu button: the arrow keys move through it, Enter or
 * Space choose.
 */
export function ChartStyleMenu({ style, onStyle, comparing, onCompare, onStopComparing, disabled }: Props) {
  const { t, i18n } = useTranslation();
  const Icon = icons[style.type];
  const name = t(chartTypeNames[style.type]);
  // What the button shows besides the icon, read in its name too (label in name).
  const badge = [style.log_scale ? 'LOG' : '', comparing ? '%' : ''].filter(Boolean).join(' ');
  const label = `${t('Chart type: {{type}}', { type: name })}${badge ? ` ${badge}` : ''}`;
  return (
    // Not modal: the rest of the room stays readable (and reachable) while it is open.
    <DropdownMenu.Root modal={false} dir={i18n.dir()}>
      <DropdownMenu.Trigger disabled={disabled} aria-label={label} title={label} className={toolbarButton} data-testid="chart-style">
        <Icon className="size-4" aria-hidden />
        {badge && <span className="text-[10px] font-semibold">{badge}</span>}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={6} className={menuContent}>
          <DropdownMenu.Label className={menuLabel}>{t('Chart type')}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={style.type} onValueChange={(type) => onStyle({ ...style, type: type as ChartType })}>
            {chartTypes.map((type) => {
              const TypeIcon = icons[type];
              return (
                <DropdownMenu.RadioItem key={type} value={type} className={menuItem}>
                  <TypeIcon className="size-4 text-muted" aria-hidden />
                  <span className="flex-1">{t(chartTypeNames[type])}</span>
                  <DropdownMenu.ItemIndicator>
                    <Check className="size-4 text-brand" aria-hidden />
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              );
            })}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.CheckboxItem checked={style.log_scale} onCheckedChange={(on) => onStyle({ ...style, log_scale: on === true })} className={menuItem}>
            <span className="w-4 text-center text-[10px] font-semibold text-muted" aria-hidden>
              LOG
            </span>
            <span className="flex-1">{t('Logarithmic scale')}</span>
            <DropdownMenu.ItemIndicator>
              <Check className="size-4 text-brand" aria-hidden />
            </DropdownMenu.ItemIndicator>
          </DropdownMenu.CheckboxItem>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item onSelect={onCompare} className={menuItem}>
            <Plus className="size-4 text-muted" aria-hidden />
            {comparing ? t('Compare with another instrument…') : t('Compare with…')}
          </DropdownMenu.Item>
          {comparing && (
            <DropdownMenu.Item onSelect={onStopComparing} className={cn(menuItem)}>
              <X className="size-4 text-muted" aria-hidden />
              <span dir="auto">{t('Remove comparison with {{symbol}}', { symbol: comparing })}</span>
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
