import { ArrowDownToLine, ArrowUpFromLine, BadgeCheck, CandlestickChart, LayoutDashboard, MessageCircle, PiggyBank, ShieldCheck, Store, UserCog, Wallet } from 'lucide-react';
import { msg } from '@/i18n/i18n';

/** Client-area navigation, in display order. */
export const navItems = [
  { label: msg('Dashboard'), to: '/main/dashboard', Icon: LayoutDashboard },
  { label: msg('Trading Room'), to: '/mt4', Icon: CandlestickChart },
  { label: msg('Accounts'), to: '/main/accounts', Icon: Wallet },
  { label: msg('Deposit'), to: '/main/deposit', Icon: ArrowDownToLine },
  { label: msg('Withdrawal'), to: '/main/withdrawal', Icon: ArrowUpFromLine },
  { label: msg('Marketplace'), to: '/main/marketplace', Icon: Store },
  { label: msg('Savings'), to: '/main/savings', Icon: PiggyBank },
  { label: msg('Verification'), to: '/main/verification', Icon: ShieldCheck },
  { label: msg('Client category'), to: '/main/client-category', Icon: BadgeCheck },
  { label: msg('Support Chat'), to: '/main/chat', Icon: MessageCircle },
  { label: msg('Settings'), to: '/main/settings', Icon: UserCog },
] as const;
