import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';
import { LogOut, Settings, User as UserIcon, Wallet } from 'lucide-react';
import { AvatarImage } from '@/components/ui/avatar-image';
import { initials } from '@/lib/format';
import { useSession } from '@/stores/session-store';
import { useLogout } from '../use-logout';
import { useTranslation } from 'react-i18next';
import { msg } from '@/i18n/i18n';

/** Avatar menu: Profile, Account Details, Settings, Logout (SPEC §2 "Main-app header"). */
export function UserMenu() {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const logout = useLogout();
  const { t } = useTranslation();
  if (!user) return null;
  const items = [
    { label: msg('Profile'), to: '/main/dashboard', Icon: UserIcon },
    { label: msg('Account Details'), to: '/main/accounts', Icon: Wallet },
    { label: msg('Settings'), to: '/main/settings', Icon: Settings },
  ];
  const itemClass = 'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-panel-2';
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex size-9 items-center justify-center overflow-hidden rounded-full bg-brand-solid text-sm font-semibold text-white" aria-label={user.avatar ? t('Account menu') : `${initials(user.name)} · ${t('Account menu')}`}>
        <AvatarImage src={user.avatar} className="size-full object-cover" fallback={initials(user.name)} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-52 rounded-xl border border-line bg-panel p-1.5 shadow-2xl">
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block text-sm font-medium">{user.name}</span>
            <span className="block text-xs text-muted">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          {items.map(({ label, to, Icon }) => (
            <DropdownMenu.Item key={to} className={itemClass} onSelect={() => navigate(to)}>
              <Icon className="size-4 text-muted" aria-hidden /> {t(label)}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void logout()}>
            <LogOut className="size-4 text-muted" aria-hidden /> {t('Logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
