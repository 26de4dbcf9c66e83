// Settings shared by the FIX price source and the FIX execution venue. No jspurefix here: the
// engine is loaded only once a FIX session starts.
import { connect, type Socket } from 'node:net';
import type { FixLog } from './fix-log.ts';

/** How a price source or an execution venue reaches its provider's FIX gateway. */
export type FixConnectionOptions = {
  name: string;
  host: string;
  port: number;
  senderCompId: string;
  targetCompId: string;
  /** Sent in the Logon (553, 554) when the provider asks for them. */
  username?: string;
  password?: string;
  /** HeartBtInt of the Logon. Default 30. */
  heartbeatSeconds?: number;
  /** First wait before reconnecting, in seconds; doubles after each failure up to a minute. Default 1. */
  reconnectSeconds?: number;
  log?: FixLog & { warn(obj: object, msg: string): void };
};

/** The longest wait before reconnecting. */
export const FIX_MAX_BACKOFF_MS = 60_000;
/** From opening the connection to the provider's Logon answer. */
export const FIX_LOGON_TIMEOUT_MS = 10_000;
/** How long stop() waits for the provider to confirm a Logout. */
export const FIX_LOGOUT_WAIT_MS = 1_000;
/** For a connection given no logger. */
export const silentFixLog: NonNullable<FixConnectionOptions['log']> = { info() {}, debug() {}, trace() {}, warn() {} };

/** A TCP connection to the provider's gateway: small messages go out at once, and a dead peer is noticed. */
export function fixSocket(options: Pick<FixConnectionOptions, 'host' | 'port'>): Socket {
  const socket = connect({ host: options.host, port: options.port });
  socket.setNoDelay(true);
  socket.setKeepAlive(true, 30_000);
  return socket;
}

/** What went wrong, in words, for a status detail or a log line. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
