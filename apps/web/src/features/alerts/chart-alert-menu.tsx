import { useState, type ReactNode } from 'react';
import { ContextMenu } from 'radix-ui';
import { BellPlus, BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@bourse/contract';
import { type AlertTarget, useAlertEditor } from './stores/alert-editor-store';

const item = 'flex cursor-default items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-panel-2';

/**
 * Right-click on the chart: set an alert at the price under the pointer, or open the alert list.
 * `priceAt` turns a y offset within the chart into a price (null off the scale).
 */
export function ChartAlertMenu({ target, priceAt, children }: { target: AlertTarget | null; priceAt: (y: number) => number | null; children: ReactNode }) {
  const { t } = useTranslation();
  const [price, setPrice] = useState<number | null>(null);
  const create = useAlertEditor((s) => s.create);
  const openList = useAlertEditor((s) => s.setListOpen);
  const remember = (e: React.MouseEvent) => {
    const rect = e.currentTarget.getBoundingClientRect();
    setPrice(priceAt(e.clientY - rect.top));
  };
  return (
    <ContextMenu.Root>
      <ContextMenu.Trigger asChild disabled={!target} onContextMenu={remember}>
        {children}
      </ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content className="z-50 min-w-48 rounded-md border border-line bg-panel p-1 text-fg shadow-xl" aria-label={t('Chart actions')}>
          {target && price !== null && price > 0 && (
            <ContextMenu.Item className={item} onSelect={() => create(target, price)}>
              <BellPlus className="size-4" aria-hidden /> {t('Set alert at {{price}}', { price: formatPrice(price, target.digits) })}
            </ContextMenu.Item>
          )}
          <ContextMenu.Item className={item} onSelect={() => openList(true)}>
            <BellRing className="size-4" aria-hidden /> {t('Price alerts')}
          </ContextMenu.Item>
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  );
}

/** The chart toolbar's way to an alert at the current price, for keyboard and touch. */
export function ChartAlertButton({ target }: { target: AlertTarget | null }) {
  const { t } = useTranslation();
  const create = useAlertEditor((s) => s.create);
  return (
    <button
      type="button"
      disabled={!target}
      onClick={() => target && create(target)}
      aria-label={t('Set price alert')}
      title={t('Set price alert')}
      className="flex size-7 shrink-0 items-center justify-center rounded text-muted hover:bg-panel-2 hover:text-fg disabled:opacity-50"
    >
      <BellPlus className="size-4" aria-hidden />
    </button>
  );
}
