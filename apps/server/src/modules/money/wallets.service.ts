import { asc, eq } from 'drizzle-orm';
import type { DepositWallet, depositWalletInput } from '@bourse/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { depositWallets } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http/errors.ts';

type WalletRow = typeof depositWallets.$inferSelect;
type WalletInput = z.output<typeof depositWalletInput>;

const view = (w: WalletRow): DepositWallet => ({ id: w.id, crypto: w.crypto, address: w.address, min_amount: w.minAmount, enabled: w.enabled });

/** The receiving addresses: the enabled ones for customers, all of them for the back office. */
export async function listWallets(db: DbOrTx, opts: { enabledOnly: boolean }): Promise<DepositWallet[]> {
  const rows = await db
    .select()
    .from(depositWallets)
    .where(opts.enabledOnly ? eq(depositWallets.enabled, true) : undefined)
    .orderBy(asc(depositWallets.crypto), asc(depositWallets.id));
  return rows.map(view);
}

const values = (w: WalletInput) => ({ crypto: w.crypto, address: w.address, minAmount: w.min_amount.toFixed(2), enabled: w.enabled });

export async function saveWallet(db: DbOrTx, input: WalletInput, id?: number): Promise<DepositWallet> {
  try {
    const [row] =
      id === undefined
        ? await db.insert(depositWallets).values(values(input)).returning()
        : await db.update(depositWallets).set(values(input)).where(eq(depositWallets.id, id)).returning();
    if (!row) throw notFound('Wallet not found.');
    return view(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('This address is already configured for this coin.');
    throw error;
  }
}
