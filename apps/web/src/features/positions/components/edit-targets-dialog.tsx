import { useState } from 'react';
import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ModifyTradeRequest, Trade } from '@bourse/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { parseLevel, roundTarget, TARGET_DECIMALS, TARGET_STEP, targetErrors } from '@/lib/trade-targets';
import { useModifyTrade } from '../api/trade-actions';
import { sideCaps } from '../lib/trade-words';

const text = (n: number | null) => (n === null ? '' : String(n));
const rounded = (value: string) => {
  const level = parseLevel(value);
  return level === null ? null : roundTarget(level);
};

/** The dialog's title, in the codes every language reads: "TP/SL · EURUSD BUY". */
const dialogTitle = (symbol: string, side: string) => `TP/SL · ${symbol} ${side}`;

type EditProps = { trade: Trade; reference: number | null; onDone: () => void };

/** The PATCH body: 0 removes a level (SPEC §7 "0 if unset"). */
function patchOf(tp: string, sl: string, trailing: string, open: boolean): ModifyTradeRequest {
  const patch: ModifyTradeRequest = { take_profit: rounded(tp) ?? 0, stop_loss: rounded(sl) ?? 0 };
  if (open) patch.trailing_stop = parseLevel(trailing) ?? 0;
  return patch;
}

function EditForm({ trade, reference, onDone }: EditProps) {
  const { t } = useTranslation();
  const open = trade.status === 'open';
  const [tp, setTp] = useState(text(trade.take_profit));
  const [sl, setSl] = useState(text(trade.stop_loss));
  const [trailing, setTrailing] = useState(text(trade.trailing_stop));
  const modify = useModifyTrade();
  const levels = { takeProfit: rounded(tp), stopLoss: rounded(sl) };
  const local = reference === null ? {} : targetErrors(trade.trade_type, reference, levels, open);
  const server = modify.error instanceof ApiError ? modify.error : null;
  const errors = { takeProfit: local.takeProfit ?? server?.field('take_profit'), stopLoss: local.stopLoss ?? server?.field('stop_loss') };
  const save = () =>
    modify.mutate(
      { id: trade.id, patch: patchOf(tp, sl, trailing, open) },
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
          {open ? t('Current price:') : t('Entry price:')} <span className="font-mono text-fg">{reference.toFixed(5)}</span> ·{' '}
          {t('levels keep {{decimals}} decimals', { decimals: TARGET_DECIMALS })}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3">
        <TextField label={t('Take profit')} type="number" step={TARGET_STEP} min={0} value={tp} onChange={(e) => setTp(e.target.value)} error={errors.takeProfit} placeholder={t('None')} />
        <TextField label={t('Stop loss')} type="number" step={TARGET_STEP} min={0} value={sl} onChange={(e) => setSl(e.target.value)} error={errors.stopLoss} placeholder={t('None')} />
      </div>
      {open && (
        <TextField label={t('Trailing stop distance')} type="number" step="any" min={0} value={trailing} onChange={(e) => setTrailing(e.target.value)} placeholder={t('None')}
          hint={t('Price distance the stop loss follows behind the best price.')} />
      )}
      {modify.isError && !errors.takeProfit && !errors.stopLoss && (
        <Alert variant="destructive">{errorMessage(modify.error, t('There was an error processing your request. Please try again.'))}</Alert>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>{t('Cancel')}</Button>
        <Button type="submit" loading={modify.isPending} disabled={Boolean(local.takeProfit || local.stopLoss)}>{t('Save')}</Button>
      </div>
    </form>
  );
}

/** Edits take-profit, stop-loss (and the trailing stop of an open position), checked with the SPEC side rules. */
export function EditTargetsButton({ trade, reference }: { trade: Trade; reference: number | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} aria-label={t('Edit take profit and stop loss of {{symbol}}', { symbol: trade.asset_symbol })} data-testid="edit-targets"
        className="rounded p-1 text-muted hover:bg-panel-2 hover:text-fg"
      >
        <Pencil className="size-3.5" aria-hidden />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={dialogTitle(trade.asset_symbol, t(sideCaps[trade.trade_type]))} className="max-w-md">
        {open && <EditForm trade={trade} reference={reference} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}
