import { Decimal } from 'decimal.js';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountMessages as msg, idParam, MAX_ACCOUNTS_PER_KIND, messageBody, openAccountInput, userResponse } from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { tradingAccounts, trades } from '../../db/schema/index.ts';
import { authOf } from '../../http/auth.ts';
import { conflict, invalid, notFound } from '../../http/errors.ts';
import { audit } from '../audit/audit.service.ts';
import { publishUserUpdated } from '../users/user-updates.service.ts';
import { lockAccount } from '../trading/trades.repository.ts';
import { getSiteSettings } from '../settings/settings.service.ts';
import { userViewById } from '../users/users.service.ts';
import { ensureAppropriate } from '../compliance/appropriateness.service.ts';
import { accountReviewRoutes } from './account-reviews.routes.ts';
import { openAccount } from './accounts.repository.ts';
import { postEntry } from './ledger.repository.ts';

/** The customer's trading accounts: open another, reset a demo one; the back office's review of new live accounts. */
export async function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];
  await accountReviewRoutes(app, ctx);

  api.post('/accounts', { schema: { tags, body: openAccountInput, response: { 201: userResponse } } }, async (req, reply) => {
    const auth = authOf(req);
    const review = req.body.kind === 'live' && (await getSiteSettings(ctx.db)).approve_live_accounts;
    await ctx.db.transaction(async (tx) => {
      // A rejected account is not held: it does not take the place of the one asked for next.
      const held = and(eq(tradingAccounts.userId, auth.userId), eq(tradingAccounts.kind, req.body.kind), ne(tradingAccounts.status, 'rejected'));
      const [counted] = await tx.select({ n: count() }).from(tradingAccounts).where(held);
      if ((counted?.n ?? 0) >= MAX_ACCOUNTS_PER_KIND) throw invalid('kind', msg.tooMany);
      if (req.body.kind === 'live') await ensureAppropriate(tx, auth.userId);
      const account = await openAccount(tx, auth.userId, req.body.kind, req.body.currency, review ? 'pending' : 'active');
      if (req.body.kind === 'demo') await postEntry(tx, { accountId: account.id, kind: 'deposit', amount: ctx.config.demoBalance, reference: 'demo funding' });
      const details = { kind: account.kind, currency: account.currency, number: account.number, status: account.status };
      await audit(tx, auth, { action: 'account.opened', subjectType: 'trading_account', subjectId: account.id, userId: auth.userId, details });
    });
    await publishUserUpdated(ctx, auth.userId);
    reply.code(201);
    return { data: (await userViewById(ctx, auth.userId))! };
  });

  api.post('/accounts/:id/reset', { schema: { tags, params: idParam, response: { 200: messageBody } } }, async (req) => {
    const auth = authOf(req);
    await ctx.db.transaction(async (tx) => {
      const account = await lockAccount(tx, req.params.id);
      if (!account || account.userId !== auth.userId) throw notFound();
      if (account.kind !== 'demo') throw conflict(msg.resetDemoOnly);
      const [busy] = await tx.select({ n: count() }).from(trades).where(and(eq(trades.accountId, account.id), inArray(trades.status, ['open', 'pending'])));
      if ((busy?.n ?? 0) > 0) throw conflict(msg.resetOpenPositions);
      const change = new Decimal(ctx.config.demoBalance).minus(account.balance);
      if (!change.isZero()) await postEntry(tx, { accountId: account.id, kind: 'correction', amount: change.toFixed(2), reference: 'demo reset' });
      await audit(tx, auth, { action: 'account.reset', subjectType: 'trading_account', subjectId: account.id, userId: auth.userId, details: { from: account.balance, to: ctx.config.demoBalance } });
    });
    await publishUserUpdated(ctx, auth.userId);
    return { message: 'Your demo account has been reset.' };
  });
}
