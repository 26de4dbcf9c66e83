import type { ErrorBody } from '@bourse/contract';
import { API_TIMEOUT_MS, NO_401_REDIRECT_PATHS } from '@/config/constants';
import { i18next } from '@/i18n/i18n';

/** A failed call: HTTP status (0 for network/timeout) and the server's `{message, errors}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Partial<ErrorBody> | null;
  constructor(status: number, message: string, body: Partial<ErrorBody> | null) {
    super(message);
    this.status = status;
    this.body = body;
  }
  /** First message for a field, for forms, in the reader's language. */
  field(name: string): string | undefined {
    const first = this.body?.errors?.[name]?.[0];
    return first === undefined ? undefined : serverWords(first);
  }
  /** The first message of each field the server named, in the reader's language. */
  fields(): Record<string, string> {
    const entries = Object.entries(this.body?.errors ?? {}).flatMap(([name, list]) => (list[0] ? [[name, serverWords(list[0])]] : []));
    return Object.fromEntries(entries);
  }
}

type Options = { body?: unknown; signal?: AbortSignal; headers?: Record<string, string>; skipAuthRedirect?: boolean };

let baseUrl = '/api/v1';
let tokenProvider: () => string | null = () => null;
let onUnauthorized: () => void = () => {};
const redirected401 = new Set<string>();

/** The API root is same-origin by default and replaceable at runtime (SPEC §7). */
export function configureApi(opts: { baseUrl?: string; token?: () => string | null; onUnauthorized?: () => void }) {
  if (opts.baseUrl !== undefined) baseUrl = opts.baseUrl;
  if (opts.token) tokenProvider = opts.token;
  if (opts.onUnauthorized) onUnauthorized = opts.onUnauthorized;
}

export function authHeaders(): Record<string, string> {
  const token = tokenProvider();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export function apiUrl(path: string): string {
  if (!baseUrl) throw new Error('No base URL configured');
  return `${baseUrl}${path}`;
}

/** JSON request with bearer auth, 15 s timeout, error logging and the SPEC's 401 rule. */
export async function api<T>(method: string, path: string, opts: Options = {}): Promise<T> {
  const url = apiUrl(path);
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...authHeaders(), ...opts.headers },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal,
    });
  } catch {
    const timedOut = timeout.aborted;
    const statusText = timedOut ? 'timeout' : 'network error';
    console.error('API error', { status: 0, statusText, url, method });
    throw new ApiError(0, timedOut ? 'The server took too long to answer.' : 'Could not reach the server.', null);
  }
  const text = await res.text();
  const data = text ? safeJson(text) : null;
  if (!res.ok) {
    console.error('API error', { status: res.status, statusText: res.statusText, data, url, method });
    if (res.status === 401) handle401(method, path, opts.skipAuthRedirect);
    const body = (data && typeof data === 'object' ? data : null) as Partial<ErrorBody> | null;
    throw new ApiError(res.status, body?.message ?? res.statusText ?? 'Request failed', body);
  }
  return data as T;
}

/**
 * A multipart POST (fields and files) with bearer auth, for uploads: no timeout, a large file takes
 * what it takes. Rejects with the server's `{message, errors}`, or with `fallback(status)` when the
 * answer has no message (a proxy's 413, a crash).
 */
export async function postForm<T>(path: string, body: FormData, fallback: (status: number) => string): Promise<T> {
  const url = apiUrl(path);
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: { Accept: 'application/json', ...authHeaders() }, body });
  } catch {
    throw new ApiError(0, i18next.t('Could not reach the server.'), null);
  }
  const data = (await res.json().catch(() => null)) as (T & Partial<ErrorBody>) | null;
  if (res.ok && data) return data;
  console.error('API error', { status: res.status, statusText: res.statusText, data, url, method: 'POST' });
  const message = data?.message ?? fallback(res.status);
  throw new ApiError(res.status, message, data ?? { message });
}

/** SPEC §4: the first 401 of a request outside the public paths clears the session and goes to /. */
function handle401(method: string, path: string, skip?: boolean) {
  const key = `${method} ${path}`;
  if (skip || redirected401.has(key)) return;
  redirected401.add(key);
  if (!NO_401_REDIRECT_PATHS.includes(window.location.pathname)) onUnauthorized();
}

export function resetUnauthorizedMemory() {
  redirected401.clear();
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const http = {
  get: <T>(path: string, opts?: Options) => api<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: Options) => api<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: Options) => api<T>('PUT', path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: Options) => api<T>('PATCH', path, { ...opts, body }),
  delete: <T>(path: string, opts?: Options) => api<T>('DELETE', path, opts),
};

/** A contract message the server ended with a detail of someone else's words: "<message>: <detail>." or "<message>." */
const WITH_DETAIL = /^(.+?)(?:: (.+))?\.$/s;

/**
 * Words the server wrote, in the reader's language when the catalogue has them (the contract's
 * messages, listed in `i18n/error-messages.ts`), else as they came: a message with values filled
 * in, or one newer than this client. A message followed by a detail it cannot translate (a
 * liquidity provider's reason for refusing an order) is translated and keeps the detail as it came.
 */
export function serverWords(text: string): string {
  if (i18next.exists(text)) return i18next.t(text);
  const [, message, detail] = WITH_DETAIL.exec(text) ?? [];
  if (!message || !i18next.exists(message)) return text;
  return detail === undefined ? `${i18next.t(message)}.` : i18next.t('{{message}}: {{detail}}.', { message: i18next.t(message), detail });
}

/** A message for a toast: the server's words when it gave any, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status > 0 && error.body?.message ? serverWords(error.body.message) : fallback;
}
