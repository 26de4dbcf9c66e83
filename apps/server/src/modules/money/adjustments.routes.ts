import { Decimal } from 'decimal.js';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { balanceAdjustmentInput, idParam, ledgerResponse, localized, moneyMessages as msg, notices } from '@bourse/contract';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { journalEntries } from '../../db/schema/index.ts';
import { authOf } from '../../http/auth.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { accountsOfUser } from '../accounts/accounts.repository.ts';
import { freeMarginOf } from '../accounts/free-margin.ts';
import { postEntry } from '../accounts/ledger.repository.ts';
import { audit } from '../audit/audit.service.ts';
import { publishUserUpdated } from '../users/user-updates.service.ts';
import { tell } from '../preferences/preferences.service.ts';
import { lockAccount } from '../trading/trades.repository.ts';
import { ensureAccountUsable } from '../accounts/account-usable.service.ts';

/** Back office: a customer's ledger, and manual credits and debits written to it. */
export async function adjustmentRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { auth: 'admin' as const };
  // Reading is for every member of staff; deciding and configuring is for admins.
  const staff = { auth: 'staff' as const };
  const tags = ['admin', 'money'];

  api.get(
    '/admin/clients/:id/ledger',
    { config: staff, schema: { tags, params: idParam, querystring: z.object({ account_id: z.coerce.number().int().positive() }), response: { 200: ledgerResponse } } },
    async (req) => {
      const account = (await accountsOfUser(ctx.db, req.params.id)).find((a) => a.id === req.query.account_id);
      if (!account) throw notFound();
      const rows = await ctx.db.select().from(journalEntries).where(eq(journalEntries.accountId, account.id)).orderBy(desc(journalEntries.id)).limit(200);
      return {
        data: rows.map((r) => ({ id: r.id, account_id: r.accountId, kind: r.kind, amount: r.amount, balance_after: r.balanceAfter, reference: r.reference, created_at: r.createdAt.toISOString() })),
      };
    },
  );

  api.post(
    '/admin/accounts/:id/adjust',
    { config: admin, schema: { tags, params: idParam, body: balanceAdjustmentInput, response: { 200: z.object({ balance: z.string() }) } } },
    async (req) => {
      const by = authOf(req);
      const amount = new Decimal(req.body.amount);
      const { balance, userId } = await ctx.db.transaction(async (tx) => {
        const account = await lockAccount(tx, req.params.id);
        if (!account) throw notFound();
        ensureAccountUsable(account);
        // A debit may not take money that open positions need as margin.
        if (amount.isNegative() && amount.negated().greaterThan(await freeMarginOf(ctx, tx, account))) throw invalid('amount', msg.noFunds);
        const after = await postEntry(tx, { accountId: account.id, kind: 'correction', amount: amount.toFixed(2), reference: `adjustment: ${req.body.reason}` });
        await audit(tx, by, { action: 'account.adjusted', subjectType: 'trading_account', subjectId: account.id, userId: account.userId, details: { amount: amount.toFixed(2), reason: req.body.reason, balance_after: after } });
        return { balance: after, userId: account.userId };
      });
      const text = localized(amount.isNegative() ? notices.adjustedDebit : notices.adjustedCredit, { amount: amount.abs().toFixed(2), reason: req.body.reason });
      await tell(ctx, userId, 'money', { title: localized(notices.adjustedTitle), message: text, color: 'info' });
      await publishUserUpdated(ctx, userId);
      return { balance };
    },
  );
}
