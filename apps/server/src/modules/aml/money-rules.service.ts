import { Decimal } from 'decimal.js';
import { and, count, eq, gt, ne, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { amlHits, moneyRequests } from '../../db/schema/index.ts';
import { audit } from '../audit/audit.service.ts';
import { getAmlSettings } from './aml-settings.ts';

type MoneyRow = typeof moneyRequests.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Checks a new deposit or withdrawal against the operator's size and velocity rules and puts it
 * in the review queue once per rule it breaks: one request over the single amount, more requests
 * of its kind in the last 24 hours than the count, or their sum over the daily sum (this one
 * included, demo top-ups and cancelled or rejected requests not). Nothing is refused: staff see
 * the flag and decide the request as usual. Runs in the request's own transaction.
 */
export async function flagMoneyRequest(tx: DbOrTx, row: MoneyRow): Promise<void> {
  if (row.kind === 'transfer' || row.method === 'demo') return;
  const rules = await getAmlSettings(tx);
  if (rules.single_amount === null && rules.daily_count === null && rules.daily_sum === null) return;
  const since = new Date(row.createdAt.getTime() - DAY_MS);
  const [day] = await tx
    .select({ n: count(), total: sum(moneyRequests.amount) })
    .from(moneyRequests)
    .where(
      and(
        eq(moneyRequests.userId, row.userId),
        eq(moneyRequests.kind, row.kind),
        ne(moneyRequests.method, 'demo'),
        ne(moneyRequests.status, 'cancelled'),
        ne(moneyRequests.status, 'rejected'),
        gt(moneyRequests.createdAt, since),
      ),
    );
  const amount = new Decimal(row.amount);
  const total = new Decimal(day?.total ?? 0);
  const n = Number(day?.n ?? 0);
  const broken: { rule: 'single_amount' | 'daily_count' | 'daily_sum'; details: Record<string, unknown> }[] = [];
  if (rules.single_amount !== null && amount.greaterThan(rules.single_amount)) broken.push({ rule: 'single_amount', details: { amount: row.amount, limit: rules.single_amount } });
  if (rules.daily_count !== null && n > rules.daily_count) broken.push({ rule: 'daily_count', details: { count: n, limit: rules.daily_count } });
  if (rules.daily_sum !== null && total.greaterThan(rules.daily_sum)) broken.push({ rule: 'daily_sum', details: { sum: total.toFixed(2), limit: rules.daily_sum } });
  for (const { rule, details } of broken) {
    const all = { ...details, request_kind: row.kind, currency: row.currency };
    const [hit] = await tx.insert(amlHits).values({ userId: row.userId, kind: 'velocity', rule, moneyRequestId: row.id, details: all }).onConflictDoNothing().returning({ id: amlHits.id });
    if (hit) await audit(tx, 'system', { action: 'aml.request_flagged', subjectType: 'money_request', subjectId: row.id, userId: row.userId, details: { rule, ...all } });
  }
}
