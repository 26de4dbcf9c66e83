import { useState } from 'react';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatPrice, pointOf, roundPrice, type OrderKind } from '@bourse/contract';
import type { BidAsk } from '@bourse/domain';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { RadioChoice } from '@/components/ui/radio-choice';
import { msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { DIGITS_ERROR, overDigits } from '@/lib/trade-targets';
import { useAssetStore } from '@/stores/asset-store';
import { orderKindFor } from '../lib/order-payload';
import { useOrderForm } from '../stores/order-form-store';

type Mode = 'current' | 'price';

const toggle = (active: boolean) =>
  cn('flex-1 rounded px-3 py-1.5 text-sm font-medium', active ? 'bg-brand-solid text-white' : 'text-muted hover:text-fg');

/** The order kinds as the hint names them (shown with `t()`). */
const kindNames: Record<OrderKind, string> = { market: msg('market'), limit: msg('limit'), stop: msg('stop') };
/** Stands for a bold kind in the translated hint, which is cut there to put the bold element in. */
const SLOT = '\u0000';

/** What the typed price does for each side, e.g. "BUY limit · SELL stop". */
function KindHint({ price, quote, digits }: { price: number | null; quote: BidAsk; digits: number }) {
  const { t } = useTranslation();
  if (price === null || !(price > 0)) return null;
  const kinds: Record<string, string> = { buy: t(kindNames[orderKindFor('buy', price, quote, digits)]), sell: t(kindNames[orderKindFor('sell', price, quote, digits)]) };
  const pieces = t('BUY places a {{buy}} order, SELL a {{sell}} order.', { buy: `${SLOT}buy${SLOT}`, sell: `${SLOT}sell${SLOT}` }).split(SLOT);
  return (
    <p className="text-xs text-muted" data-testid="pending-kind">
      {pieces.map((piece, i) =>
        i % 2 ? (
          <strong key={piece} className="text-fg">
            {kinds[piece]}
          </strong>
        ) : (
          piece
        ),
      )}{' '}
      {t('Market: bid {{bid}}, ask {{ask}}.', { bid: formatPrice(quote.bid, digits), ask: formatPrice(quote.ask, digits) })}
    </p>
  );
}

/** The entry price is typed in the instrument's `digits`, one point a step. */
type DialogBodyProps = { quote: BidAsk; digits: number; onDone: () => void };

function PendingForm({ quote, digits, onDone }: DialogBodyProps) {
  const { t } = useTranslation();
  const current = useOrderForm((s) => s.pendingPrice);
  const setPendingPrice = useOrderForm((s) => s.setPendingPrice);
  const [mode, setMode] = useState<Mode>(current === null ? 'current' : 'price');
  const [text, setText] = useState(formatPrice(current ?? quote.ask, digits));
  const typed = Number(text);
  const positive = text.trim() !== '' && Number.isFinite(typed) && typed > 0;
  const valid = positive && !overDigits(text, digits);

  const apply = () => {
    if (mode === 'price' && !valid) return;
    setPendingPrice(mode === 'current' ? null : roundPrice(typed, digits));
    onDone();
  };
  const submit = (e: React.SubmitEvent) => {
    e.preventDefault();
    apply();
  };
  const revert = () => {
    setPendingPrice(null);
    onDone();
  };

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      <div role="radiogroup" aria-label={t('Entry mode')} className="flex gap-1 rounded-md border border-line bg-panel-2 p-1">
        <RadioChoice name="entry-mode" checked={mode === 'current'} className={toggle(mode === 'current')} onChange={() => setMode('current')}>
          {t('Current')}
        </RadioChoice>
        <RadioChoice name="entry-mode" checked={mode === 'price'} className={toggle(mode === 'price')} onChange={() => setMode('price')}>
          {t('Price')}
        </RadioChoice>
      </div>
      {mode === 'current' ? (
        <p className="text-sm text-muted">{t('The order fills at the market price when you press BUY or SELL.')}</p>
      ) : (
        <>
          <TextField
            label={t('Entry price')}
            type="number"
            step={pointOf(digits)}
            min={0}
            inputMode="decimal"
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={!positive ? t('Enter a price above 0.') : valid ? undefined : t(DIGITS_ERROR, { digits })}
          />
          <KindHint price={valid ? roundPrice(typed, digits) : null} quote={quote} digits={digits} />
        </>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={revert}>
          {t('Revert to Market Price')}
        </Button>
        <Button type="submit" disabled={mode === 'price' && !valid}>
          {t('Apply')}
        </Button>
      </div>
    </form>
  );
}

/** SPEC §2 pending-order dialog: "Current" (market) or a typed entry price, with "Revert to Market Price". */
export function PendingOrderDialog({ quote }: { quote: BidAsk | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const pendingPrice = useOrderForm((s) => s.pendingPrice);
  const digits = useAssetStore((s) => s.activeAsset?.digits);
  const shown = pendingPrice === null ? t('Current') : formatPrice(pendingPrice, digits ?? 5);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        disabled={!quote}
        // Named by what it shows, then what it is (WCAG 2.5.3, label in name).
        aria-label={`${shown} · ${t('Entry price')}`}
        data-testid="pending-button"
        className={cn(
          'flex h-10 min-w-10 shrink-0 items-center justify-center gap-1.5 rounded-md border px-2 text-[11px] font-semibold',
          pendingPrice === null ? 'border-line text-muted hover:text-fg' : 'border-warn text-warn',
        )}
      >
        <Clock className="size-3.5" aria-hidden />
        {/* On a phone an unset choice shows as the icon alone, leaving room for the volume. */}
        <span className={cn('font-mono tabular-nums', pendingPrice === null && 'sr-only sm:not-sr-only')}>
          {shown}
        </span>
      </button>
      {quote && digits !== undefined && (
        <Dialog open={open} onOpenChange={setOpen} title={t('Pending order')} description={t('Enter at the market now, or at a price of your choice.')}>
          {open && <PendingForm quote={quote} digits={digits} onDone={() => setOpen(false)} />}
        </Dialog>
      )}
    </>
  );
}
