import { depositWallets } from '../db/schema/index.ts';
import type { AppContext } from '../app-context.ts';

/**
 * Development receiving addresses, one per coin, so crypto deposits can be tried at once. They are
 * well-known example addresses, not anyone's wallet; a real operator sets their own in the back office.
 */
const wallets = [
  { crypto: 'bitcoin', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', minAmount: '50' },
  { crypto: 'ethereum', address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F', minAmount: '50' },
  { crypto: 'usdt-trc20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', minAmount: '20' },
  { crypto: 'usdt-erc20', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7', minAmount: '20' },
] as const;

export async function seedDemoWallets(ctx: AppContext): Promise<void> {
  await ctx.db.insert(depositWallets).values([...wallets]).onConflictDoNothing();
}
