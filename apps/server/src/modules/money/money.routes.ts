import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cardChallengeInput,
  cardDepositInput,
  cryptoDepositInput,
  demoDepositInput,
  depositOptionsResponse,
  idParam,
  moneyRequestResponse,
  moneyRequestsQuery,
  moneyRequestsResponse,
  transferInput,
  withdrawalInput,
} from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import { accountsOfUser } from '../accounts/accounts.repository.ts';
import { cancelRequest } from './decisions.service.ts';
import { cardDeposit, confirmCardDeposit, demoTopUp, requestCryptoDeposit } from './deposits.service.ts';
import { type MoneyRow, requestsOfUser, requestView } from './money.repository.ts';
import { transfer } from './transfers.service.ts';
import { usdRates } from './coin-value.ts';
import { listWallets } from './wallets.service.ts';
import { requestWithdrawal } from './withdrawals.service.ts';

/** The customer's money: deposits, withdrawals, transfers and their history. */
export async function moneyRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['money'];
  const answer = async (userId: number, row: MoneyRow, message?: string) => {
    const number = (await accountsOfUser(ctx.db, userId)).find((a) => a.id === row.accountId)?.number ?? '';
    return { data: requestView(row, number), ...(message ? { message } : {}) };
  };

  api.get('/money/requests', { schema: { tags, querystring: moneyRequestsQuery, response: { 200: moneyRequestsResponse } } }, async (req) => ({
    data: await requestsOfUser(ctx.db, authOf(req).userId, req.query.kind),
  }));
  api.get('/deposit_options', { schema: { tags, response: { 200: depositOptionsResponse } } }, async () => ({
    data: { wallets: await listWallets(ctx.db, { enabledOnly: true }), card_provider: ctx.cardProvider?.name ?? null, usd_rates: await usdRates(ctx) },
  }));

  const created = { schema: { tags, response: { 201: moneyRequestResponse } } };
  api.post('/deposits/demo', { schema: { ...created.schema, body: demoDepositInput } }, async (req, reply) => {
    const { userId } = authOf(req);
    reply.code(201);
    return answer(userId, await demoTopUp(ctx, userId, req.body, idempotencyKey(req)), 'Your demo account has been topped up.');
  });
  api.post('/deposits/crypto', { schema: { ...created.schema, body: cryptoDepositInput } }, async (req, reply) => {
    const { userId } = authOf(req);
    reply.code(201);
    return answer(userId, await requestCryptoDeposit(ctx, userId, req.body, idempotencyKey(req)), 'Deposit submitted. It is credited once the network confirms it.');
  });
  api.post('/deposits/card', { schema: { ...created.schema, body: cardDepositInput } }, async (req, reply) => {
    const { userId } = authOf(req);
    const { row, message } = await cardDeposit(ctx, userId, req.body, idempotencyKey(req));
    reply.code(201);
    return answer(userId, row, message ?? (row.status === 'completed' ? 'Payment received: your account has been credited.' : undefined));
  });
  api.post('/deposits/card/:id/confirm', { schema: { tags, params: idParam, body: cardChallengeInput, response: { 200: moneyRequestResponse } } }, async (req) => {
    const { userId } = authOf(req);
    return answer(userId, await confirmCardDeposit(ctx, userId, req.params.id, req.body.code), 'Payment received: your account has been credited.');
  });
  api.post('/withdrawals', { schema: { ...created.schema, body: withdrawalInput } }, async (req, reply) => {
    const { userId } = authOf(req);
    reply.code(201);
    return answer(userId, await requestWithdrawal(ctx, userId, req.body, idempotencyKey(req)), 'Withdrawal requested. The amount is held until it is paid.');
  });
  api.post('/transfers', { schema: { ...created.schema, body: transferInput } }, async (req, reply) => {
    const { userId } = authOf(req);
    reply.code(201);
    return answer(userId, await transfer(ctx, userId, req.body, idempotencyKey(req)), 'Transfer completed.');
  });
  api.post('/money/requests/:id/cancel', { schema: { tags, params: idParam, response: { 200: moneyRequestResponse } } }, async (req) => {
    const { userId } = authOf(req);
    return answer(userId, await cancelRequest(ctx, userId, req.params.id), 'Request cancelled.');
  });
}
