import { useState } from 'react';
import { X } from 'lucide-react';
import type { Trade } from '@bourse/contract';
import { lotsProblem } from '@bourse/domain';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { useCloseTrade } from '../api/trade-actions';

/** Lots to close, or the problem with what was typed (a partial close needs 0.01 to the open lots). */
function closeVolume(text: string, open: number): { lots?: number; error?: string } {
  const lots = Number(text);
  if (text.trim() === '' || lots === open) return {};
  if (lotsProblem(lots) || lots > open) return { error: `Enter 0.01 to ${open} lots.` };
  return { lots };
}

function CloseForm({ trade, onDone }: { trade: Trade; onDone: () => void }) {
  const [text, setText] = useState(String(trade.lots));
  const close = useCloseTrade();
  const { lots, error } = closeVolume(text, trade.lots);
  // A partial close keeps the row (and this dialog) mounted: close the dialog then.
  const confirm = () => close.mutate({ id: trade.id, volume: lots }, { onSuccess: onDone });
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        Close <strong className={trade.trade_type === 'buy' ? 'text-up' : 'text-down'}>{trade.trade_type.toUpperCase()}</strong> {trade.asset_symbol} at the
        market price?
      </p>
      {trade.lots > 0.01 && (
        <TextField label="Lots to close" inputMode="decimal" value={text} onChange={(e) => setText(e.target.value)} error={error} hint={`Up to ${trade.lots} lots; less closes part of the position.`} />
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={close.isPending}>
          No
        </Button>
        <Button variant="danger" onClick={confirm} loading={close.isPending} disabled={Boolean(error)}>
          {close.isPending ? 'Closing...' : 'Yes'}
        </Button>
      </div>
    </div>
  );
}

/** SPEC §2: the X of an active position asks for confirmation (Yes/No, "Closing...") before closing it. */
export function ClosePositionButton({ trade }: { trade: Trade }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} aria-label={`Close position ${trade.asset_symbol}`} data-testid="close-position"
        className="rounded p-1 text-muted hover:bg-down/20 hover:text-down"
      >
        <X className="size-3.5" aria-hidden />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Close position" className="max-w-sm">
        {open && <CloseForm trade={trade} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}
