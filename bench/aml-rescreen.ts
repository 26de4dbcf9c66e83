// Screening every existing customer again after a sanctions list is imported: 2,000 customers
// against a list the size of the EU consolidated list (about 12,000 entries and 30,000 names in
// Latin, Cyrillic and Arabic script, with spelling variants), on the embedded database or on
// PostgreSQL when DATABASE_URL is set. The product is `rescreenCustomers` as the import starts it
// (a page of customers screened outside any transaction, each page's hits in one short one). The
// peer, in the same run, is the registration path (`screenCustomer`, one customer at a time in its
// own transaction) over the first 200 customers. One customer in a hundred goes by a listed name.
// Prints JSON.
//   node bench/aml-rescreen.ts [--customers 2000] [--entries 12000]
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { ParsedEntry } from '../apps/server/src/modules/aml/sanctions-file.ts';
import { scratchPostgres } from '../apps/server/test/helpers/test-server.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { rowsOf } from '../apps/server/src/db/statement.ts';
import { rescreenCustomers } from '../apps/server/src/modules/aml/rescreening.service.ts';
import { importSanctionsList } from '../apps/server/src/modules/aml/sanctions-lists.service.ts';
import { screenCustomer, warmScreening } from '../apps/server/src/modules/aml/screening.service.ts';
import { startServer } from '../apps/server/src/server.ts';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const CUSTOMERS = arg('--customers', 2000);
const ENTRIES = arg('--entries', 12_000);
const PEER_CUSTOMERS = Math.min(200, CUSTOMERS);

const latinFirst = ['Ivan', 'Sergei', 'Oleksandr', 'Dmitry', 'Mikhail', 'Andrei', 'Viktor', 'Yuri', 'Nikolai', 'Pavel', 'Mohammed', 'Ahmad', 'Ali', 'Hassan', 'Hussein', 'Omar', 'Khalid', 'Abdullah', 'Ibrahim', 'Yusuf', 'Kim', 'Li', 'Wang', 'Chen', 'Jose', 'Carlos', 'Juan', 'Nikolaos', 'Georgios', 'Samir'];
// Surnames built from roots and endings, about 1,000 of them, as varied as a real list's.
const roots = ['Petr', 'Sidor', 'Kuznets', 'Sokol', 'Lebed', 'Kozl', 'Novik', 'Moroz', 'Volk', 'Hryts', 'Shevch', 'Bondar', 'Koval', 'Rash', 'Masr', 'Hadd', 'Khour', 'Nass', 'Hamd', 'Mans', 'Qas', 'Orl', 'Zayt', 'Tarab', 'Grom', 'Dub', 'Papadop', 'Georg', 'Karim', 'Yusufz', 'Tal', 'Bakh', 'Rahm', 'Aziz', 'Farh', 'Jabb', 'Kham', 'Mukh', 'Nur', 'Sharip'];
const endings = ['ov', 'enko', 'ev', 'in', 'id', 'ani', 'avi', 'uk', 'ski', 'yan', 'ashvili', 'oulos', 'iou', 'ullah', 'zada', 'bekov', 'ayev', 'ich', 'ak', 'ari', 'ovski', 'ets', 'ilov', 'imov', 'urov'];
const latinLast = roots.flatMap((root) => endings.map((ending) => `${root}${ending}`));
const cyrillicFirst = ['Иван', 'Сергей', 'Александр', 'Дмитрий', 'Михаил', 'Андрей', 'Виктор', 'Юрий', 'Николай', 'Павел'];
const cyrillicLast = ['Иванов', 'Петров', 'Сидоров', 'Смирнов', 'Кузнецов', 'Попов', 'Соколов', 'Лебедев', 'Козлов', 'Новиков', 'Морозов', 'Волков'];
const arabicFirst = ['محمد', 'أحمد', 'علي', 'حسن', 'حسين', 'عمر', 'خالد', 'عبدالله', 'إبراهيم', 'يوسف'];
const arabicLast = ['الراشد', 'المصري', 'حداد', 'خوري', 'ناصر', 'حمدان', 'صالح', 'منصور', 'قاسم'];
const customerFirst = ['Emma', 'Liam', 'Olivia', 'Noah', 'Sophie', 'Lucas', 'Marie', 'Jan', 'Anna', 'Paul', 'Laura', 'Tom', 'Julia', 'Felix', 'Clara', 'Hugo', 'Ines', 'Mateo', 'Sara', 'David', 'Ivan', 'Omar', 'Maria', 'Chen', 'Yusuf'];
const customerLast = ['Martin', 'Bernard', 'Dubois', 'Muller', 'Schmidt', 'Schneider', 'Fischer', 'Rossi', 'Russo', 'Garcia', 'Lopez', 'Silva', 'Santos', 'Jansen', 'de Vries', 'Nowak', 'Kowalski', 'Novak', 'Horvat', 'Popescu', 'Nielsen', 'Hansen', 'Johansson', 'Larsen', 'Brown'];

/** A deterministic stream of choices, so every run screens the same names. */
function chooser(seed: number) {
  let s = seed;
  return <T>(list: readonly T[]): T => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return list[s % list.length]!;
  };
}

/** A list like the EU's: each entry a Latin name with a middle name or patronymic, most with an alias in another script or spelling. */
function syntheticList(): ParsedEntry[] {
  const pick = chooser(7);
  return Array.from({ length: ENTRIES }, (_, i) => {
    const names = [`${pick(latinFirst)} ${pick(latinFirst)}ovich ${pick(latinLast).toUpperCase()}`];
    if (i % 3 === 0) names.push(`${pick(cyrillicFirst)} ${pick(cyrillicLast)}`);
    else if (i % 3 === 1) names.push(`${pick(arabicFirst)} ${pick(arabicLast)}`);
    if (i % 2 === 0) names.push(`${pick(latinLast)}, ${pick(latinFirst)}`);
    return { reference: String(100_000 + i), kind: 'person', primaryName: names[0]!, programmes: 'BENCH', birthDates: i % 4 ? [`19${50 + (i % 40)}-0${1 + (i % 9)}-1${i % 9}`] : [], names };
  });
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: Math.round(performance.now() - started), result };
}

async function run() {
  const scratch = process.env.DATABASE_URL ? await scratchPostgres(process.env.DATABASE_URL, 'bourse_bench') : null;
  const dataDir = path.join(tmpdir(), `bourse-bench-rescreen-${randomBytes(4).toString('hex')}`);
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PRICE_AUTO_TICK: 'false' }), port: 0, host: '127.0.0.1', databaseUrl: scratch?.url ?? null, seedDemoUsers: false, runWorkers: false };
  const server = await startServer(config, { logger: false });
  try {
    const ctx = server.ctx;
    const tag = randomBytes(3).toString('hex');
    const pick = chooser(11);
    const list = syntheticList();
    // One customer in a hundred goes by a listed person's first and last name: the hits the re-screening writes.
    const people = Array.from({ length: CUSTOMERS }, (_, i) => {
      const listed = list[(i * 37) % list.length]!.primaryName.split(' ');
      return i % 100 === 0 ? ([listed[0]!, listed[2]!] as const) : ([pick(customerFirst), pick(customerLast)] as const);
    });
    await ctx.db.execute(sql`
      INSERT INTO users (email, password_hash, first_name, last_name, username, account_id, account_type_id, status, date_of_birth)
      SELECT 'bench.' || p.n || '.' || ${tag} || '@example.com', 'not-used', p.first, p.last, 'bench' || p.n || ${tag}, 'B' || ${tag} || p.n,
        (SELECT min(id) FROM account_types), 'active', '1980-01-01'
      FROM jsonb_to_recordset(${JSON.stringify(people.map(([first, last], n) => ({ n, first, last })))}::jsonb) AS p(n int, first text, last text)`);
    const names = list.reduce((n, e) => n + e.names.length, 0);
    const [admin] = rowsOf<{ id: number }>(
      await ctx.db.execute(sql`
        INSERT INTO users (email, password_hash, first_name, last_name, username, account_id, account_type_id, status, role)
        VALUES (${`bench.admin.${tag}@example.com`}, 'not-used', 'Bench', 'Admin', ${`benchadmin${tag}`}, ${`A${tag}`}, (SELECT min(id) FROM account_types), 'active', 'admin')
        RETURNING id`),
    );
    await importSanctionsList(ctx, { userId: admin!.id, role: 'admin' }, 'eu', 'bench.xml', list);
    await warmScreening(ctx.db);

    const product = await timed(() => rescreenCustomers(ctx, 'eu'));
    const peerIds = rowsOf<{ id: number }>(await ctx.db.execute(sql`SELECT id FROM users WHERE role = 'customer' ORDER BY id LIMIT ${PEER_CUSTOMERS}`)).map((r) => r.id);
    const peer = await timed(async () => {
      for (const id of peerIds) await ctx.db.transaction((tx) => screenCustomer(tx, id, 'admin'));
    });
    const productPerCustomer = product.ms / CUSTOMERS;
    const peerPerCustomer = peer.ms / peerIds.length;
    console.log(
      JSON.stringify(
        {
          benchmark: 'aml-rescreen',
          engine: scratch ? 'postgres' : 'pglite',
          customers: CUSTOMERS,
          listed_entries: ENTRIES,
          listed_names: names,
          hits: product.result.hits,
          rescreen_ms: product.ms,
          per_customer_ms: Number(productPerCustomer.toFixed(2)),
          peer: { name: 'screenCustomer one at a time', customers: peerIds.length, ms: peer.ms, per_customer_ms: Number(peerPerCustomer.toFixed(2)) },
          vs_peer: Number((productPerCustomer / peerPerCustomer).toFixed(3)),
        },
        null,
        2,
      ),
    );
  } finally {
    await server.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await run();
