// Settings shared by the FIX price source and the FIX execution venue. No jspurefix here: the
// engine is loaded only once a FIX session starts.
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
