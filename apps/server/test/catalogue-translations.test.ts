import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestUser(server, { role: 'admin' });
  customer = await createTestUser(server);
});
afterAll(() => server.close());

const item = {
  name: 'Gold Primer',
  description: 'Five lessons on trading gold.',
  author: 'Bourse Academy',
  image: '/marketplace/cfd-course.svg',
  type: 'other',
  strategy: null,
  default_params: {},
  features: [],
  amount: '0.00',
  billing: 'one_time',
  published: true,
  plan_ids: [],
};
type Listed = { id: number; name: string; title: string; description: string };
const listed = async (id: number, lang?: string) => {
  const res = await server.call('GET', `/expert_advisors${lang ? `?lang=${lang}` : ''}`, { token: customer.token });
  expect(res.status).toBe(200);
  return (res.body.data as Listed[]).find((i) => i.id === id)!;
};

describe('catalogue texts per language', () => {
  it('keeps the texts the admin gives per language and lists each reader’s, falling back to English field by field', async () => {
    const translations = { ar: { name: 'مدخل إلى الذهب', description: 'خمسة دروس عن تداول الذهب.' }, fr: { name: 'Initiation à l’or', description: '' } };
    const created = await server.call('POST', '/admin/expert_advisors', { token: admin.token, body: { ...item, translations } });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect(created.body.data.translations).toEqual(translations);

    expect(await listed(id, 'ar')).toMatchObject({ name: 'مدخل إلى الذهب', title: 'مدخل إلى الذهب', description: 'خمسة دروس عن تداول الذهب.' });
    expect(await listed(id, 'fr')).toMatchObject({ title: 'Initiation à l’or', description: 'Five lessons on trading gold.' });
    expect(await listed(id, 'de')).toMatchObject({ title: 'Gold Primer', description: 'Five lessons on trading gold.' });
    expect(await listed(id)).toMatchObject({ title: 'Gold Primer' });

    const edited = await server.call('PUT', `/admin/expert_advisors/${id}`, { token: admin.token, body: { ...item, translations: { ar: { name: 'أساسيات الذهب', description: '' } } } });
    expect(edited.status).toBe(200);
    expect(await listed(id, 'ar')).toMatchObject({ title: 'أساسيات الذهب', description: 'Five lessons on trading gold.' });
    expect(await listed(id, 'fr')).toMatchObject({ title: 'Gold Primer' });
  });

  it('names the course the shop gives away in every language', async () => {
    const items = (await server.call('GET', '/expert_advisors?lang=ar', { token: customer.token })).body.data as (Listed & { type: string })[];
    expect(items.find((i) => i.type === 'other' && i.title === 'دورة تداول العقود مقابل الفروقات')).toBeDefined();
  });

  it('refuses an unknown language and a text over the limit', async () => {
    expect((await server.call('GET', '/expert_advisors?lang=xx', { token: customer.token })).status).toBe(422);
    const res = await server.call('POST', '/admin/expert_advisors', { token: admin.token, body: { ...item, translations: { ar: { name: 'x'.repeat(121), description: '' } } } });
    expect(res.status).toBe(422);
    expect((await server.call('POST', '/admin/expert_advisors', { token: admin.token, body: { ...item, translations: { en: { name: 'x', description: '' } } } })).status).toBe(422);
  });
});
