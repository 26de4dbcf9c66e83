import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { appropriatenessMessages, type AppropriatenessState } from '@bourse/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { msg } from '@/i18n/i18n';
import { useSession } from '@/stores/session-store';
import { opensLiveAccounts, useAppropriateness } from '../api/appropriateness';
import { AppropriatenessStep } from './appropriateness-step';

const notes: Partial<Record<AppropriatenessState, { text: string; action: string }>> = {
  required: { text: msg('Before you trade on a live account, answer a few questions about your trading knowledge and experience.'), action: msg('Answer the questions') },
  acknowledge: { text: appropriatenessMessages.acknowledgeRequired, action: msg('Read the warning') },
  refused: { text: appropriatenessMessages.refused, action: msg('See why') },
};

/**
 * On the accounts page, for a customer holding a live account who may not use it yet: what the
 * appropriateness test still asks of them, and the questions (or the warning) in a dialog.
 */
export function AppropriatenessNotice() {
  const { t } = useTranslation();
  const status = useAppropriateness();
  const holdsLive = useSession((s) => s.user?.accounts.some((a) => a.kind === 'live') ?? false);
  const [open, setOpen] = useState(false);
  const note = status.data && !opensLiveAccounts(status.data.state) ? notes[status.data.state] : undefined;
  if (!status.data || !note || !holdsLive) return null;
  return (
    <>
      <Alert variant={status.data.state === 'refused' ? 'destructive' : 'warning'} title={t('Your trading knowledge and experience')}>
        <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between" data-testid="appropriateness-notice">
          <span>{t(note.text)}</span>
          <Button size="sm" onClick={() => setOpen(true)} className="shrink-0">
            {t(note.action)}
          </Button>
        </div>
      </Alert>
      {open && (
        <Dialog open onOpenChange={setOpen} title={t('Your trading knowledge and experience')} className="max-w-2xl!">
          <AppropriatenessStep
            status={status.data}
            onAllowed={() => {
              setOpen(false);
              toast.success(t('Thank you. You can now trade on your live accounts.'));
            }}
            onCancel={() => setOpen(false)}
          />
        </Dialog>
      )}
    </>
  );
}
