import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { costShare } from '@bourse/domain';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/statement.ts';
import type { StatementSummary } from './statement.ts';

/** Where costs not tied to a trade (an account fee, a trade no longer known) are counted. */
export const UNTRADED = 'account';

/** One line of the costs-and-charges statement, in the account currency; costs read positive when paid. */
export type CostLine = {
  /** The value of the positions opened, at their fill price, converted at the fill's rate. */
  notional: string;
  spread: string;
  commissions: string;
  swaps: string;
  fees: string;
  total: string;
  /** The total as a percentage of `notional`, null when nothing was traded. */
  share: string | null;
};

export type CostsStatement = {
  account: StatementSummary['account'];
  year: number;
  from: Date;
  to: Date;
  /** By asset class (the instrument's type, or UNTRADED), classes with nothing left out. */
  classes: (CostLine & { category: string })[];
  totals: CostLine;
  /** Positions opened in the year (a partly closed position counts once per closed slice). */
  fills: number;
  /** The ledger's trading result of the year after costs, what it would have been without them, and the difference. */
  result: { net: string; beforeCosts: string; effect: string };
};

/** The first instant of a year and of the year after, in UTC. */
export function yearBounds(year: number): { from: Date; to: Date } {
  return { from: new Date(Date.UTC(year, 0, 1)), to: new Date(Date.UTC(year + 1, 0, 1)) };
}

type FillSums = { category: string; notional: string; spread: string; n: number };
type LedgerSums = { category: string; kind: string; total: string };

/**
 * The value and the spread of every position opened in the year, by asset class. A trade keeps the
 * spread (ask − bid, markup included) and the quote-to-account rate of its fill: crossing the
 * spread costs spread × units × rate, as the fill's receipt and the order ticket count it. The
 * slices of a partly closed position carry their share of the units, so they add up to the fill.
 */
function fillSums(db: DbOrTx, accountId: number, from: Date, to: Date) {
  return db.execute(sql`
    SELECT coalesce(a.type, ${UNTRADED}) AS category,
      coalesce(sum(t.volume * t.opening_price * t.fill_conversion), 0)::text AS notional,
      coalesce(sum(coalesce(t.spread, 0) * t.volume * t.fill_conversion), 0)::text AS spread,
      count(*)::int AS n
    FROM trades t LEFT JOIN assets a ON a.id = t.asset_id
    WHERE t.account_id = ${accountId} AND t.status IN ('open', 'closed') AND t.fill_conversion IS NOT NULL
      AND t.open_time >= ${from.toISOString()}::timestamptz AND t.open_time < ${to.toISOString()}::timestamptz
    GROUP BY 1`);
}

/**
 * The year's ledger entries that are costs or trading results, by kind and by the asset class of
 * the trade they name: a commission's reference is its trade's id; a swap's is
 * 'swap:<trade>:<day>' and a swap-free fee's 'swap-free fee:<trade>:<day>'. Other fees name no
 * trade and fall under UNTRADED.
 */
function ledgerSums(db: DbOrTx, accountId: number, from: Date, to: Date) {
  return db.execute(sql`
    SELECT coalesce(a.type, ${UNTRADED}) AS category, j.kind, sum(j.amount)::text AS total
    FROM journal_entries j
    LEFT JOIN trades t ON t.account_id = j.account_id
      AND t.trade_id = CASE WHEN j.kind = 'commission' THEN j.reference ELSE split_part(j.reference, ':', 2) END
      AND j.kind IN ('commission', 'swap', 'fee')
    LEFT JOIN assets a ON a.id = t.asset_id
    WHERE j.account_id = ${accountId} AND j.kind IN ('commission', 'swap', 'fee', 'realised_pnl', 'dividend')
      AND j.created_at >= ${from.toISOString()}::timestamptz AND j.created_at < ${to.toISOString()}::timestamptz
    GROUP BY 1, 2`);
}

const LEDGER_COSTS = { commission: 'commissions', swap: 'swaps', fee: 'fees' } as const;
type CostKey = 'spread' | (typeof LEDGER_COSTS)[keyof typeof LEDGER_COSTS];

/** A line's figures to the cent, its total and its share of its notional. */
function line(notional: Decimal, costs: Record<CostKey, Decimal>): CostLine {
  const cents = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const parts = { spread: cents(costs.spread), commissions: cents(costs.commissions), swaps: cents(costs.swaps), fees: cents(costs.fees) };
  const total = parts.spread.plus(parts.commissions).plus(parts.swaps).plus(parts.fees);
  return {
    notional: cents(notional).toFixed(2),
    spread: parts.spread.toFixed(2),
    commissions: parts.commissions.toFixed(2),
    swaps: parts.swaps.toFixed(2),
    fees: parts.fees.toFixed(2),
    total: total.toFixed(2),
    share: costShare(total, cents(notional)),
  };
}

/**
 * The costs and charges an account paid in a calendar year (UTC), for its annual statement.
 *
 * - Spread: for each position opened in the year, spread at the fill × units × the fill's
 *   quote-to-account rate (see fillSums).
 * - Commissions, swaps, fees: what the ledger posted in the year, as paid (a charge positive, a
 *   swap credited negative), so the statement agrees with the account's entries to the cent.
 * - Share: total costs ÷ the notional of the positions opened in the year × 100, per asset class
 *   and overall, null when nothing was opened.
 * - Effect on return: net = the year's realised P&L, dividends, commissions, swaps and fees from
 *   the ledger; before costs = net + total costs; effect = net − before costs (the total costs, negative).
 */
export async function costsStatement(db: DbOrTx, account: StatementSummary['account'], year: number): Promise<CostsStatement> {
  const { from, to } = yearBounds(year);
  const [fills, ledger] = await Promise.all([fillSums(db, account.id, from, to).then(rowsOf<FillSums>), ledgerSums(db, account.id, from, to).then(rowsOf<LedgerSums>)]);
  const zero = () => ({ notional: new Decimal(0), spread: new Decimal(0), commissions: new Decimal(0), swaps: new Decimal(0), fees: new Decimal(0) });
  const byClass = new Map<string, ReturnType<typeof zero>>();
  const of = (category: string) => byClass.get(category) ?? byClass.set(category, zero()).get(category)!;
  for (const f of fills) {
    of(f.category).notional = new Decimal(f.notional);
    of(f.category).spread = new Decimal(f.spread);
  }
  let net = new Decimal(0);
  for (const e of ledger) {
    net = net.plus(e.total);
    const key = LEDGER_COSTS[e.kind as keyof typeof LEDGER_COSTS];
    // Charges are negative in the ledger; paid costs read positive here.
    if (key) of(e.category)[key] = of(e.category)[key].minus(e.total);
  }
  // Classes in a fixed order (the untraded line last) so two statements of a year read alike.
  const categories = [...byClass.keys()].sort((a, b) => (a === UNTRADED ? 1 : b === UNTRADED ? -1 : a.localeCompare(b)));
  const classes = categories.map((category) => {
    const c = byClass.get(category)!;
    return { category, ...line(c.notional, c) };
  });
  // Totals from the rounded class lines, so the table adds up as printed.
  const sum = (key: keyof CostLine) => classes.reduce((acc, c) => acc.plus(c[key] ?? 0), new Decimal(0));
  const totals = line(sum('notional'), { spread: sum('spread'), commissions: sum('commissions'), swaps: sum('swaps'), fees: sum('fees') });
  return {
    account: { id: account.id, number: account.number, kind: account.kind, currency: account.currency },
    year,
    from,
    to,
    classes,
    totals,
    fills: fills.reduce((n, f) => n + f.n, 0),
    result: { net: net.toFixed(2), beforeCosts: net.plus(totals.total).toFixed(2), effect: new Decimal(totals.total).negated().toFixed(2) },
  };
}
