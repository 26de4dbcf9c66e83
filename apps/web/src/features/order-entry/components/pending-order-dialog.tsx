import { useState } from 'react';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OrderKind } from '@bourse/contract';
import type { BidAsk } from '@bourse/domain';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { RadioChoice } from '@/components/ui/radio-choice';
import { msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { orderKindFor, PENDING_DECIMALS, PENDING_STEP, roundPending } from '../lib/order-payload';
import { useOrderForm } from '../stores/order-form-store';

type Mode = 'current' | 'price';

const toggle = (active: boolean) =>
  cn('flex-1 rounded px-3 py-1.5 text-sm font-medium', active ? 'bg-brand-solid text-white' : 'text-muted hover:text-fg');

/** The order kinds as the hint names them (shown with `t()`). */
const kindNames: Record<OrderKind, string> = { market: msg('market'), limit: msg('limit'), stop: msg('stop') };
/** Stands for a bold kind in the translated hint, which is cut there to put the bold element in. */
const SLOT = '\u0000';

/** What the typed price does for each side, e.g. "BUY limit · SELL stop". */
function KindHint({ price, quote }: { price: number | null; quote: BidAsk }) {
  const { t } = useTranslation();
  if (price === null || !(price > 0)) return null;
  const kinds: Record<string, string> = { buy: t(kindNames[orderKindFor('buy', price, quote)]), sell: t(kindNames[orderKindFor('sell', price, quote)]) };
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
      {t('Market: bid {{bid}}, ask {{ask}}.', { bid: quote.bid.toFixed(PENDING_DECIMALS), ask: quote.ask.toFixed(PENDING_DECIMALS) })}
    </p>
  );
}

type DialogBodyProps = { quote: BidAsk; onDone: () => void };

function PendingForm({ quote, onDone }: DialogBodyProps) {
  const { t } = useTranslation();
  const current = useOrderForm((s) => s.pendingPrice);
  const setPendingPrice = useOrderForm((s) => s.setPendingPrice);
  const [mode, setMode] = useState<Mode>(current === null ? 'current' : 'price');
  const [text, setText] = useState((current ?? quote.ask).toFixed(PENDING_DECIMALS));
  const typed = Number(text);
  const valid = text.trim() !== '' && Number.isFinite(typed) && typed > 0;

  const apply = () => {
    setPendingPrice(mode === 'current' ? null : roundPending(typed));
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
            step={PENDING_STEP}
            min={0}
            inputMode="decimal"
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={valid ? undefined : t('Enter a price above 0.')}
          />
          <KindHint price={valid ? roundPending(typed) : null} quote={quote} />
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
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        disabled={!quote}
        // Named by what it shows, then what it is (WCAG 2.5.3, label in name).
        aria-label={`${pendingPrice === null ? t('Current') : pendingPrice.toFixed(PENDING_DECIMALS)} · ${t('Entry price')}`}
        data-testid="pending-button"
        className={cn(
          'flex h-10 min-w-10 shrink-0 items-center justify-center gap-1.5 rounded-md border px-2 text-[11px] font-semibold',
          pendingPrice === null ? 'border-line text-muted hover:text-fg' : 'border-warn text-warn',
        )}
      >
        <Clock className="size-3.5" aria-hidden />
        {/* On a phone an unset choice shows as the icon alone, leaving room for the volume. */}
        <span className={cn('font-mono tabular-nums', pendingPrice === null && 'sr-only sm:not-sr-only')}>
          {pendingPrice === null ? t('Current') : pendingPrice.toFixed(PENDING_DECIMALS)}
        </span>
      </button>
      {quote && (
        <Dialog open={open} onOpenChange={setOpen} title={t('Pending order')} description={t('Enter at the market now, or at a price of your choice.')}>
          {open && <PendingForm quote={quote} onDone={() => setOpen(false)} />}
        </Dialog>
      )}
    </>
  );
}
