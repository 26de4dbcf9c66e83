import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseMessages } from '@bourse/contract';
import { eaPurchases, expertAdvisors, tradingAccounts } from '../src/db/schema/index.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let courseId: number;
beforeAll(async () => {
  server = await startTestServer();
  const [course] = await server.ctx.db.select().from(expertAdvisors).where(eq(expertAdvisors.slug, 'cfd-course'));
  courseId = course!.id;
});
afterAll(() => server.close());

type Course = { id: number; lessons: number; completed: number; lesson_list: { id: number; position: number; title: string; body: string; completed_at: string | null }[] };

/** Ownership as a purchase leaves it (how it was paid for is the marketplace's business). */
async function own(user: TestUser, eaId: number) {
  const [account] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id));
  await server.ctx.db.insert(eaPurchases).values({ userId: user.id, accountId: account!.id, eaId, amount: '0' });
}

describe('courses', () => {
  it('opens the twelve lessons in order for the owner only', async () => {
    const owner = await createTestUser(server);
    const stranger = await createTestUser(server);
    await own(owner, courseId);

    const res = await server.call('GET', `/courses/${courseId}`, { token: owner.token });
    expect(res.status).toBe(200);
    const course = res.body.data as Course;
    expect(course).toMatchObject({ id: courseId, lessons: 12, completed: 0 });
    expect(course.lesson_list.map((l) => l.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(course.lesson_list[0]!.title).toBe('What a CFD is');
    expect(course.lesson_list.every((l) => l.body.length > 300 && l.completed_at === null)).toBe(true);

    const refused = await server.call('GET', `/courses/${courseId}`, { token: stranger.token });
    expect(refused).toMatchObject({ status: 403, body: { message: courseMessages.notOwned } });
    const lesson = course.lesson_list[0]!.id;
    expect((await server.call('PUT', `/courses/${courseId}/lessons/${lesson}/complete`, { token: stranger.token })).status).toBe(403);
    expect((await server.call('GET', '/courses', { token: stranger.token })).body.data).toEqual([]);
    expect((await server.call('GET', `/courses/${courseId}`)).status).toBe(401);
  });

  it('keeps each reader’s progress on the server', async () => {
    const owner = await createTestUser(server);
    const other = await createTestUser(server);
    await own(owner, courseId);
    await own(other, courseId);
    const lessons = ((await server.call('GET', `/courses/${courseId}`, { token: owner.token })).body.data as Course).lesson_list;
    for (const l of lessons.slice(0, 2)) expect((await server.call('PUT', `/courses/${courseId}/lessons/${l.id}/complete`, { token: owner.token })).status).toBe(200);
    const again = await server.call('PUT', `/courses/${courseId}/lessons/${lessons[0]!.id}/complete`, { token: owner.token });
    expect((again.body.data as Course).completed).toBe(2);

    const list = await server.call('GET', '/courses', { token: owner.token });
    expect(list.body.data).toEqual([{ id: courseId, name: 'CFD Trading Course', image: '/marketplace/cfd-course.svg', lessons: 12, completed: 2 }]);
    const read = (await server.call('GET', `/courses/${courseId}`, { token: owner.token })).body.data as Course;
    expect(read.lesson_list.map((l) => l.completed_at !== null)).toEqual([true, true, ...Array(10).fill(false)]);
    // Another owner's progress is their own.
    expect(((await server.call('GET', `/courses/${courseId}`, { token: other.token })).body.data as Course).completed).toBe(0);
  });

  it('finds no course in an advisor, and no lesson of another course', async () => {
    const owner = await createTestUser(server);
    await own(owner, courseId);
    const [advisor] = await server.ctx.db.select().from(expertAdvisors).where(eq(expertAdvisors.slug, 'trend-rider'));
    await own(owner, advisor!.id);
    expect((await server.call('GET', `/courses/${advisor!.id}`, { token: owner.token })).status).toBe(404);
    expect((await server.call('PUT', `/courses/${courseId}/lessons/999999/complete`, { token: owner.token })).status).toBe(404);
  });

  it('sells no signal pack, which nothing would deliver', async () => {
    const user = await createTestUser(server);
    const items = (await server.call('GET', '/expert_advisors', { token: user.token })).body.data as { name: string; type: string }[];
    expect(items.map((i) => i.name)).not.toContain('FX Signal Pack');
    expect(items.filter((i) => i.type === 'other').map((i) => i.name)).toEqual(['CFD Trading Course']);
  });
});
