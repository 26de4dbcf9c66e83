import { ArrowDownToLine, ArrowUpFromLine, CandlestickChart, LayoutDashboard, MessageCircle, PiggyBank, ShieldCheck, Store, UserCog, Wallet } from 'lucide-react';

/** Client-area navigation, in display order. */
export const navItems = [
  { label: 'Dashboard', to: '/main/dashboard', Icon: LayoutDashboard },
  { label: 'Trading Room', to: '/mt4', Icon: CandlestickChart },
  { label: 'Accounts', to: '/main/accounts', Icon: Wallet },
  { label: 'Deposit', to: '/main/deposit', Icon: ArrowDownToLine },
  { label: 'Withdrawal', to: '/main/withdrawal', Icon: ArrowUpFromLine },
  { label: 'Marketplace', to: '/main/marketplace', Icon: Store },
  { label: 'Savings', to: '/main/savings', Icon: PiggyBank },
  { label: 'Verification', to: '/main/verification', Icon: ShieldCheck },
  { label: 'Support Chat', to: '/main/chat', Icon: MessageCircle },
  { label: 'Settings', to: '/main/settings', Icon: UserCog },
] as const;
