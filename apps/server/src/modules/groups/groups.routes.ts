import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountGroupInput,
  assetCategories,
  type GroupTermsInput,
  groupInput,
  groupMessages as msg,
  groupResponse,
  groupsResponse,
  idParam,
  messageBody,
  planGroupInput,
  planGroupResponse,
  planGroupsResponse,
  planMessages,
} from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { authOf } from '../../http/auth.ts';
import { conflict, invalid, notFound } from '../../http/errors.ts';
import { audit } from '../audit/audit.service.ts';
import {
  allGroups,
  DEFAULT_GROUP_ID,
  deleteGroup,
  groupById,
  insertGroup,
  moveAccount,
  planGroups,
  plansInGroup,
  setPlanGroup,
  unknownSymbols,
  updateGroup,
} from './groups.repository.ts';

/** A duplicate name is the one write a valid group can still be refused for. */
function nameTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw invalid('name', msg.nameTaken);
  throw error;
}

/**
 * Refuses a markup named for something that is neither an asset class nor an instrument of the
 * catalogue, and an allowed instrument the catalogue does not have, naming it.
 */
async function checkSymbols(ctx: AppContext, g: GroupTermsInput): Promise<void> {
  const symbols = Object.keys(g.markup).filter((k) => !(assetCategories as readonly string[]).includes(k));
  const [unknown] = await unknownSymbols(ctx.db, symbols);
  if (unknown !== undefined) throw invalid(`markup.${unknown}`, msg.markupUnknown(unknown));
  const [notListed] = await unknownSymbols(ctx.db, g.allowed_symbols);
  if (notListed !== undefined) throw invalid('allowed_symbols', msg.allowedUnknown(notListed));
}

/**
 * Back office: customer groups and which group an account is in. Staff read them; admins create,
 * change and remove groups; admins and dealers (from the desk) move accounts; each write audited
 * with the terms before and after.
 * A change applies to orders from then on; open positions keep the terms they opened with.
 */
export async function groupRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin', 'trading'];
  const staff = { auth: 'staff' as const };
  const admin = { auth: 'admin' as const };
  const desk = { auth: 'desk' as const };

  api.get('/admin/groups', { config: staff, schema: { tags, response: { 200: groupsResponse } } }, async () => ({ data: await allGroups(ctx.db) }));

  api.get('/admin/groups/:id', { config: staff, schema: { tags, params: idParam, response: { 200: groupResponse } } }, async (req) => {
    const group = await groupById(ctx.db, req.params.id);
    if (!group) throw notFound(msg.notFound);
    return { data: group };
  });

  api.post('/admin/groups', { config: admin, schema: { tags, body: groupInput, response: { 201: groupResponse } } }, async (req, reply) => {
    const actor = authOf(req);
    await checkSymbols(ctx, req.body);
    const data = await ctx.db
      .transaction(async (tx) => {
        const id = await insertGroup(tx, req.body, actor.userId);
        const created = (await groupById(tx, id))!;
        await audit(tx, actor, { action: 'group.create', subjectType: 'group', subjectId: String(id), details: { after: req.body } });
        return created;
      })
      .catch(nameTaken);
    return reply.code(201).send({ data });
  });

  api.put('/admin/groups/:id', { config: admin, schema: { tags, params: idParam, body: groupInput, response: { 200: groupResponse } } }, async (req) => {
    const actor = authOf(req);
    await checkSymbols(ctx, req.body);
    const data = await ctx.db
      .transaction(async (tx) => {
        const before = await groupById(tx, req.params.id);
        if (!before) throw notFound(msg.notFound);
        await updateGroup(tx, before.id, req.body, actor.userId);
        const after = (await groupById(tx, before.id))!;
        await audit(tx, actor, { action: 'group.update', subjectType: 'group', subjectId: String(before.id), details: { before: terms(before), after: terms(after) } });
        return after;
      })
      .catch(nameTaken);
    return { data };
  });

  api.delete('/admin/groups/:id', { config: admin, schema: { tags, params: idParam, response: { 200: messageBody } } }, async (req) => {
    const actor = authOf(req);
    if (req.params.id === DEFAULT_GROUP_ID) throw conflict(msg.defaultGroup);
    await ctx.db.transaction(async (tx) => {
      const before = await groupById(tx, req.params.id);
      if (!before) throw notFound(msg.notFound);
      if (before.accounts > 0) throw conflict(msg.inUse);
      if ((await plansInGroup(tx, before.id)) > 0) throw conflict(msg.planUses);
      await deleteGroup(tx, before.id);
      await audit(tx, actor, { action: 'group.delete', subjectType: 'group', subjectId: String(before.id), details: { before: terms(before) } });
    });
    return { message: 'Group removed.' };
  });

  // The SPEC's account plans map to groups: a plan names the group its customers' new accounts join.
  api.get('/admin/plan-groups', { config: staff, schema: { tags, response: { 200: planGroupsResponse } } }, async () => ({ data: await planGroups(ctx.db) }));

  api.put('/admin/plans/:id/group', { config: admin, schema: { tags, params: idParam, body: planGroupInput, response: { 200: planGroupResponse } } }, async (req) => {
    const actor = authOf(req);
    const to = req.body.group_id;
    const data = await ctx.db.transaction(async (tx) => {
      if (to !== null && !(await groupById(tx, to))) throw invalid('group_id', msg.notFound);
      const before = await setPlanGroup(tx, req.params.id, to);
      if (!before) throw notFound(planMessages.notFound);
      await audit(tx, actor, { action: 'plan.group', subjectType: 'plan', subjectId: String(before.id), details: { from: before.group_id, to } });
      return { ...before, group_id: to };
    });
    return { data };
  });

  api.put(
    '/admin/accounts/:id/group',
    { config: desk, schema: { tags, params: idParam, body: accountGroupInput, response: { 200: groupResponse } } },
    async (req) => {
      const actor = authOf(req);
      const data = await ctx.db.transaction(async (tx) => {
        const group = await groupById(tx, req.body.group_id);
        if (!group) throw invalid('group_id', msg.notFound);
        const from = await moveAccount(tx, req.params.id, group.id);
        if (from === null) throw notFound('No such account.');
        await audit(tx, actor, { action: 'account.group', subjectType: 'account', subjectId: String(req.params.id), details: { from, to: group.id } });
        return { ...group, accounts: group.accounts + (from === group.id ? 0 : 1) };
      });
      return { data };
    },
  );
}

/** A group's terms as an audit entry keeps them (without the live count). */
function terms({ accounts: _n, updated_at: _u, ...rest }: { accounts: number; updated_at: string } & Record<string, unknown>) {
  return rest;
}
