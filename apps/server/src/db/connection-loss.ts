/**
 * SQLSTATEs of a lost or refused connection: the backend was terminated (57P01–57P03: an operator's
 * pg_terminate_backend, a restart, a crash), the connection broke (class 08) or the server is full
 * (53300). The statement's transaction was rolled back by PostgreSQL, so the request can be retried.
 */
const LOST_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const LOST_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
/** node-postgres reports a socket closed under a query, and a connection attempt that timed out, by message only. */
const LOST_MESSAGE = /^Connection terminated|^Client has encountered a connection error|^terminating connection|^timeout exceeded when trying to connect/;

/** True when a database call failed because its connection was lost, also as drizzle wraps it. */
export function isConnectionLoss(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (LOST_STATES.has(code) || code.startsWith('08') || LOST_SOCKET_CODES.has(code)) return true;
    if (typeof e.message === 'string' && LOST_MESSAGE.test(e.message)) return true;
  }
  return false;
}
