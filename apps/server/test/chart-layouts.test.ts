import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChartLayout, chartLayoutMessages, defaultChartLayout, MAX_CHART_INTERVALS } from '@bourse/contract';
import { assets, auditLog, chartLayouts } from '../src/db/schema/index.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let ids: [number, number, number, number];
beforeAll(async () => {
  server = await startTestServer();
  ids = (await server.ctx.db.select({ id: assets.id }).from(assets).orderBy(asc(assets.id)).limit(4)).map((a) => a.id) as typeof ids;
});
afterAll(() => server.close());

const get = (user: TestUser | null) => server.call('GET', '/chart-layout', { token: user?.token });
const put = (user: TestUser | null, body: unknown) => server.call('PUT', '/chart-layout', { token: user?.token, body });

/** Four charts: the first follows the selected pair, the others keep their own instrument and interval; one compares. */
const four = (): ChartLayout => ({
  count: 4,
  active: 2,
  charts: [
    { linked: true, asset_id: ids[0], intervals: { [ids[0]]: '5m' }, compare_asset_id: null },
    { linked: false, asset_id: ids[1], intervals: { [ids[1]]: '1h' }, compare_asset_id: ids[0] },
    { linked: false, asset_id: ids[2], intervals: {}, compare_asset_id: null },
    { linked: false, asset_id: ids[3], intervals: { [ids[3]]: '1D' }, compare_asset_id: null },
  ],
});

describe('chart layouts', () => {
  it('answers the default until the customer saves one, then the same layout on every session', async () => {
    const user = await createTestUser(server);
    expect((await get(user)).body).toEqual({ data: { layout: defaultChartLayout, updated_at: null } });

    const saved = await put(user, four());
    expect(saved.status).toBe(200);
    expect(saved.body.data.layout).toEqual(four());
    expect(saved.body.data.updated_at).toEqual(expect.any(String));

    // Another session of the same customer (another device) opens the room on the same layout.
    const login = await server.call('POST', '/auth/login', { body: { email: user.email, password: user.password } });
    const device = { ...user, token: login.body.data.token as string };
    expect((await get(device)).body.data.layout).toEqual(four());

    // A later save replaces it whole: back to one chart, the other three kept for later.
    const one = { ...four(), count: 1, active: 0 };
    expect((await put(device, one)).status).toBe(200);
    expect((await get(user)).body.data.layout).toEqual(one);
    expect(await server.ctx.db.select().from(chartLayouts).where(eq(chartLayouts.userId, user.id))).toHaveLength(1);
  });

  it("answers only the signed-in customer's own layout", async () => {
    const owner = await createTestUser(server);
    const stranger = await createTestUser(server);
    await put(owner, four());
    // The one path names each caller's own layout: another customer sees the default, and their
    // save leaves the owner's as it was.
    expect((await get(stranger)).body.data).toEqual({ layout: defaultChartLayout, updated_at: null });
    const theirs = { count: 2, active: 1, charts: [four().charts[2]!, four().charts[3]!] };
    expect((await put(stranger, theirs)).status).toBe(200);
    expect((await get(owner)).body.data.layout).toEqual(four());
    expect((await get(stranger)).body.data.layout).toEqual(theirs);
    // Without a session: nothing.
    expect((await get(null)).status).toBe(401);
    expect((await put(null, four())).status).toBe(401);
  });

  it('refuses layouts that are not right and keeps nothing of them', async () => {
    const user = await createTestUser(server);
    const refused = async (body: unknown, message: string | null) => {
      const res = await put(user, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      if (message) expect(res.body.message, JSON.stringify(body)).toBe(message);
      expect(JSON.stringify(res.body)).not.toMatch(/stack|at \/|\.ts:|SELECT/);
    };
    const chart = four().charts[1]!;
    await refused({ ...four(), count: 3 }, chartLayoutMessages.shape);
    await refused({ ...four(), count: 0 }, chartLayoutMessages.shape);
    await refused({ ...four(), active: 4 }, chartLayoutMessages.shape);
    await refused({ ...four(), count: 2, active: 2 }, chartLayoutMessages.shape);
    await refused({ ...four(), active: -1 }, chartLayoutMessages.shape);
    await refused({ count: 4, active: 0, charts: four().charts.slice(0, 2) }, chartLayoutMessages.shape);
    await refused({ count: 1, active: 0, charts: [] }, chartLayoutMessages.shape);
    await refused({ count: 4, active: 0, charts: [...four().charts, chart] }, chartLayoutMessages.shape);
    await refused({ count: 1, active: 0, charts: [{ ...chart, asset_id: 0 }] }, chartLayoutMessages.shape);
    await refused({ count: 1, active: 0, charts: [{ ...chart, asset_id: 1.5 }] }, chartLayoutMessages.shape);
    await refused({ count: 1, active: 0, charts: [{ ...chart, asset_id: '1' }] }, chartLayoutMessages.shape);
    await refused({ count: 1, active: 0, charts: [{ ...chart, compare_asset_id: -3 }] }, chartLayoutMessages.shape);
    await refused({ count: 1, active: 0, charts: [{ ...chart, linked: 'yes' }] }, chartLayoutMessages.shape);
    await refused({ count: 1, active: 0, charts: [{ ...chart, intervals: { [ids[0]]: '2m' } }] }, chartLayoutMessages.shape);
    await refused({ count: 1, active: 0, charts: [{ ...chart, intervals: { EURUSD: '1m' } }] }, chartLayoutMessages.shape);
    const tooMany = Object.fromEntries(Array.from({ length: MAX_CHART_INTERVALS + 1 }, (_, i) => [String(i + 1), '1m']));
    await refused({ count: 1, active: 0, charts: [{ ...chart, intervals: tooMany }] }, chartLayoutMessages.intervals);
    // Fields the contract does not know.
    await refused({ ...four(), theme: 'dark' }, null);
    await refused({ count: 1, active: 0, charts: [{ ...chart, symbol: 'EURUSD' }] }, null);
    await refused('four', null);
    // Instruments that do not exist, as its own or as the compared one.
    await refused({ count: 1, active: 0, charts: [{ ...chart, asset_id: 999_999 }] }, chartLayoutMessages.asset);
    await refused({ count: 1, active: 0, charts: [{ ...chart, compare_asset_id: 999_999 }] }, chartLayoutMessages.asset);
    expect((await get(user)).body.data).toEqual({ layout: defaultChartLayout, updated_at: null });
    // As many intervals as a chart may keep are kept.
    const full = Object.fromEntries(Array.from({ length: MAX_CHART_INTERVALS }, (_, i) => [String(i + 1), '15m']));
    expect((await put(user, { count: 1, active: 0, charts: [{ ...chart, intervals: full }] })).status).toBe(200);
  });

  it('shows the default in place of a kept layout a later version no longer accepts', async () => {
    const user = await createTestUser(server);
    await server.ctx.db.insert(chartLayouts).values({ userId: user.id, layout: { count: 9 } as unknown as ChartLayout });
    expect((await get(user)).body.data).toEqual({ layout: defaultChartLayout, updated_at: null });
  });
});

describe('chart style in the settings', () => {
  it('keeps the chart type and scale per customer, refuses unknown ones and leaves the audit log alone', async () => {
    const user = await createTestUser(server);
    expect((await server.call('GET', '/user/preferences', { token: user.token })).body.data.chart_style).toBeUndefined();
    const saved = await server.call('PUT', '/user/preferences', { token: user.token, body: { chart_style: { type: 'heikin-ashi', log_scale: true } } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.chart_style).toEqual({ type: 'heikin-ashi', log_scale: true });
    // Another setting saved later leaves the style as it was.
    expect((await server.call('PUT', '/user/preferences', { token: user.token, body: { sound: false } })).body.data.chart_style).toEqual({ type: 'heikin-ashi', log_scale: true });
    for (const chart_style of [{ type: 'renko', log_scale: false }, { type: 'line' }, { type: 'line', log_scale: 'yes' }, { type: 'line', log_scale: false, extra: 1 }]) {
      expect((await server.call('PUT', '/user/preferences', { token: user.token, body: { chart_style } })).status, JSON.stringify(chart_style)).toBe(422);
    }
    const other = await createTestUser(server);
    expect((await server.call('GET', '/user/preferences', { token: other.token })).body.data.chart_style).toBeUndefined();
    // One audit entry, for the sound; none names the chart style.
    const audited = await server.ctx.db.select().from(auditLog).where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'preferences.updated')));
    expect(audited.map((e) => e.details)).toEqual([{ sound: false }]);
  });
});
