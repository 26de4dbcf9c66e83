import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROPRIATENESS_MAX_SCORE, APPROPRIATENESS_PASS_SCORE, appropriatenessMessages as msg, appropriatenessQuestions } from '@bourse/contract';
import { appropriatenessAssessments, tradingAccounts, users } from '../src/db/schema/index.ts';
import { answerAppropriateness } from '../src/modules/compliance/appropriateness.service.ts';
import { updateSiteSettings } from '../src/modules/settings/settings.service.ts';
import { createTestUser, fundLiveAccount, passingAnswers, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { type TestMarket, useManualMarket } from './helpers/trading.ts';

let server: TestServer;
let market: TestMarket;
let admin: TestUser;
let support: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  market = await useManualMarket(server);
  admin = await createTestUser(server, { role: 'admin' });
  support = await createTestUser(server, { role: 'support' });
  // Live orders here are about this test, not about identity documents.
  await updateSiteSettings(server.ctx.db, { require_verification: false });
});
afterAll(() => server.close());

const DAY_MS = 86_400_000;
const newCustomer = () => createTestUser(server, { appropriateness: false });
const mode = (value: 'off' | 'warn' | 'refuse', retakeDays = 30) => updateSiteSettings(server.ctx.db, { appropriateness_test: value, appropriateness_retake_days: retakeDays });
const status = (user: TestUser) => server.call('GET', '/appropriateness', { token: user.token });
const answer = (user: TestUser, answers: Record<string, string>) => server.call('POST', '/appropriateness', { token: user.token, body: { answers } });
const acknowledge = (user: TestUser, body: unknown = { acknowledge: true }) => server.call('POST', '/appropriateness/acknowledge', { token: user.token, body });
const openLive = (user: TestUser) => server.call('POST', '/accounts', { token: user.token, body: { kind: 'live', currency: 'USD' } });
const history = (user: TestUser, token = admin.token) => server.call('GET', `/admin/clients/${user.id}/appropriateness`, { token });
const liveOf = async (user: TestUser) => (await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id)).orderBy(tradingAccounts.id)).find((a) => a.kind === 'live')!.id;
const liveOrder = async (user: TestUser) => server.call('POST', '/trades/store', { token: user.token, body: market.order({ account_id: await liveOf(user) }) });
const rowsOf = (user: TestUser) => server.ctx.db.select().from(appropriatenessAssessments).where(eq(appropriatenessAssessments.userId, user.id));

/** Knows what a CFD is and that losses can reach the balance; has never traded: 4 points, under the pass score. */
const novice = { cfd_nature: 'contract', leverage_effect: 'fifty', margin_close_out: 'dont_know', loss_extent: 'balance', experience: 'never', frequency: 'none', background: 'neither' };

describe('the appropriateness questionnaire', () => {
  it('scores each answer from the contract and keeps the answers, score and outcome with the time', async () => {
    await mode('warn');
    const user = await newCustomer();
    expect((await status(user)).body.data).toEqual({ mode: 'warn', state: 'required', pass_score: APPROPRIATENESS_PASS_SCORE, max_score: APPROPRIATENESS_MAX_SCORE, retake_at: null, assessment: null });
    expect(appropriatenessQuestions.length).toBeGreaterThanOrEqual(6);
    expect(APPROPRIATENESS_MAX_SCORE).toBe(16);

    const before = Date.now();
    const res = await answer(user, novice);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(msg.answered);
    const { assessment } = res.body.data;
    expect(assessment).toMatchObject({ score: 4, max_score: 16, pass_score: 8, outcome: 'warned', acknowledged_at: null });
    expect(assessment.answers).toEqual(appropriatenessQuestions.map((q) => ({ question: q.id, answer: novice[q.id], points: q.answers.find((a) => a.id === novice[q.id])!.points })));
    const [row] = await rowsOf(user);
    expect(row).toMatchObject({ score: 4, outcome: 'warned', answers: assessment.answers });
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses a questionnaire with a missing, unknown or stray answer, naming the question, and keeps nothing', async () => {
    const user = await newCustomer();
    const { experience: _, ...missing } = novice;
    const refused = await answer(user, missing);
    expect(refused.status).toBe(422);
    const experience = appropriatenessQuestions.find((q) => q.id === 'experience')!;
    expect(refused.body.errors).toEqual({ 'answers.experience': [`Choose an answer to “${experience.text}”`] });
    expect(refused.body.message).toContain(experience.text);

    const unknown = await answer(user, { ...novice, frequency: 'daily' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors['answers.frequency'][0]).toContain('How many trades');
    const stray = await answer(user, { ...novice, favourite_colour: 'blue' });
    expect(stray.status).toBe(422);
    expect(Object.keys(stray.body.errors)).toEqual(['answers.favourite_colour']);
    const empty = await answer(user, {});
    expect(Object.keys(empty.body.errors).sort()).toEqual(appropriatenessQuestions.map((q) => `answers.${q.id}`).sort());
    expect((await server.call('POST', '/appropriateness', { token: user.token, body: {} })).status).toBe(422);

    expect(await rowsOf(user)).toEqual([]);
    expect((await status(user)).body.data.state).toBe('required');
  });
});

describe('opening and trading a live account', () => {
  it('needs the questionnaire first; a demo account does not', async () => {
    await mode('warn');
    const user = await newCustomer();
    await fundLiveAccount(server, user);
    const refused = await openLive(user);
    expect([refused.status, refused.body.message]).toEqual([403, msg.required]);
    const order = await liveOrder(user);
    expect([order.status, order.body.message]).toEqual([403, msg.required]);
    expect((await server.call('POST', '/accounts', { token: user.token, body: { kind: 'demo', currency: 'USD' } })).status).toBe(201);
    expect((await server.call('POST', '/trades/store', { token: user.token, body: market.order() })).status).toBe(201);
  });

  it('warn: below the pass score the customer confirms the warning, with the time, and goes on', async () => {
    await mode('warn');
    const user = await newCustomer();
    await fundLiveAccount(server, user);
    expect((await answer(user, novice)).body.data.state).toBe('acknowledge');
    const blocked = await openLive(user);
    expect([blocked.status, blocked.body.message]).toEqual([403, msg.acknowledgeRequired]);
    expect((await liveOrder(user)).body.message).toBe(msg.acknowledgeRequired);

    const unticked = await acknowledge(user, { acknowledge: false });
    expect([unticked.status, unticked.body.errors]).toEqual([422, { acknowledge: [msg.acknowledgeConfirm] }]);
    const confirmed = await acknowledge(user);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ state: 'acknowledged', assessment: { outcome: 'warned', acknowledged_at: expect.any(String) } });
    const at = (await rowsOf(user))[0]!.acknowledgedAt;
    expect(at).toBeInstanceOf(Date);
    // Confirming twice keeps the first time.
    await acknowledge(user);
    expect((await rowsOf(user))[0]!.acknowledgedAt).toEqual(at);

    expect((await openLive(user)).status).toBe(201);
    expect((await liveOrder(user)).status).toBe(201);
    // The one questionnaire stands: answering again waits for the retake period.
    expect(await answer(user, passingAnswers()).then((r) => [r.status, r.body.message])).toEqual([409, msg.retakeTooSoon]);
  });

  it('refuse: below the pass score live accounts are refused until a later questionnaire passes, after the retake period', async () => {
    await mode('refuse', 30);
    const user = await newCustomer();
    const res = await answer(user, novice);
    expect(res.body.data).toMatchObject({ state: 'refused', assessment: { outcome: 'refused', score: 4 } });
    const retakeAt = new Date(res.body.data.retake_at).getTime();
    expect(retakeAt - new Date(res.body.data.assessment.created_at).getTime()).toBe(30 * DAY_MS);
    expect(await openLive(user).then((r) => [r.status, r.body.message])).toEqual([403, msg.refused]);
    expect(await acknowledge(user).then((r) => [r.status, r.body.message])).toEqual([403, msg.refused]);
    expect(await answer(user, passingAnswers()).then((r) => [r.status, r.body.message])).toEqual([409, msg.retakeTooSoon]);

    // A day before the period ends it is still too soon; once it has passed, a new questionnaire is taken.
    await expect(answerAppropriateness(server.ctx.db, user.id, { answers: passingAnswers() }, new Date(retakeAt - DAY_MS))).rejects.toMatchObject({ status: 409 });
    const retaken = await answerAppropriateness(server.ctx.db, user.id, { answers: passingAnswers() }, new Date(retakeAt + 1000));
    expect(retaken).toMatchObject({ state: 'passed', retake_at: null, assessment: { outcome: 'passed', score: 16 } });
    expect((await rowsOf(user)).map((r) => r.outcome).sort()).toEqual(['passed', 'refused']);
    expect((await openLive(user)).status).toBe(201);
  });

  it('a retake period of 0 days lets a refused customer answer again at once', async () => {
    await mode('refuse', 0);
    const user = await newCustomer();
    await answer(user, novice);
    expect((await answer(user, passingAnswers())).body.data.state).toBe('passed');
  });

  it('passed: one questionnaire stands for every later live account and is not answered twice', async () => {
    await mode('refuse');
    const user = await newCustomer();
    expect((await answer(user, passingAnswers())).body.data).toMatchObject({ state: 'passed', retake_at: null });
    expect((await openLive(user)).status).toBe(201);
    expect((await openLive(user)).status).toBe(201);
    expect(await answer(user, novice).then((r) => [r.status, r.body.message])).toEqual([409, msg.alreadyAnswered]);
    expect(await acknowledge(user).then((r) => [r.status, r.body.message])).toEqual([409, msg.nothingToAcknowledge]);
  });

  it('off: nothing is asked; a refused customer is let through while it is off, and a warned one asked to confirm when it is warn', async () => {
    await mode('refuse');
    const refused = await newCustomer();
    await answer(refused, novice);
    await mode('off');
    const fresh = await newCustomer();
    expect((await status(fresh)).body.data).toMatchObject({ mode: 'off', state: 'not_required' });
    expect((await openLive(fresh)).status).toBe(201);
    expect((await openLive(refused)).status).toBe(201);
    // The mode of the day decides: switched to warn, the refused customer may now confirm the warning.
    await mode('warn');
    expect((await status(refused)).body.data.state).toBe('acknowledge');
    expect((await acknowledge(refused)).body.data.state).toBe('acknowledged');
  });

  it('asks nothing of a professional client, whose knowledge and experience may be assumed', async () => {
    await mode('refuse');
    const user = await newCustomer();
    await fundLiveAccount(server, user);
    await answer(user, novice);
    expect((await openLive(user)).status).toBe(403);
    await server.ctx.db.update(users).set({ clientCategory: 'professional' }).where(eq(users.id, user.id));
    expect((await status(user)).body.data).toMatchObject({ state: 'not_required', assessment: { outcome: 'refused' } });
    expect((await openLive(user)).status).toBe(201);
    expect((await liveOrder(user)).status).toBe(201);
  });
});

describe('the back office', () => {
  it('shows a customer’s answers and score to staff; another customer sees only their own', async () => {
    await mode('warn');
    const user = await newCustomer();
    await answer(user, novice);
    await acknowledge(user);
    const seen = await history(user);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ mode: 'warn', state: 'acknowledged', assessment: { score: 4, outcome: 'warned' } });
    expect(seen.body.data.history).toHaveLength(1);
    expect(seen.body.data.history[0].answers).toContainEqual({ question: 'loss_extent', answer: 'balance', points: 2 });
    expect((await history(user, support.token)).status).toBe(200);

    const other = await newCustomer();
    expect((await history(user, other.token)).status).toBe(403);
    expect((await status(other)).body.data).toMatchObject({ state: 'required', assessment: null });
    expect((await server.call('GET', '/admin/clients/999999/appropriateness', { token: admin.token })).status).toBe(404);
  });

  it('switches the test off, to warn or to refuse, and sets the retake period, as an admin only', async () => {
    const put = (token: string, body: unknown) => server.call('PUT', '/admin/settings', { token, body });
    expect((await put(admin.token, { appropriateness_test: 'refuse', appropriateness_retake_days: 7 })).body.data).toMatchObject({ appropriateness_test: 'refuse', appropriateness_retake_days: 7 });
    expect((await server.call('GET', '/settings')).body.data.appropriateness_test).toBe('refuse');
    expect((await put(admin.token, { appropriateness_test: 'sometimes' })).status).toBe(422);
    expect((await put(support.token, { appropriateness_test: 'off' })).status).toBe(403);
    expect((await put(admin.token, { appropriateness_test: 'warn' })).status).toBe(200);
  });
});
