import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a credential: one-time and signed links, keys, codes. */
const SECRET_PARAMS = /^(token|signature|sig|key|code|password|secret|otp|email_token|auth|access_token)$/i;

/** A URL as the log may keep it: the values of credential-bearing query parameters replaced. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const name of [...params.keys()]) {
    if (!SECRET_PARAMS.test(name)) continue;
    params.set(name, '[redacted]');
    changed = true;
  }
  return changed ? `${url.slice(0, at)}?${params.toString()}` : url;
}

/**
 * The request as request log lines show it (Fastify's default fields), its URL redacted. Headers
 * and bodies are never logged, so a bearer token, a password, a TOTP code or a card number sent
 * the usual way never reaches the log.
 */
export const requestSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: loggableUrl(request.url), host: request.host, remoteAddress: request.ip };
  },
};
