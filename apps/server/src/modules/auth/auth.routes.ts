import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  autoLoginRequest,
  checkEmailRequest,
  checkEmailResponse,
  emailCodeRequest,
  emailCodeResponse,
  forgotPasswordRequest,
  loginRequest,
  loginChallengeResponse,
  loginResponse,
  messageBody,
  messages,
  registerRequest,
  resetPasswordRequest,
  userSchema,
  verifyEmailRequest,
  verifyEmailResponse,
} from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { autoLogin, checkEmail, login, registerCustomer, requestPasswordReset, resetPassword } from './auth.service.ts';
import { deleteSession } from './auth.repository.ts';
import { sendEmailCode, verifyEmailCode } from './email-verification.service.ts';
import { perAccountLimit } from './account-limit.ts';
import { originOf } from '../personal/security.routes.ts';

/** How long a password-reset request takes at least, whether the address is known or not. */
const RESET_ANSWER_FLOOR_MS = 100;

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Limits are per client address, so the answers say nothing about which emails exist.
  const { auth: max, windowMs } = ctx.config.rateLimit;
  const limited = { auth: 'public' as const, rateLimit: { max, timeWindow: windowMs } };
  // Guessing one account's password, flooding its inbox or probing its email from many addresses
  // also meets a limit per email asked about.
  const perAccount = (scope: string) => ({ preHandler: perAccountLimit(app, scope, max, windowMs) });
  const tags = ['auth'];
  // A session, or with two-factor on, the challenge that the code completes.
  const signInResponse = z.object({ data: z.union([loginResponse.shape.data, loginChallengeResponse.shape.data]) });

  api.post(
    '/auth/check-email',
    { config: limited, ...perAccount('check-email'), schema: { tags, body: checkEmailRequest, response: { 200: checkEmailResponse } } },
    async (req) => checkEmail(ctx, req.body.email, req.headers['accept-language']),
  );
  api.post(
    '/auth/email-code',
    { config: limited, ...perAccount('email-code'), schema: { tags, body: emailCodeRequest, response: { 200: emailCodeResponse } } },
    async (req) => {
      const expiresAt = await sendEmailCode(ctx, req.body.email, req.body.language);
      return { message: 'We have sent a 6-digit code to your email address.', data: { expires_at: expiresAt.toISOString() } };
    },
  );
  api.post(
    '/auth/verify-email',
    { config: limited, ...perAccount('verify-email'), schema: { tags, body: verifyEmailRequest, response: { 200: verifyEmailResponse } } },
    async (req) => ({ message: messages.emailVerified, data: { email_token: await verifyEmailCode(ctx, req.body) } }),
  );
  api.post(
    '/auth/register',
    { config: limited, schema: { tags, body: registerRequest, response: { 201: z.object({ message: z.string(), data: z.object({ user: userSchema, token: z.string() }) }) } } },
    async (req, reply) => {
      const data = await registerCustomer(ctx, req.body, originOf(req));
      return reply.status(201).send({ message: 'Registration successful', data });
    },
  );
  api.post(
    '/auth/login',
    { config: limited, ...perAccount('login'), schema: { tags, body: loginRequest, response: { 200: signInResponse } } },
    async (req) => ({ data: await login(ctx, req.body, originOf(req)) }),
  );
  api.post(
    '/auth/logout',
    { config: { allowDeactivated: true }, schema: { tags, response: { 200: messageBody } } },
    async (req) => {
      await deleteSession(ctx.db, authOf(req).sessionId);
      return { message: 'Logged out' };
    },
  );
  api.post(
    '/auth/forgot-password',
    { config: limited, ...perAccount('forgot-password'), schema: { tags, body: forgotPasswordRequest, response: { 200: messageBody } } },
    async (req) => {
      // A known address issues a link (a row, a mail) and an unknown one does nothing: both answer
      // after the same floor, so the time taken does not tell them apart.
      const started = performance.now();
      await requestPasswordReset(ctx, req.body.email, ctx.config.publicUrl);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, RESET_ANSWER_FLOOR_MS - (performance.now() - started))));
      return { message: 'If that email is registered, we have sent a link to reset the password.' };
    },
  );
  api.post(
    '/auth/reset-password',
    { config: limited, schema: { tags, body: resetPasswordRequest, response: { 200: messageBody } } },
    async (req) => {
      await resetPassword(ctx, req.body.token, req.body.password);
      return { message: 'Your password has been reset. You can now log in.' };
    },
  );
  api.post(
    '/auth/auto-login',
    { config: limited, schema: { tags, body: autoLoginRequest, response: { 200: signInResponse } } },
    async (req) => ({ data: await autoLogin(ctx, req.body.token, originOf(req)) }),
  );
}
