import type pg from 'pg';

type AnyQuery = (...args: unknown[]) => unknown;

/**
 * Times every statement a pooled connection runs, from sending it to its answer, whether it was
 * called with a callback (the pool's own `query`) or for a promise (a transaction's connection). A
 * stream (a cursor) is not timed: it has neither.
 */
export function timeQueries(client: pg.PoolClient, observe: (seconds: number) => void): void {
  const query = client.query.bind(client) as AnyQuery;
  (client as { query: AnyQuery }).query = (...args: unknown[]) => {
    const began = performance.now();
    const done = () => observe((performance.now() - began) / 1000);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...answer: unknown[]) => {
        done();
        return (callback as AnyQuery)(...answer);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  };
}
