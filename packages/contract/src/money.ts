import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { money } from './user.ts';

export const moneyMessages = {
  amountPositive: 'Enter an amount above 0.',
  amountDecimals: 'Use at most 2 decimals.',
  amountTooLarge: 'The amount is too large.',
  belowMinimum: 'The amount is below the minimum for this method.',
  noFunds: 'Your free margin does not cover this amount.',
  accountNotFound: 'Choose one of your trading accounts.',
  demoOnly: 'Instant top-ups are for demo accounts only.',
  liveOnly: 'Deposits and withdrawals of real money are for live accounts.',
  demoCap: 'A demo account cannot hold more than 1,000,000.',
  walletNotFound: 'This deposit address is not available. Choose another one.',
  txHashUsed: 'This transaction has already been submitted.',
  txHash: 'Enter the transaction hash from your wallet.',
  iban: 'Enter a valid IBAN.',
  bic: 'Enter a valid BIC/SWIFT code.',
  address: 'Enter a valid address for this network.',
  holder: 'Enter the account holder name.',
  sameAccount: 'Choose two different accounts.',
  mixedKinds: 'Money cannot move between demo and live accounts.',
  notFound: 'Request not found.',
  notCancellable: 'Only a request that is still waiting can be cancelled.',
  notPending: 'This request has been decided already.',
  notApproved: 'Only an approved withdrawal can be marked as paid.',
  mustVerify: 'Verify your identity before withdrawing.',
  reasonRequired: 'Give a reason.',
  cardDeclined: 'Your card was declined.',
  cardFunds: 'Your card has insufficient funds.',
  cardNumber: 'Enter a valid card number.',
  cardExpired: 'This card has expired.',
  cardCvc: 'Enter the 3 or 4 digit security code.',
  challengeFailed: 'The confirmation code is not correct.',
  coinAmount: 'Enter the amount of coin you sent, above 0.',
  coinDecimals: 'Use at most 8 decimals.',
  noCoinPrice: 'The current price of this coin is not available. Try again in a moment.',
  challengeFailedFinal: 'The confirmation code was wrong too many times, so the payment was cancelled. Nothing was charged; start a new deposit to try again.',
} as const;

/** A wrong card confirmation code with tries left. */
export const challengeRetry = (left: number) => `The confirmation code is not correct. ${left === 1 ? '1 attempt' : `${left} attempts`} left.`;

/** An amount of money typed by a person: positive, at most 2 decimals, below a sane ceiling. */
export const moneyAmount = z
  .number({ error: moneyMessages.amountPositive })
  .refine(Number.isFinite, moneyMessages.amountPositive)
  .refine((n) => n > 0, moneyMessages.amountPositive)
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, moneyMessages.amountDecimals)
  .refine((n) => n <= 10_000_000, moneyMessages.amountTooLarge);

/** The coins and networks deposits and withdrawals accept; the slug is the `/main/deposit/{crypto}` route part. */
export const cryptoCoins = [
  { slug: 'bitcoin', coin: 'BTC', network: 'Bitcoin', label: 'Bitcoin', pattern: /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/ },
  { slug: 'ethereum', coin: 'ETH', network: 'Ethereum (ERC-20)', label: 'Ethereum', pattern: /^0x[0-9a-fA-F]{40}$/ },
  { slug: 'usdt-trc20', coin: 'USDT', network: 'Tron (TRC-20)', label: 'Tether USDT · TRC-20', pattern: /^T[1-9A-HJ-NP-Za-km-z]{33}$/ },
  { slug: 'usdt-erc20', coin: 'USDT', network: 'Ethereum (ERC-20)', label: 'Tether USDT · ERC-20', pattern: /^0x[0-9a-fA-F]{40}$/ },
] as const;
export type CryptoSlug = (typeof cryptoCoins)[number]['slug'];
export const cryptoSlug = z.enum(['bitcoin', 'ethereum', 'usdt-trc20', 'usdt-erc20']);
export const coinOf = (slug: CryptoSlug) => cryptoCoins.find((c) => c.slug === slug)!;

/** A transaction hash: 64 hex digits, with or without 0x. */
export const txHash = z.string().trim().regex(/^(0x)?[0-9a-fA-F]{64}$/, moneyMessages.txHash);

export const moneyKinds = ['deposit', 'withdrawal', 'transfer'] as const;
export const moneyMethods = ['crypto', 'card', 'bank', 'demo', 'internal'] as const;
export const moneyStatuses = ['requested', 'approved', 'rejected', 'completed', 'cancelled'] as const;

/** A movement of money: its state, and who did what and when. */
export const moneyRequestSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  kind: z.enum(moneyKinds),
  method: z.enum(moneyMethods),
  account_id: z.number().int(),
  account_number: z.string(),
  to_account_id: z.number().int().nullable(),
  amount: money,
  currency: z.string(),
  /** What reached the account: the confirmed deposit, or the converted transfer. */
  credited_amount: money.nullable(),
  status: z.enum(moneyStatuses),
  details: z.record(z.string(), z.unknown()),
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  completed_at: z.string().nullable(),
});
export type MoneyRequest = z.infer<typeof moneyRequestSchema>;
export const moneyRequestResponse = z.object({ data: moneyRequestSchema, message: z.string().optional() });
export const moneyRequestsResponse = z.object({ data: z.array(moneyRequestSchema) });
export const moneyRequestsQuery = z.object({ kind: z.enum(moneyKinds).optional() });

/** An operator's receiving address for one coin and network. */
export const depositWalletSchema = z.object({
  id: z.number().int(),
  crypto: cryptoSlug,
  address: z.string(),
  min_amount: money,
  enabled: z.boolean(),
});
export type DepositWallet = z.infer<typeof depositWalletSchema>;
export const depositWalletsResponse = z.object({ data: z.array(depositWalletSchema) });
/** GET /deposit_options: the enabled receiving wallets, and whether cards are taken (and by which provider). */
export const depositOptionsResponse = z.object({
  data: z.object({
    wallets: z.array(depositWalletSchema),
    card_provider: z.string().nullable(),
    /** What one coin of each wallet is worth in USD now, at the server's price (null while it has none). */
    usd_rates: z.record(z.string(), z.number().nullable()),
  }),
});
export const depositWalletInput = z
  .strictObject({ crypto: cryptoSlug, address: z.string().trim().min(1).max(120), min_amount: moneyAmount, enabled: z.boolean().default(true) })
  .refine((w) => coinOf(w.crypto).pattern.test(w.address), { message: moneyMessages.address, path: ['address'] });

const accountRef = z.number().int().positive();

/** A quantity of coin typed by a person: positive, at most 8 decimals (a satoshi). */
export const coinAmount = z
  .number({ error: moneyMessages.coinAmount })
  .refine((n) => Number.isFinite(n) && n > 0, moneyMessages.coinAmount)
  .refine((n) => Math.abs(n * 1e8 - Math.round(n * 1e8)) < 1e-4, moneyMessages.coinDecimals)
  .refine((n) => n <= 1_000_000, moneyMessages.amountTooLarge);

/** POST /deposits/crypto: the customer says how much coin they sent; the server values it at its own price. */
export const cryptoDepositInput = z.strictObject({ account_id: accountRef, wallet_id: z.number().int().positive(), coin_amount: coinAmount, tx_hash: txHash });

/** POST /deposits/demo: an instant top-up of a demo account. */
export const demoDepositInput = z.strictObject({ account_id: accountRef, amount: moneyAmount });

/** Card number: digits only (spaces allowed when typed), passing the Luhn check. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}
const cardNumber = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .refine((s) => /^\d{12,19}$/.test(s) && luhnValid(s), moneyMessages.cardNumber);

/** POST /deposits/card. The number and code go to the payment provider and are never stored. */
export const cardDepositInput = z
  .strictObject({
    account_id: accountRef,
    amount: moneyAmount,
    card: z.strictObject({
      number: cardNumber,
      exp_month: z.number().int().min(1).max(12),
      exp_year: z.number().int().min(2000).max(2100),
      cvc: z.string().regex(/^\d{3,4}$/, moneyMessages.cardCvc),
      name: z.string().trim().min(2, moneyMessages.holder).max(80),
    }),
  })
  .refine(
    (b) => {
      const now = new Date();
      return b.card.exp_year > now.getUTCFullYear() || (b.card.exp_year === now.getUTCFullYear() && b.card.exp_month >= now.getUTCMonth() + 1);
    },
    { message: moneyMessages.cardExpired, path: ['card', 'exp_month'] },
  );
export type CardDepositInput = z.input<typeof cardDepositInput>;

/** POST /deposits/card/{id}/confirm: the code of the card issuer's confirmation step. */
export const cardChallengeInput = z.strictObject({ code: z.string().trim().regex(/^\d{6}$/, moneyMessages.challengeFailed) });

const iban = z
  .string()
  .transform((s) => electronicFormatIBAN(s) ?? '')
  .refine((s) => isValidIBAN(s), moneyMessages.iban);

/** POST /withdrawals: to a crypto address or a bank account. The amount is held at once. */
export const withdrawalInput = z.discriminatedUnion('method', [
  z
    .strictObject({ method: z.literal('crypto'), account_id: accountRef, amount: moneyAmount, crypto: cryptoSlug, address: z.string().trim().min(1).max(120) })
    .refine((w) => coinOf(w.crypto).pattern.test(w.address), { message: moneyMessages.address, path: ['address'] }),
  z.strictObject({
    method: z.literal('bank'),
    account_id: accountRef,
    amount: moneyAmount,
    iban,
    bic: z
      .string()
      .trim()
      .toUpperCase()
      .refine((s) => s === '' || isValidBIC(s), moneyMessages.bic)
      .optional(),
    holder: z.string().trim().min(2, moneyMessages.holder).max(120),
  }),
]);
export type WithdrawalInput = z.input<typeof withdrawalInput>;

/** POST /transfers: between two of the customer's own accounts of the same kind. */
export const transferInput = z
  .strictObject({ from_account_id: accountRef, to_account_id: accountRef, amount: moneyAmount })
  .refine((t) => t.from_account_id !== t.to_account_id, { message: moneyMessages.sameAccount, path: ['to_account_id'] });

/** Back office: approve a deposit with the amount that arrived; reject anything with a reason. */
export const approveDepositInput = z.strictObject({ credited_amount: moneyAmount });
export const rejectMoneyInput = z.strictObject({ reason: z.string().trim().min(3, moneyMessages.reasonRequired).max(500) });

/** A request in a back-office queue, with the customer's context. */
export const adminMoneyRequestSchema = moneyRequestSchema.extend({
  customer: z.object({ name: z.string(), email: z.string(), client_id: z.string(), status: z.string() }),
  account_balance: money,
  /** The AML payment rules the request broke whose review is still open (single_amount, daily_count, daily_sum). */
  aml_flags: z.array(z.string()),
  /** A deposit past the source-of-funds threshold whose customer has no approved declaration yet: it cannot be credited. */
  source_of_funds_held: z.boolean(),
});
export type AdminMoneyRequest = z.infer<typeof adminMoneyRequestSchema>;
export const adminMoneyQuery = z.object({ kind: z.enum(moneyKinds).optional(), status: z.enum(moneyStatuses).optional() });
export const adminMoneyResponse = z.object({
  data: z.array(adminMoneyRequestSchema),
  counts: z.object({ deposit: z.number().int(), withdrawal: z.number().int() }),
});

export const accountCurrencies = ['USD', 'EUR', 'GBP'] as const;
export const MAX_ACCOUNTS_PER_KIND = 5;

/** POST /accounts: another demo or live account in one of the offered currencies. */
export const openAccountInput = z.strictObject({ kind: z.enum(['demo', 'live']), currency: z.enum(accountCurrencies).default('USD') });
export const accountMessages = {
  tooMany: `You can hold at most ${MAX_ACCOUNTS_PER_KIND} accounts of each kind.`,
  resetDemoOnly: 'Only a demo account can be reset.',
  resetOpenPositions: 'Close the open positions and pending orders of this account before resetting it.',
} as const;

/** One line of an account's journal, for the back office. */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  kind: z.string(),
  amount: money,
  balance_after: money,
  reference: z.string().nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const ledgerResponse = z.object({ data: z.array(ledgerEntrySchema) });

/** POST /admin/accounts/{id}/adjust: a credit (positive) or debit (negative) with the reason, as a ledger entry. */
export const balanceAdjustmentInput = z.strictObject({
  amount: z
    .number()
    .refine((n) => Number.isFinite(n) && n !== 0, 'Enter a non-zero amount.')
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, moneyMessages.amountDecimals)
    .refine((n) => Math.abs(n) <= 10_000_000, moneyMessages.amountTooLarge),
  reason: z.string().trim().min(3, moneyMessages.reasonRequired).max(300),
});
