import type { IJsFixLogger, JsFixLoggerFactory } from 'jspurefix';

/** The few logger methods used (a pino logger has them all). */
export type FixLog = {
  info(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
  trace(obj: object, msg: string): void;
};

// Password (554) and NewPassword (925), as raw FIX (SOH between fields, or | where a message is
// shown for people) or as jspurefix's JSON. With SOH as the separator, a | may be part of a value.
const SOH = String.fromCharCode(1);
const RAW_SECRET = { soh: new RegExp(`(^|${SOH})(554|925)=[^${SOH}]*`, 'g'), bar: /(^|\|)(554|925)=[^|]*/g };
const JSON_SECRET = /"(Password|NewPassword)"\s*:\s*"(?:[^"\\]|\\.)*"/g;

/** A FIX message or log line with its passwords masked: jspurefix logs every message it sends, the Logon too. */
export function redactFix(text: string): string {
  const raw = text.includes(SOH) ? RAW_SECRET.soh : RAW_SECRET.bar;
  return text.replace(raw, '$1$2=***').replace(JSON_SECRET, '"$1":"***"');
}

/**
 * jspurefix's log lines, one step quieter than it writes them (it logs every message at info, while
 * what matters to an operator, logged on, dropped or refused, the feed reports itself), with
 * passwords masked.
 */
export function fixLogFactory(log: FixLog): JsFixLoggerFactory {
  const logger = (type: string): IJsFixLogger => ({
    info: (message) => log.debug({ fix: type }, redactFix(message)),
    debug: (message) => log.trace({ fix: type }, redactFix(message)),
    warning: (message) => log.info({ fix: type }, redactFix(message)),
    error: (err) => log.info({ fix: type, err: redactFix(err.message) }, 'FIX engine error'),
  });
  return { logger, plain: () => logger('plain') } as JsFixLoggerFactory;
}
