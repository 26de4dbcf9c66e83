import { Popover } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { AccountSwitchList } from '@/features/accounts/account-switch-list';
import { type AccountButtonProps, AccountButtonFace, accountButtonClass } from './room-account';

/** The account switcher's popover: loaded when the customer first points at, focuses or presses its button. */
export default function RoomAccountMenu({ account, className, open: startOpen }: AccountButtonProps & { open: boolean }) {
  const { t } = useTranslation();
  return (
    <Popover.Root defaultOpen={startOpen}>
      <Popover.Trigger data-testid="room-account" data-kind={account.kind} className={accountButtonClass(className)}>
        <AccountButtonFace account={account} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={6} collisionPadding={8} className="z-50 w-72 max-w-[calc(100vw-1rem)] rounded-xl border border-line bg-panel p-2 shadow-2xl">
          <p className="px-2 pb-2 pt-1 text-xs font-semibold uppercase tracking-wider text-muted">{t('Trading accounts')}</p>
          <AccountSwitchList />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
