import pg from 'pg';

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * A pool whose borrowed connections go back (to be dropped) when their backend goes away, even if
 * the borrower never gives them back: drizzle's transaction sends BEGIN before its try/finally, so
 * a connection lost on BEGIN would stay borrowed for ever and, a few losses later, the pool would
 * have nothing left to lend.
 */
export class ResilientPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    // With a callback it is the pool's own `query`, which always releases.
    if (!callback) return super.connect().then(returnedWhenLost);
    super.connect(callback);
    return undefined;
  }
}

function returnedWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let returned = false;
  const onEnd = () => giveBack(new Error('Connection terminated'));
  const giveBack = (err?: Error | boolean) => {
    if (returned) return;
    returned = true;
    client.off('end', onEnd);
    release(err);
  };
  client.once('end', onEnd);
  client.release = giveBack;
  return client;
}
