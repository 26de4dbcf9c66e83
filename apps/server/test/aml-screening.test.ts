import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amlMessages as msg } from '@bourse/contract';
import { amlHits, auditLog, depositWallets, sanctionsEntries, sanctionsNames, tradingAccounts, users } from '../src/db/schema/index.ts';
import { rescreeningSettled } from '../src/modules/aml/rescreening.service.ts';
import { screenCustomer } from '../src/modules/aml/screening.service.ts';
import { createTestUser, register, registrationForm, type TestUser } from './helpers/factories.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { useManualMarket } from './helpers/trading.ts';
import { verifyIdentity } from './helpers/verified.ts';

const fixtures = path.join(import.meta.dirname, 'fixtures', 'sanctions');
const fixture = (name: string) => readFile(path.join(fixtures, name), 'utf8');

let server: TestServer;
let admin: TestUser;
let support: TestUser;
let wallet: number;
let euXml: string;
let sdnCsv: string;
let altCsv: string;
beforeAll(async () => {
  server = await startTestServer();
  await useManualMarket(server);
  admin = await createTestUser(server, { role: 'admin' });
  support = await createTestUser(server, { role: 'support' });
  [euXml, sdnCsv, altCsv] = await Promise.all([fixture('eu-consolidated.xml'), fixture('sdn.csv'), fixture('alt.csv')]);
  const [row] = await server.ctx.db.insert(depositWallets).values({ crypto: 'usdt-trc20', address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', minAmount: '50' }).returning();
  wallet = row!.id;
});
afterAll(() => server.close());

/** POST /admin/aml/lists/:source as the back office sends it: the list file (and OFAC's aliases), multipart. */
async function importList(source: string, files: Record<string, { name: string; text: string }>, token = admin.token) {
  const form = new FormData();
  for (const [field, file] of Object.entries(files)) form.append(field, new Blob([file.text]), file.name);
  const res = await fetch(`${server.url}/api/v1/admin/aml/lists/${source}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown>; message: string; errors?: Record<string, string[]> } };
}
const importEu = (text = euXml, token = admin.token) => importList('eu', { file: { name: 'eu-consolidated.xml', text } }, token);
const importOfac = (sdn = sdnCsv, alt: string | null = altCsv) => importList('ofac', { file: { name: 'sdn.csv', text: sdn }, ...(alt === null ? {} : { aliases: { name: 'alt.csv', text: alt } }) });
const entriesOf = (source: 'eu' | 'ofac') => server.ctx.db.select().from(sanctionsEntries).where(eq(sanctionsEntries.source, source));
const hitsOf = (userId: number) => server.ctx.db.select().from(amlHits).where(eq(amlHits.userId, userId)).orderBy(amlHits.id);
const openHits = async (userId: number) => (await hitsOf(userId)).filter((h) => h.kind === 'sanctions' && h.status === 'open');

/** A customer signed up through the real registration flow under a name. */
async function registered(first: string, last: string): Promise<{ id: number; token: string }> {
  const res = await register(server, registrationForm({ first_name: first, last_name: last, username: `u${Math.random().toString(36).slice(2, 10)}` }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data.user.id, token: res.body.data.token };
}
/** Saves the personal page with some details changed, as the client area sends the whole form. */
async function setName(token: string, patch: Record<string, unknown>) {
  const { email: _email, avatar: _avatar, two_factor_enabled: _tfa, pending_email: _pending, ...form } = (await server.call('GET', '/user/profile', { token })).body.data;
  const phone = String(form.phone ?? '').replace(/^\+/, '') || '5550001234';
  return server.call('PATCH', '/user/profile', { token, body: { ...form, phone, country_code: form.country_code || '+1', country: form.country || 'france', ...patch } });
}

describe('importing the sanctions lists', () => {
  it('imports the EU consolidated XML and the OFAC SDN CSV with its aliases, in every script they carry', async () => {
    const eu = await importEu();
    expect(eu.status, JSON.stringify(eu.body)).toBe(201);
    expect(eu.body.data).toMatchObject({ source: 'eu', file_name: 'eu-consolidated.xml', entries: 4, names: 8, imported_by: admin.email });
    const ofac = await importOfac();
    expect(ofac.status, JSON.stringify(ofac.body)).toBe(201);
    // The vessel is left out; the aliases join their entries.
    expect(ofac.body.data).toMatchObject({ source: 'ofac', entries: 4, names: 8 });
    const sidorov = (await entriesOf('ofac')).find((e) => e.reference === '9001')!;
    expect(sidorov).toMatchObject({ kind: 'person', primaryName: 'SIDOROV, Ivan Petrovich', birthDates: ['1962-04-12'], programmes: 'RUSSIA-EO14024' });
    const rashid = (await entriesOf('eu')).find((e) => e.reference === '91002')!;
    const names = await server.ctx.db.select().from(sanctionsNames).where(eq(sanctionsNames.entryId, rashid.id));
    expect(names.map((n) => [n.name, n.normalised])).toEqual([
      ['Khalid Abdullah AL-RASHID', 'khalid abdullah rashid'],
      ['خالد عبدالله الراشد', 'khald bdallh rashd'],
    ]);
    const lists = await server.call('GET', '/admin/aml/lists', { token: admin.token });
    expect(lists.body.data.map((l: { source: string }) => l.source).sort()).toEqual(['eu', 'ofac']);
    const [entry] = await server.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'aml.list_imported')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorId: admin.id, subjectId: 'ofac', details: { file_name: 'sdn.csv + alt.csv', entries: 4, names: 8 } });
  });

  it('refuses a malformed file naming its line, and keeps the previous version whole', async () => {
    const before = (await entriesOf('ofac')).map((e) => e.reference).sort();
    const lines = sdnCsv.split('\r\n');
    lines[2] = lines[2]!.replace(',"IRAN",', ',');
    const short = await importOfac(lines.join('\r\n'));
    expect(short.status).toBe(422);
    expect(short.body.message).toBe('sdn.csv, line 3: expected 12 columns, found 11');
    expect(short.body.errors).toEqual({ file: [short.body.message] });
    const unknownAlias = await importOfac(sdnCsv, `${altCsv.replace('\u001a\r\n', '')}9999,600,"aka","NOBODY, Known",-0- \r\n`);
    expect([unknownAlias.status, unknownAlias.body.message]).toEqual([422, 'alt.csv, line 5: ent_num 9999 is not in sdn.csv']);
    const unclosed = await importOfac(sdnCsv.replace('"HADDAD, Samir"', '"HADDAD, Samir'));
    expect(unclosed.status).toBe(422);
    expect(unclosed.body.message).toMatch(/^sdn\.csv, line \d+: /);
    expect((await entriesOf('ofac')).map((e) => e.reference).sort()).toEqual(before);

    const euBefore = (await entriesOf('eu')).length;
    const broken = euXml.replace('<subjectType code="person" classificationCode="P"/>\n        <nameAlias firstName="Khalid"', '<subjectType code="person" classificationCode="P">\n        <nameAlias firstName="Khalid"');
    const notXml = await importEu(broken);
    expect(notXml.status).toBe(422);
    expect(notXml.body.message).toMatch(/^eu-consolidated\.xml, line \d+: not well-formed XML/);
    const nameless = await importEu(euXml.replace('wholeName="Nikolaos PAPADOPOULOS"', 'wholeName=""').replace('firstName="Nikolaos"', 'firstName=""').replace('lastName="PAPADOPOULOS"', 'lastName=""'));
    expect([nameless.status, nameless.body.message]).toEqual([422, 'eu-consolidated.xml, line 23: a nameAlias of entity 91003 has no name']);
    const wrongRoot = await importEu('<?xml version="1.0"?>\n<sdnList><sdnEntry/></sdnList>');
    expect([wrongRoot.status, wrongRoot.body.message]).toEqual([422, 'eu-consolidated.xml, line 2: expected the <export> element of the EU consolidated list, found <sdnList>']);
    const none = await importList('eu', {});
    expect([none.status, none.body.message]).toEqual([422, msg.fileRequired]);
    const aliasesOnEu = await importList('eu', { file: { name: 'eu.xml', text: euXml }, aliases: { name: 'alt.csv', text: altCsv } });
    expect([aliasesOnEu.status, aliasesOnEu.body.message]).toEqual([422, msg.aliasesOnlyOfac]);
    expect(await entriesOf('eu')).toHaveLength(euBefore);
  });

  it('is for administrators only: customers and support are refused every AML route', async () => {
    const customer = await createTestUser(server);
    for (const user of [customer, support]) {
      expect((await importEu(euXml, user.token)).status).toBe(403);
      for (const [method, url] of [['GET', '/admin/aml/lists'], ['GET', '/admin/aml/hits'], ['GET', '/admin/aml/settings'], ['PUT', '/admin/aml/settings'], ['POST', '/admin/aml/hits/1/clear'], ['POST', '/admin/aml/hits/1/confirm']] as const) {
        const res = await server.call(method, url, { token: user.token, body: method === 'GET' ? undefined : { reason: 'x' } });
        expect(res.status, `${method} ${url}`).toBe(403);
      }
    }
    expect((await server.call('GET', '/admin/aml/hits')).status).toBe(401);
  });
});

describe('screening customers', () => {
  it('hits a Latin registration against a Cyrillic alias, whatever the order of the names', async () => {
    const customer = await registered('Gritsenko', 'Aleksandr');
    const [hit] = await openHits(customer.id);
    expect(hit).toMatchObject({ source: 'eu', entryReference: '91001', matchedName: 'Александр Дмитриевич Гриценко', screenedName: 'Gritsenko Aleksandr', details: { trigger: 'registration' } });
    expect(Number(hit!.score)).toBeGreaterThan(0.95);
    const queue = await server.call('GET', '/admin/aml/hits?status=open', { token: admin.token });
    expect(queue.body.data.find((h: { id: number }) => h.id === hit!.id)).toMatchObject({ kind: 'sanctions', customer: 'Gritsenko Aleksandr', source: 'eu', entry_reference: '91001', status: 'open' });
    const [entry] = await server.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'aml.sanctions_hit'), eq(auditLog.userId, customer.id)));
    expect(entry).toMatchObject({ actorRole: 'system', subjectId: String(hit!.id) });
  });

  it('hits Arabic, Greek and diacritics-folded spellings, and an OFAC name written LAST, First', async () => {
    for (const [first, last, source, reference] of [
      ['Khalid', 'Al Rashid', 'eu', '91002'],
      ['Nikolaos', 'Papadopoulos', 'eu', '91003'],
      ['Jurgen', 'Muller', 'ofac', '9005'],
      ['Samir', 'Haddad', 'ofac', '9002'],
      ['Ivan', 'Sidorov', 'ofac', '9001'],
    ] as const) {
      const customer = await registered(first, last);
      expect((await openHits(customer.id)).map((h) => `${h.source}:${h.entryReference}`), `${first} ${last}`).toContain(`${source}:${reference}`);
    }
  });

  it('misses near names under the threshold', async () => {
    for (const [first, last] of [
      ['Ivan', 'Petrov'],
      ['Igor', 'Sidorov'],
      ['Grace', 'Hopper'],
    ]) {
      const customer = await registered(first!, last!);
      expect(await hitsOf(customer.id), `${first} ${last}`).toEqual([]);
    }
  });

  it('lowers a name match under the threshold with a date of birth years apart, and keeps it with the listed one', async () => {
    const other = await registered('Ivan', 'Sidorov');
    const [hit] = await openHits(other.id);
    await server.call('POST', `/admin/aml/hits/${hit!.id}/clear`, { token: admin.token, body: { reason: 'Different person: passport seen.' } });
    // The same name born in 1990: a different person, no new hit.
    expect((await setName(other.token, { date_of_birth: '1990-05-05' })).status).toBe(200);
    expect(await openHits(other.id)).toEqual([]);
    // Born on the listed day: the match is screened again and hits, higher.
    expect((await setName(other.token, { date_of_birth: '1962-04-12' })).status).toBe(200);
    const [again] = await openHits(other.id);
    expect(again).toMatchObject({ entryReference: '9001', screenedBirthDate: '1962-04-12', details: { trigger: 'profile' } });
    expect(Number(again!.score)).toBe(1);
  });

  it('screens again when the name changes on the personal page, once per entry while the hit is open', async () => {
    const customer = await registered('Maria', 'Lindqvist');
    expect(await hitsOf(customer.id)).toEqual([]);
    expect((await setName(customer.token, { first_name: 'Samir', last_name: 'Hadad' })).status).toBe(200);
    expect((await openHits(customer.id)).map((h) => h.entryReference)).toEqual(['9002']);
    // An unrelated change does not screen; the same name again adds no duplicate.
    expect((await setName(customer.token, { city: 'Lyon' })).status).toBe(200);
    expect((await setName(customer.token, { first_name: 'Samir', last_name: 'Haddad' })).status).toBe(200);
    expect(await openHits(customer.id)).toHaveLength(1);
  });

  it('follows the threshold the operator sets', async () => {
    const strict = await server.call('PUT', '/admin/aml/settings', { token: admin.token, body: { screening_threshold: 0.99 } });
    expect(strict.body.data.screening_threshold).toBe(0.99);
    const near = await registered('Khaled', 'Rashid');
    expect(await hitsOf(near.id)).toEqual([]);
    const bad = await server.call('PUT', '/admin/aml/settings', { token: admin.token, body: { screening_threshold: 2 } });
    expect([bad.status, bad.body.errors?.screening_threshold]).toEqual([422, [msg.threshold]]);
    await server.call('PUT', '/admin/aml/settings', { token: admin.token, body: { screening_threshold: 0.88 } });
    expect((await setName(near.token, { first_name: 'Khaled', last_name: 'Al-Rashid' })).status).toBe(200);
    expect((await openHits(near.id)).map((h) => h.entryReference)).toEqual(['91002']);
  });
});

const bank = { method: 'bank', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', holder: 'Ivan Sidorov' };
const hash = () => Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
const liveOf = async (userId: number) => (await server.ctx.db.select().from(tradingAccounts).where(and(eq(tradingAccounts.userId, userId), eq(tradingAccounts.kind, 'live'))))[0]!.id;
const deposit = (user: TestUser, live: number, amount: number) => server.call('POST', '/deposits/crypto', { token: user.token, body: { account_id: live, wallet_id: wallet, coin_amount: amount, tx_hash: hash() } });

/** A verified customer with money on their live account. */
async function funded(): Promise<{ user: TestUser; live: number }> {
  const user = await createTestUser(server);
  await verifyIdentity(server, user, admin.token);
  const live = await liveOf(user.id);
  const res = await deposit(user, live, 1000);
  expect(res.status).toBe(201);
  expect((await server.call('POST', `/admin/money/${res.body.data.id}/approve`, { token: admin.token, body: { credited_amount: 1000 } })).status).toBe(200);
  return { user, live };
}

describe('holding withdrawals', () => {
  it('refuses withdrawals while a hit is open, and again once it is confirmed; a cleared hit lets them through', async () => {
    const { user, live } = await funded();
    const withdraw = () => server.call('POST', '/withdrawals', { token: user.token, body: { ...bank, account_id: live, amount: 100 } });
    expect((await setName(user.token, { first_name: 'Ivan', last_name: 'Sidorov' })).status).toBe(200);
    const [hit] = await openHits(user.id);
    const held = await withdraw();
    expect([held.status, held.body.message]).toEqual([403, msg.withdrawalsHeld]);
    const noReason = await server.call('POST', `/admin/aml/hits/${hit!.id}/clear`, { token: admin.token, body: { reason: ' ' } });
    expect([noReason.status, noReason.body.errors?.reason]).toEqual([422, [msg.reason]]);
    const cleared = await server.call('POST', `/admin/aml/hits/${hit!.id}/clear`, { token: admin.token, body: { reason: 'Born 1988, different person.' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ status: 'cleared', reason: 'Born 1988, different person.', decided_by: admin.email });
    const twice = await server.call('POST', `/admin/aml/hits/${hit!.id}/confirm`, { token: admin.token, body: { reason: 'again' } });
    expect([twice.status, twice.body.message]).toEqual([409, msg.notOpen]);
    expect((await withdraw()).status).toBe(201);
    const [entry] = await server.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'aml.hit_cleared'), eq(auditLog.subjectId, String(hit!.id))));
    expect(entry).toMatchObject({ actorId: admin.id, userId: user.id, details: { reason: 'Born 1988, different person.', entry: '9001' } });

    // A new name hitting another entry: confirmed, withdrawals stay refused.
    expect((await setName(user.token, { first_name: 'Jürgen', last_name: 'Müller' })).status).toBe(200);
    const [second] = await openHits(user.id);
    expect((await server.call('POST', `/admin/aml/hits/${second!.id}/confirm`, { token: admin.token, body: { reason: 'Matches the listed passport.' } })).status).toBe(200);
    expect((await withdraw()).status).toBe(403);
    expect((await server.call('POST', '/admin/aml/hits/999999/clear', { token: admin.token, body: { reason: 'x' } })).status).toBe(404);
  });
});

describe('holding withdrawals while a hit is being written', () => {
  it('a withdrawal asked while a screening writes a hit waits for that hit and is refused by it', async () => {
    const { user, live } = await funded();
    let hitWritten!: () => void;
    const written = new Promise<void>((resolve) => (hitWritten = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // A name change screened in its own transaction, held open after the hit is written.
    const screening = server.ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ firstName: 'Ivan', lastName: 'Sidorov' }).where(eq(users.id, user.id));
      expect(await screenCustomer(tx, user.id, 'admin')).toBe(1);
      hitWritten();
      await gate;
    });
    await written;
    let answered = false;
    const withdrawal = server.call('POST', '/withdrawals', { token: user.token, body: { ...bank, account_id: live, amount: 100 } }).finally(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Still waiting: the hold is read under the customer's lock, which the screening holds.
    expect(answered).toBe(false);
    release();
    await screening;
    const res = await withdrawal;
    expect([res.status, res.body.message]).toEqual([403, msg.withdrawalsHeld]);
    const [account] = await server.ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, live));
    expect(account!.balance).toBe('1000.00');
  });
});

describe('screening every customer again when a list is imported', () => {
  it('opens hits for customers who signed up before their entry was listed, and none twice for an entry already open', async () => {
    const olga = await registered('Olga', 'Petrenko');
    const gritsenko = await registered('Gritsenko', 'Aleksandr');
    expect(await hitsOf(olga.id)).toEqual([]);
    expect((await openHits(gritsenko.id)).map((h) => h.entryReference)).toEqual(['91001']);
    const added = `    <sanctionEntity logicalId="91099">
        <regulation programme="UKR"/>
        <subjectType code="person" classificationCode="P"/>
        <nameAlias firstName="Olha" lastName="PETRENKO" wholeName="Olha PETRENKO" strong="true"/>
        <nameAlias wholeName="Ольга Петренко" nameLanguage="RU" strong="true"/>
    </sanctionEntity>
</export>`;
    const res = await importEu(euXml.replace('</export>', added));
    expect(res.status).toBe(201);
    const outcome = await rescreeningSettled(server.ctx);
    expect(outcome).toMatchObject({ source: 'eu' });
    expect(outcome!.customers).toBeGreaterThanOrEqual(2);
    const [hit] = await openHits(olga.id);
    expect(hit).toMatchObject({ source: 'eu', entryReference: '91099', screenedName: 'Olga Petrenko', details: { trigger: 'list_import' } });
    expect((await openHits(gritsenko.id)).map((h) => h.entryReference)).toEqual(['91001']);
    const [entry] = await server.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'aml.customers_rescreened')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorRole: 'system', subjectId: 'eu', details: { customers: outcome!.customers, hits: outcome!.hits } });
    expect(outcome!.hits).toBeGreaterThanOrEqual(1);
    // Importing the same list again opens nothing new.
    expect((await importEu(euXml.replace('</export>', added))).status).toBe(201);
    expect((await rescreeningSettled(server.ctx))!.hits).toBe(0);
    expect(await openHits(olga.id)).toHaveLength(1);
  });
});

describe('velocity and size rules', () => {
  it('flags a deposit over the single amount and the requests past the daily count and sum, without refusing them', async () => {
    const { user, live } = await funded();
    const set = await server.call('PUT', '/admin/aml/settings', { token: admin.token, body: { single_amount: 5000, daily_count: 3, daily_sum: 7000 } });
    expect(set.status).toBe(200);
    try {
      const big = await deposit(user, live, 6000);
      expect(big.status).toBe(201);
      const flags = async () => (await hitsOf(user.id)).filter((h) => h.kind === 'velocity').map((h) => [h.moneyRequestId, h.rule]);
      // 1000 (funding) + 6000 = 7000: the sum is not over yet; the amount is.
      expect(await flags()).toEqual([[big.body.data.id, 'single_amount']]);
      const third = await deposit(user, live, 100);
      expect(await flags()).toEqual([[big.body.data.id, 'single_amount'], [third.body.data.id, 'daily_sum']]);
      const fourth = await deposit(user, live, 100);
      expect((await flags()).slice(2)).toEqual([[fourth.body.data.id, 'daily_count'], [fourth.body.data.id, 'daily_sum']]);
      // Withdrawals count on their own.
      const out = await server.call('POST', '/withdrawals', { token: user.token, body: { ...bank, account_id: live, amount: 50 } });
      expect(out.status).toBe(201);
      expect((await flags()).length).toBe(4);
      const queue = await server.call('GET', '/admin/aml/hits?status=open', { token: admin.token });
      expect(queue.body.data.find((h: { money_request_id: number }) => h.money_request_id === big.body.data.id)).toMatchObject({ kind: 'velocity', rule: 'single_amount', details: { amount: '6000.00', limit: 5000, request_kind: 'deposit' } });
      // Staff see the flag on the request in the payments queue.
      const payments = await server.call('GET', '/admin/money?kind=deposit', { token: admin.token });
      const flagged = (payments.body.data as { id: number; aml_flags: string[] }[]).find((r) => r.id === big.body.data.id);
      expect(flagged?.aml_flags).toEqual(['single_amount']);
      expect((payments.body.data as { id: number; aml_flags: string[] }[]).find((r) => r.id === fourth.body.data.id)?.aml_flags).toEqual(['daily_count', 'daily_sum']);
      const [entry] = await server.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'aml.request_flagged'), eq(auditLog.subjectId, String(big.body.data.id))));
      expect(entry).toMatchObject({ userId: user.id, details: { rule: 'single_amount' } });
    } finally {
      await server.call('PUT', '/admin/aml/settings', { token: admin.token, body: { single_amount: null, daily_count: null, daily_sum: null } });
    }
  });
});
