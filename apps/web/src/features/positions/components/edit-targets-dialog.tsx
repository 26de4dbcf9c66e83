import { useState } from 'react';
import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatPrice, pointOf, roundPrice, type ModifyTradeRequest, type Trade } from '@bourse/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { DIGITS_ERROR, overDigits, parseLevel, targetErrors } from '@/lib/trade-targets';
import { usePricePrecision } from '@/stores/quotes';
import { useModifyTrade } from '../api/trade-actions';
import { sideCaps } from '@/lib/trade-words';

const text = (n: number | null, digits: number) => (n === null ? '' : formatPrice(n, digits));
/** A typed level on the instrument's grid (more decimals are refused before it is sent); null when unset. */
const rounded = (value: string, digits: number) => {
  const level = parseLevel(value);
  return level === null ? null : roundPrice(level, digits);
};

/** The dialog's title, in the codes every language reads: "TP/SL · EURUSD BUY". */
const dialogTitle = (symbol: string, side: string) => `TP/SL · ${symbol} ${side}`;

type EditProps = { trade: Trade; reference: number | null; digits: number; onDone: () => void };

/** The PATCH body: 0 removes a level (SPEC §7 "0 if unset"). */
function patchOf(tp: string, sl: string, trailing: string, open: boolean, digits: number): ModifyTradeRequest {
  const patch: ModifyTradeRequest = { take_profit: rounded(tp, digits) ?? 0, stop_loss: rounded(sl, digits) ?? 0 };
  if (open) patch.trailing_stop = rounded(trailing, digits) ?? 0;
  return patch;
}

function EditForm({ trade, reference, digits, onDone }: EditProps) {
  const { t } = useTranslation();
  const open = trade.status === 'open';
  const [tp, setTp] = useState(text(trade.take_profit, digits));
  const [sl, setSl] = useState(text(trade.stop_loss, digits));
  const [trailing, setTrailing] = useState(text(trade.trailing_stop, digits));
  const modify = useModifyTrade();
  const levels = { takeProfit: rounded(tp, digits), stopLoss: rounded(sl, digits) };
  const tooLong = t(DIGITS_ERROR, { digits });
  const sides = reference === null ? {} : targetErrors(trade.trade_type, reference, levels, open);
  const local = {
    takeProfit: overDigits(tp, digits) ? tooLong : sides.takeProfit,
    stopLoss: overDigits(sl, digits) ? tooLong : sides.stopLoss,
    trailing: open && overDigits(trailing, digits) ? tooLong : undefined,
  };
  const server = modify.error instanceof ApiError ? modify.error : null;
  const errors = {
    takeProfit: local.takeProfit ?? server?.field('take_profit'),
    stopLoss: local.stopLoss ?? server?.field('stop_loss'),
    trailing: local.trailing ?? server?.field('trailing_stop'),
  };
  const save = () =>
    modify.mutate(
      { id: trade.id, patch: patchOf(tp, sl, trailing, open, digits) },
      { onSuccess: onDone },
    );
  const submit = (e: React.SubmitEvent) => {
    e.preventDefault();
    save();
  };
  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      {reference !== null && (
        <p className="text-xs text-muted">
          {open ? t('Current price:') : t('Entry price:')} <span className="font-mono text-fg">{formatPrice(reference, digits)}</span> ·{' '}
          {t('levels keep {{decimals}} decimals', { decimals: digits })}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3">
        <TextField label={t('Take profit')} type="number" step={pointOf(digits)} min={0} value={tp} onChange={(e) => setTp(e.target.value)} error={errors.takeProfit} placeholder={t('None')} />
        <TextField label={t('Stop loss')} type="number" step={pointOf(digits)} min={0} value={sl} onChange={(e) => setSl(e.target.value)} error={errors.stopLoss} placeholder={t('None')} />
      </div>
      {open && (
        <TextField label={t('Trailing stop distance')} type="number" step={pointOf(digits)} min={0} value={trailing} onChange={(e) => setTrailing(e.target.value)} placeholder={t('None')} error={errors.trailing}
          hint={t('Price distance the stop loss follows behind the best price.')} />
      )}
      {modify.isError && !errors.takeProfit && !errors.stopLoss && !errors.trailing && (
        <Alert variant="destructive">{errorMessage(modify.error, t('There was an error processing your request. Please try again.'))}</Alert>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>{t('Cancel')}</Button>
        <Button type="submit" loading={modify.isPending} disabled={Boolean(local.takeProfit || local.stopLoss || local.trailing)}>{t('Save')}</Button>
      </div>
    </form>
  );
}

/** Edits take-profit, stop-loss (and the trailing stop of an open position), checked with the SPEC side rules. */
export function EditTargetsButton({ trade, reference }: { trade: Trade; reference: number | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Until the catalogue is loaded the levels show as the server keeps them, at most 8 decimals.
  const digits = usePricePrecision(trade.asset_id)?.digits ?? 8;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} aria-label={t('Edit take profit and stop loss of {{symbol}}', { symbol: trade.asset_symbol })} data-testid="edit-targets"
        className="rounded p-1 text-muted hover:bg-panel-2 hover:text-fg"
      >
        <Pencil className="size-3.5" aria-hidden />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={dialogTitle(trade.asset_symbol, t(sideCaps[trade.trade_type]))} className="max-w-md">
        {open && <EditForm trade={trade} reference={reference} digits={digits} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}
