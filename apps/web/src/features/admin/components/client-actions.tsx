import { useState } from 'react';
import { format } from 'date-fns';
import { CheckCircle2, Copy, LogOut, RotateCcw, UserX } from 'lucide-react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { msg } from '@/i18n/i18n';
import { errorMessage, serverWords } from '@/lib/api-client';
import { useLoginLink, useSetClientStatus, useSignOutClient, type ClientStatus } from '../api/clients';
import { ConfirmDialog } from './confirm-dialog';

type LoginLink = { url: string; expires_at: string };

const done: Record<ClientStatus, string> = { active: msg('Client approved'), deactivated: msg('Client deactivated'), pending: msg('Client set to pending') };
const REACTIVATED = msg('Client reactivated');

/** Approve (pending → active), Deactivate (asks first) and Reactivate. */
export function StatusActions({ id, name, status }: { id: number; name: string; status: ClientStatus }) {
  const { t } = useTranslation();
  const mutation = useSetClientStatus(id);
  const [confirming, setConfirming] = useState(false);
  // `message` is one of the messages marked above.
  const change = async (next: ClientStatus, message: string) => {
    try {
      await mutation.mutateAsync(next);
      toast.success(t(message));
    } catch (error) {
      toast.error(errorMessage(error, t('Could not change the status')));
    } finally {
      setConfirming(false);
    }
  };
  const pendingTo = mutation.isPending ? mutation.variables : undefined;
  return (
    <div className="flex flex-wrap gap-2">
      {status === 'pending' && (
        <Button variant="buy" loading={pendingTo === 'active'} onClick={() => void change('active', done.active)}>
          <CheckCircle2 className="size-4" aria-hidden /> {t('Approve')}
        </Button>
      )}
      {status === 'deactivated' ? (
        <Button variant="secondary" loading={pendingTo === 'active'} onClick={() => void change('active', REACTIVATED)}>
          <RotateCcw className="size-4" aria-hidden /> {t('Reactivate')}
        </Button>
      ) : (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          <UserX className="size-4" aria-hidden /> {t('Deactivate')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('Deactivate {{name}}?', { name })}
        confirmLabel={t('Deactivate')}
        pending={pendingTo === 'deactivated'}
        onConfirm={() => void change('deactivated', done.deactivated)}
      >
        {t('The client is blocked at once: every page shows "Account Currently Disabled" until you reactivate the account. Open positions stay open.')}
      </ConfirmDialog>
    </div>
  );
}

/**
 * One-time login link (copied and shown) and signing the client out of every device. Links are
 * for customers only: the server refuses one that would sign in as a member of staff.
 */
export function AccessActions({ id, name, customer }: { id: number; name: string; customer: boolean }) {
  const { t } = useTranslation();
  const link = useLoginLink(id);
  const signOut = useSignOutClient(id);
  const [confirming, setConfirming] = useState(false);
  const [issued, setIssued] = useState<LoginLink | null>(null);

  const copyLink = async () => {
    let data: LoginLink;
    try {
      data = await link.mutateAsync();
    } catch (error) {
      toast.error(errorMessage(error, t('Could not create a login link')));
      return;
    }
    setIssued(data);
    try {
      await navigator.clipboard.writeText(data.url);
      toast.success(t('One-time login link copied'));
    } catch {
      toast.info(t('Login link created. Copy it from the box below.'));
    }
  };
  const signOutEverywhere = async () => {
    try {
      toast.success(serverWords((await signOut.mutateAsync()).message));
    } catch (error) {
      toast.error(errorMessage(error, t('Could not sign the client out')));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {customer && (
          <Button variant="secondary" loading={link.isPending} onClick={() => void copyLink()}>
            <Copy className="size-4" aria-hidden /> {t('Copy one-time login link')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          <LogOut className="size-4" aria-hidden /> {t('Sign out everywhere')}
        </Button>
      </div>
      {!customer && <p className="text-xs text-muted">{t('Login links are for customers only.')}</p>}
      {issued && (
        <div className="flex flex-col gap-1.5">
          <input
            readOnly
            value={issued.url}
            aria-label={t('One-time login link')}
            onFocus={(e) => e.currentTarget.select()}
            className="h-10 w-full rounded-md border border-line bg-panel-2 px-3 font-mono text-xs text-fg"
          />
          <p className="text-xs text-muted">
            {t('Works once, until {{time}}. Anyone with the link can sign in as this client.', { time: format(new Date(issued.expires_at), 'HH:mm') })}
          </p>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('Sign {{name}} out everywhere?', { name })}
        confirmLabel={t('Sign out everywhere')}
        pending={signOut.isPending}
        onConfirm={() => void signOutEverywhere()}
      >
        {t('Every session of this client ends now, on every device. They can log in again with their password.')}
      </ConfirmDialog>
    </div>
  );
}
