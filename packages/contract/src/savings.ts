import { z } from 'zod';
import { moneyAmount } from './money.ts';
import { money } from './user.ts';

export const savingsMessages = {
  noFunds: 'Your free margin does not cover this amount.',
  tooMuch: 'Your savings balance does not cover this amount.',
  liveOnly: 'Savings are funded from and paid into live accounts.',
  currency: 'Savings are held in USD: choose a USD account.',
} as const;

export const savingsEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['deposit', 'withdrawal', 'interest']),
  amount: money,
  balance_after: money,
  account_id: z.number().int().nullable(),
  accrual_date: z.string().nullable(),
  rate_pct: z.number().nullable(),
  created_at: z.string(),
});
export type SavingsEntry = z.infer<typeof savingsEntrySchema>;

/** GET /savings: the balance, the operator's annual rate, what has been earned, and the history. */
export const savingsResponse = z.object({
  data: z.object({
    currency: z.string(),
    balance: money,
    rate_pct: z.number(),
    interest_earned: money,
    entries: z.array(savingsEntrySchema),
  }),
});
export type SavingsView = z.infer<typeof savingsResponse>['data'];

/** POST /savings/deposit and /savings/withdraw: between a live USD account and savings. */
export const savingsMoveInput = z.strictObject({ account_id: z.number().int().positive(), amount: moneyAmount });
