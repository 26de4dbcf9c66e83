import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';

export type RequestDecision = { approve: true } | { approve: false; reason: string };

/**
 * Approve and Reject buttons for a back-office request; Reject asks for the reason first. `who`
 * names the customer in the buttons' accessible names, so a list of requests stays readable.
 */
export function RequestDecisionControls({ who, busy, onDecide }: { who: string; busy: boolean; onDecide: (d: RequestDecision) => Promise<{ message: string }> }) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const send = async (d: RequestDecision) => {
    try {
      toast.success((await onDecide(d)).message);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not save the decision'));
    }
  };
  if (rejecting) {
    return (
      <form
        className="flex w-full flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void send({ approve: false, reason });
        }}
      >
        <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} className="min-w-48 flex-1" required maxLength={500} autoFocus />
        <Button type="submit" variant="danger" disabled={busy || reason.trim() === ''}>
          Reject
        </Button>
        <Button variant="ghost" onClick={() => setRejecting(false)}>
          Cancel
        </Button>
      </form>
    );
  }
  return (
    <div className="flex gap-2">
      <Button variant="buy" size="sm" disabled={busy} onClick={() => void send({ approve: true })} aria-label={`Approve ${who}`}>
        Approve
      </Button>
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => setRejecting(true)} aria-label={`Reject ${who}`}>
        Reject
      </Button>
    </div>
  );
}

/** Who decided a request and when, with the reason of a rejection. */
export function RequestOutcome({ status, decidedBy, decidedAt, reason }: { status: 'approved' | 'rejected'; decidedBy: string | null; decidedAt: string | null; reason: string | null }) {
  return (
    <p className="basis-full text-xs text-muted">
      {status === 'approved' ? 'Approved' : 'Rejected'} by {decidedBy ?? 'an operator'}
      {decidedAt ? ` on ${new Date(decidedAt).toLocaleString()}` : ''}
      {status === 'rejected' && `. Reason: ${reason}`}
    </p>
  );
}
