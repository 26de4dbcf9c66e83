import { useState } from 'react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Trade } from '@bourse/contract';
import { lotsProblem } from '@bourse/domain';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { useCloseTrade } from '../api/trade-actions';
import { sideCaps, SLOT } from '@/lib/trade-words';

/** Lots to close, or the problem with what was typed (a partial close needs 0.01 to the open lots). */
function closeVolume(text: string, open: number, t: TFunction): { lots?: number; error?: string } {
  const lots = Number(text);
  if (text.trim() === '' || lots === open) return {};
  if (lotsProblem(lots) || lots > open) return { error: t('Enter 0.01 to {{lots}} lots.', { lots: open }) };
  return { lots };
}

function CloseForm({ trade, onDone }: { trade: Trade; onDone: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(trade.lots));
  const close = useCloseTrade();
  const { lots, error } = closeVolume(text, trade.lots, t);
  const question = t('Close {{side}} {{symbol}} at the market price?', { side: `${SLOT}side${SLOT}`, symbol: trade.asset_symbol }).split(SLOT);
  // A partial close keeps the row (and this dialog) mounted: close the dialog then.
  const confirm = () => close.mutate({ id: trade.id, volume: lots }, { onSuccess: onDone });
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        {question.map((piece, i) =>
          i % 2 ? (
            <strong key={piece} className={trade.trade_type === 'buy' ? 'text-up' : 'text-down'}>
              {t(sideCaps[trade.trade_type])}
            </strong>
          ) : (
            piece
          ),
        )}
      </p>
      {trade.lots > 0.01 && (
        <TextField label={t('Lots to close')} inputMode="decimal" value={text} onChange={(e) => setText(e.target.value)} error={error} hint={t('Up to {{lots}} lots; less closes part of the position.', { lots: trade.lots })} />
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={close.isPending}>
          {t('No')}
        </Button>
        <Button variant="danger" onClick={confirm} loading={close.isPending} disabled={Boolean(error)}>
          {close.isPending ? t('Closing...') : t('Yes')}
        </Button>
      </div>
    </div>
  );
}

/** SPEC §2: the X of an active position asks for confirmation (Yes/No, "Closing...") before closing it. */
export function ClosePositionButton({ trade }: { trade: Trade }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} aria-label={t('Close position {{symbol}}', { symbol: trade.asset_symbol })} data-testid="close-position" data-shortcut="close-position"
        className="rounded p-1 text-muted hover:bg-down/20 hover:text-down"
      >
        <X className="size-3.5" aria-hidden />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={t('Close position')} className="max-w-sm">
        {open && <CloseForm trade={trade} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}
