import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminMoneyQuery,
  adminMoneyResponse,
  approveDepositInput,
  type CryptoSlug,
  depositWalletInput,
  depositWalletsResponse,
  envelope,
  depositWalletSchema,
  idParam,
  moneyRequestResponse,
  rejectMoneyInput,
} from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { invalid } from '../../http/errors.ts';
import { audit } from '../audit/audit.service.ts';
import { coinValue } from './coin-value.ts';
import { approveDeposit, approveWithdrawal, completeWithdrawal, rejectRequest } from './decisions.service.ts';
import { adminQueue, type MoneyRow, pendingCounts, requestById, requestView } from './money.repository.ts';
import { accountsOfUser } from '../accounts/accounts.repository.ts';
import { listWallets, saveWallet } from './wallets.service.ts';

/** Back office: the deposit and withdrawal queues, their decisions, and the receiving wallets. */
export async function moneyAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { auth: 'admin' as const };
  // Reading is for every member of staff; deciding and configuring is for admins.
  const staff = { auth: 'staff' as const };
  const tags = ['admin', 'money'];
  const answer = async (row: MoneyRow) => {
    const number = (await accountsOfUser(ctx.db, row.userId)).find((a) => a.id === row.accountId)?.number ?? '';
    return { data: requestView(row, number) };
  };

  api.get('/admin/money', { config: staff, schema: { tags, querystring: adminMoneyQuery, response: { 200: adminMoneyResponse } } }, async (req) => ({
    data: await adminQueue(ctx.db, req.query),
    counts: await pendingCounts(ctx.db),
  }));
  api.post(
    '/admin/money/:id/approve',
    { config: admin, schema: { tags, params: idParam, body: approveDepositInput.partial().nullish(), response: { 200: moneyRequestResponse } } },
    async (req) => {
      const by = authOf(req);
      const row = await requestById(ctx.db, req.params.id);
      if (row?.kind === 'deposit') {
        // Without an amount typed by the operator, the coin that was claimed is credited at the server's price now.
        const coins = row.details.coin_amount;
        const credited =
          req.body?.credited_amount ?? (typeof coins === 'string' && typeof row.details.crypto === 'string' ? Number((await coinValue(ctx, row.details.crypto as CryptoSlug, coins, row.currency)).value) : undefined);
        if (credited === undefined) throw invalid('credited_amount', 'Enter the amount that arrived.');
        return answer(await approveDeposit(ctx, by, req.params.id, credited));
      }
      return answer(await approveWithdrawal(ctx, by, req.params.id));
    },
  );
  api.post('/admin/money/:id/reject', { config: admin, schema: { tags, params: idParam, body: rejectMoneyInput, response: { 200: moneyRequestResponse } } }, async (req) =>
    answer(await rejectRequest(ctx, authOf(req), req.params.id, req.body.reason)),
  );
  api.post('/admin/money/:id/complete', { config: admin, schema: { tags, params: idParam, response: { 200: moneyRequestResponse } } }, async (req) =>
    answer(await completeWithdrawal(ctx, authOf(req), req.params.id)),
  );

  api.get('/admin/deposit_wallets', { config: staff, schema: { tags, response: { 200: depositWalletsResponse } } }, async () => ({ data: await listWallets(ctx.db, { enabledOnly: false }) }));
  api.post('/admin/deposit_wallets', { config: admin, schema: { tags, body: depositWalletInput, response: { 201: envelope(depositWalletSchema) } } }, async (req, reply) => {
    const wallet = await saveWallet(ctx.db, req.body);
    await audit(ctx.db, authOf(req), { action: 'wallet.created', subjectType: 'deposit_wallet', subjectId: wallet.id, details: { ...wallet } });
    reply.code(201);
    return { data: wallet };
  });
  api.put(
    '/admin/deposit_wallets/:id',
    { config: admin, schema: { tags, params: idParam, body: depositWalletInput, response: { 200: envelope(depositWalletSchema) } } },
    async (req) => {
      const wallet = await saveWallet(ctx.db, req.body, req.params.id);
      await audit(ctx.db, authOf(req), { action: 'wallet.edited', subjectType: 'deposit_wallet', subjectId: wallet.id, details: { ...wallet } });
      return { data: wallet };
    },
  );
}

