import { type Placeholder, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client.ts';

type Prepared<R> = { execute(values?: Record<string, unknown>): Promise<R> };
/** What drizzle keeps on a database or transaction: its session, whose `client` runs the queries. */
type WithSession = { session: { client: unknown } };

/**
 * A statement drizzle builds once, with its inputs as `sql.placeholder`s, then runs as a named
 * prepared statement on whatever it is given: the database (any pooled connection) or an open
 * transaction (that transaction's connection). Building a statement's SQL and row mapping anew
 * for each call cost more CPU than the database spent running it (bench/orders), so the statements
 * every order or request makes are built this way.
 *
 * drizzle binds a prepared query to the connection it was made on; running it in another
 * transaction takes a copy whose `client` is that transaction's (the one field `execute` reads it
 * from, in both the node-postgres and the PGlite drivers). The order tests run every call through
 * here, so a driver that stops working this way fails them.
 */
export function statement<R, V extends Record<string, unknown> = Record<string, unknown>>(
  name: string,
  build: (db: DbOrTx) => { prepare(name: string): Prepared<R> },
): (db: DbOrTx, values: V) => Promise<R> {
  // One build per driver: a process may hold an embedded database and a PostgreSQL one.
  const built = new Map<unknown, Prepared<R>>();
  return (db, values) => {
    const session = (db as unknown as WithSession).session;
    const driver = session.constructor;
    let prepared = built.get(driver);
    if (!prepared) built.set(driver, (prepared = build(db as Db).prepare(name)));
    const bound: Prepared<R> = Object.create(prepared, { client: { value: session.client } });
    return bound.execute(values);
  };
}

/** A placeholder named after each column (after `prefix` and the column), for an insert built once by statement(). */
export function placeholders<const C extends readonly string[], const P extends string = ''>(columns: C, prefix?: P): { [K in C[number]]: Placeholder<`${P}${K}`> } {
  return Object.fromEntries(columns.map((c) => [c, sql.placeholder(`${prefix ?? ''}${c}`)])) as { [K in C[number]]: Placeholder<`${P}${K}`> };
}

/** The rows of a raw `db.execute(sql…)`: both drivers (pg and PGlite) answer it with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
