import pg from 'pg';

/**
 * Waits until no session is connected to the database `name`: a closed pool's backends may still be
 * exiting, and PostgreSQL refuses to copy, or cleanly drop, a database that has sessions.
 */
export async function untilUnused(client: pg.Client, name: string) {
  for (let i = 0; i < 100; i++) {
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0]!.n === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Runs `fn` on a connection of its own to `baseUrl`, closed afterwards. */
export async function admin(baseUrl: string, fn: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}
