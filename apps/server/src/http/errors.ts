import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@bourse/contract';
import { isConnectionLoss } from '../db/connection-loss.ts';

/** An error whose message is safe to show the client. */
export class HttpError extends Error {
  readonly status: number;
  readonly errors?: Record<string, string[]>;
  readonly headers?: Record<string, string>;
  constructor(status: number, message: string, errors?: Record<string, string[]>, headers?: Record<string, string>) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Unauthenticated.') => new HttpError(401, message);
export const forbidden = (message = 'This action is unauthorized.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
/** 422 with one message per field, the shape of DESIGN §5. */
export const invalid = (field: string, message: string) => new HttpError(422, message, { [field]: [message] });

/** The answer to every request over a rate limit. */
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later.';

const DB_UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';
const DB_RETRY_SECONDS = '2';

/** Maps every error to `{message, errors?}`; nothing internal (stack, SQL, path) leaves the server. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(body(error.message, error.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = fieldOf(issue.instancePath) || String(issue.params?.issue && (issue.params.issue as { path?: unknown[] }).path?.join('.') || '') || '_';
        (errors[field] ??= []).push(readable(field, issue.message));
      }
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
      return reply.status(422).send(body(first, errors));
    }
    const status = error.statusCode ?? 500;
    if (isConnectionLoss(error)) {
      // Rolled back by PostgreSQL with its connection; the pool opens a fresh one for the retry.
      request.log.warn({ err: error }, 'database connection lost');
      return reply.status(503).headers({ 'Retry-After': DB_RETRY_SECONDS }).send(body(DB_UNAVAILABLE));
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(body('Server Error.'));
    }
    if (status === 429) return reply.status(429).send(body(TOO_MANY_ATTEMPTS));
    // Fastify's own 4xx (bad JSON, wrong content type, too large): its message names no internals.
    return reply.status(status).send(body(clientMessage(error)));
  });
}

function body(message: string, errors?: Record<string, string[]>): ErrorBody {
  return errors ? { message, errors } : { message };
}

/** zod's own wording ("Too small: expected string to have >=16 characters"), never shown as it is. */
const VALIDATOR_TEXT = /^(Too (small|big)|Invalid (input|string|option|number|type|value|email|url|union|key|element|date)|Unrecognized key|Expected )/;

/**
 * A schema's own message is plain language; where a schema gave none, zod's text is replaced: a
 * missing field says so, anything else names the field to check.
 */
function readable(field: string, message: string | undefined): string {
  const name = field === '_' ? 'request' : field.replaceAll('_', ' ').replaceAll('.', ' ');
  if (message?.endsWith('received undefined')) return `The ${name} field is required.`;
  if (!message || VALIDATOR_TEXT.test(message)) return `Check the ${name}: the value is not valid.`;
  return message;
}

function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.');
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return error.statusCode === 404 ? 'Not found.' : 'The request could not be processed.';
  }
}
