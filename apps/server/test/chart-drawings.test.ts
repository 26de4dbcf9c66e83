import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Drawing, drawingMessages, MAX_DRAWING_INSTRUMENTS, MAX_DRAWINGS, MAX_DRAWING_TEXT } from '@bourse/contract';
import { assets, chartDrawings } from '../src/db/schema/index.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let assetIds: number[];
beforeAll(async () => {
  server = await startTestServer();
  assetIds = (await server.ctx.db.select({ id: assets.id }).from(assets).orderBy(asc(assets.id)).limit(MAX_DRAWING_INSTRUMENTS + 1)).map((a) => a.id);
});
afterAll(() => server.close());

const get = (user: TestUser | null, assetId: number) => server.call('GET', `/chart-drawings/${assetId}`, { token: user?.token });
const put = (user: TestUser | null, assetId: number, body: unknown) => server.call('PUT', `/chart-drawings/${assetId}`, { token: user?.token, body });

const T0 = 1_767_225_600;
const trend: Drawing = { id: 't1', kind: 'trend', color: 'blue', points: [{ time: T0, price: 1.0812 }, { time: T0 + 3600, price: 1.0875 }] };
const level: Drawing = { id: 'h1', kind: 'horizontal', color: 'orange', points: [{ time: T0, price: 1.09 }] };
const note: Drawing = { id: 'n1', kind: 'text', color: 'green', points: [{ time: T0 + 60, price: 1.085 }], text: 'Support holds here' };
const fib: Drawing = { id: 'f1', kind: 'fibonacci', color: 'purple', points: [{ time: T0, price: 1.07 }, { time: T0 + 7200, price: 1.1 }] };
const line = (i: number): Drawing => ({ id: `l${i}`, kind: 'horizontal', color: 'teal', points: [{ time: T0, price: 1 + i / 100 }] });

describe('chart drawings', () => {
  it('keeps the whole list per customer and instrument, the same on every session, and an empty list removes it', async () => {
    const user = await createTestUser(server);
    const [eurusd, other] = assetIds as [number, number];
    expect((await get(user, eurusd)).body).toEqual({ data: { asset_id: eurusd, drawings: [], updated_at: null } });

    const saved = await put(user, eurusd, { drawings: [trend, level, note, fib] });
    expect(saved.status).toBe(200);
    expect(saved.body.data.drawings).toEqual([trend, level, note, fib]);
    expect(saved.body.data.updated_at).toEqual(expect.any(String));

    // Another session of the same customer (another device) reads the same list.
    const login = await server.call('POST', '/auth/login', { body: { email: user.email, password: user.password } });
    const device = { ...user, token: login.body.data.token as string };
    expect((await get(device, eurusd)).body.data.drawings).toEqual([trend, level, note, fib]);
    // Other instruments are apart.
    expect((await get(device, other)).body.data.drawings).toEqual([]);

    // A later save replaces the list whole.
    const moved = { ...level, points: [{ time: T0, price: 1.095 }] };
    expect((await put(device, eurusd, { drawings: [moved] })).status).toBe(200);
    expect((await get(user, eurusd)).body.data.drawings).toEqual([moved]);

    expect((await put(user, eurusd, { drawings: [] })).body.data).toEqual({ asset_id: eurusd, drawings: [], updated_at: null });
    expect(await server.ctx.db.select().from(chartDrawings).where(eq(chartDrawings.userId, user.id))).toEqual([]);
  });

  it("answers only the signed-in customer's own drawings", async () => {
    const owner = await createTestUser(server);
    const stranger = await createTestUser(server);
    const assetId = assetIds[0]!;
    await put(owner, assetId, { drawings: [trend] });
    // The same path names each caller's own list: another customer sees none of the owner's, and
    // their save leaves the owner's as it was.
    expect((await get(stranger, assetId)).body.data.drawings).toEqual([]);
    expect((await put(stranger, assetId, { drawings: [level] })).status).toBe(200);
    expect((await get(owner, assetId)).body.data.drawings).toEqual([trend]);
    expect((await get(stranger, assetId)).body.data.drawings).toEqual([level]);
    // Without a session: nothing.
    expect((await get(null, assetId)).status).toBe(401);
    expect((await put(null, assetId, { drawings: [] })).status).toBe(401);
    // An instrument that does not exist.
    expect((await get(owner, 999_999)).status).toBe(404);
    expect((await put(owner, 999_999, { drawings: [trend] })).status).toBe(404);
    expect((await get(owner, 0)).status).toBe(422);
  });

  it('refuses drawings that are not right: kind, points, prices, times, text, ids', async () => {
    const user = await createTestUser(server);
    const assetId = assetIds[0]!;
    const refused = async (drawing: unknown, message: string | null) => {
      const res = await put(user, assetId, { drawings: [drawing] });
      expect(res.status, JSON.stringify(drawing)).toBe(422);
      if (message) expect(res.body.message, JSON.stringify(drawing)).toBe(message);
      expect(JSON.stringify(res.body)).not.toMatch(/stack|at \/|\.ts:/);
    };
    await refused({ ...trend, kind: 'circle' }, drawingMessages.shape);
    await refused({ ...trend, points: [trend.points[0]] }, drawingMessages.shape);
    await refused({ ...level, points: trend.points }, drawingMessages.shape);
    await refused({ ...trend, points: [trend.points[0], trend.points[0], trend.points[0]] }, drawingMessages.shape);
    await refused({ ...trend, points: [] }, drawingMessages.shape);
    await refused({ ...trend, points: [{ time: T0, price: 1e13 }, trend.points[1]] }, drawingMessages.point);
    await refused({ ...trend, points: [{ time: T0 + 0.5, price: 1 }, trend.points[1]] }, drawingMessages.point);
    await refused({ ...trend, points: [{ time: -60, price: 1 }, trend.points[1]] }, drawingMessages.point);
    await refused({ ...trend, points: [{ time: T0, price: '1.08' }, trend.points[1]] }, drawingMessages.point);
    await refused({ ...note, text: '   ' }, drawingMessages.text);
    await refused({ ...note, text: 'x'.repeat(MAX_DRAWING_TEXT + 1) }, drawingMessages.text);
    await refused({ ...note, text: undefined }, drawingMessages.text);
    await refused({ ...trend, text: 'a trend line has no words' }, drawingMessages.text);
    await refused({ ...trend, id: '<script>' }, drawingMessages.shape);
    await refused({ ...trend, color: 'chartreuse' }, drawingMessages.shape);
    await refused({ ...trend, extra: true }, null);
    // JSON reads 1e999 as Infinity: a price that is not a finite number is refused.
    const infinite = await server.call('PUT', `/chart-drawings/${assetId}`, {
      token: user.token,
      headers: { 'content-type': 'application/json' },
      raw: `{"drawings":[{"id":"x","kind":"horizontal","color":"blue","points":[{"time":${T0},"price":1e999}]}]}`,
    });
    expect(infinite.status).toBe(422);
    // Two drawings with one id.
    expect((await put(user, assetId, { drawings: [trend, { ...level, id: trend.id }] })).status).toBe(422);
    expect((await put(user, assetId, { drawings: 'all' })).status).toBe(422);
    // Nothing refused was kept.
    expect((await get(user, assetId)).body.data.drawings).toEqual([]);
    // Words are kept as written (trimmed), markup and all: the chart draws them as text.
    const words = { ...note, text: '  <b>watch</b> 1.0850 ' };
    expect((await put(user, assetId, { drawings: [words] })).body.data.drawings).toEqual([{ ...words, text: '<b>watch</b> 1.0850' }]);
  });

  it(`keeps up to ${MAX_DRAWINGS} drawings per instrument and drawings on up to ${MAX_DRAWING_INSTRUMENTS} instruments`, async () => {
    const user = await createTestUser(server);
    const full = Array.from({ length: MAX_DRAWINGS }, (_, i) => line(i));
    expect((await put(user, assetIds[0]!, { drawings: full })).status).toBe(200);
    const over = await put(user, assetIds[0]!, { drawings: [...full, line(MAX_DRAWINGS)] });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe(drawingMessages.limit);
    expect((await get(user, assetIds[0]!)).body.data.drawings).toHaveLength(MAX_DRAWINGS);

    // The other instruments filled in the table, up to the cap.
    expect(assetIds).toHaveLength(MAX_DRAWING_INSTRUMENTS + 1);
    const rest = assetIds.slice(1, MAX_DRAWING_INSTRUMENTS);
    await server.ctx.db.insert(chartDrawings).values(rest.map((assetId) => ({ userId: user.id, assetId, drawings: [level] })));
    const last = assetIds[MAX_DRAWING_INSTRUMENTS]!;
    const refused = await put(user, last, { drawings: [trend] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(drawingMessages.instruments);
    expect((await get(user, last)).body.data.drawings).toEqual([]);
    // An instrument already kept still changes; once one is cleared, another takes its place.
    expect((await put(user, rest[0]!, { drawings: [trend] })).status).toBe(200);
    expect((await put(user, rest[1]!, { drawings: [] })).status).toBe(200);
    expect((await put(user, last, { drawings: [trend] })).status).toBe(200);
    // Another customer has caps of their own.
    expect((await put(await createTestUser(server), last, { drawings: [trend] })).status).toBe(200);
  });
});
