import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailChange,
  idParam,
  loginResponse,
  messageBody,
  passwordChange,
  passwordConfirm,
  sessionsResponse,
  tokenBody,
  twoFactorDisable,
  twoFactorEnable,
  twoFactorEnableResponse,
  twoFactorLogin,
  twoFactorSetupResponse,
} from '@bourse/contract';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../http/auth.ts';
import { changePassword, confirmEmailChange, endOtherSessions, endSession, requestEmailChange, sessionsOf } from './security.service.ts';
import { completeLogin, confirmSetup, disableTwoFactor, startSetup } from './two-factor.service.ts';

const tags = ['user'];

/** Where a request came from, kept with the session it opens. */
export const originOf = (req: FastifyRequest) => ({ userAgent: req.headers['user-agent'] ?? null, ip: req.ip });

/** Password, sessions, email change and two-factor sign-in of the signed-in user. */
export async function securityRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const window = ctx.config.rateLimit.windowMs;
  // Guessing a password or a code is limited per user, like sign-in is per address.
  const perUser = { rateLimit: { max: ctx.config.rateLimit.auth, timeWindow: window, keyGenerator: (req: FastifyRequest) => `security:${req.auth?.userId ?? req.ip}` } };
  const publicLimited = { auth: 'public' as const, rateLimit: { max: ctx.config.rateLimit.auth, timeWindow: window } };

  api.post('/user/password', { config: perUser, schema: { tags, body: passwordChange, response: { 200: messageBody } } }, async (req) => {
    const ended = await changePassword(ctx, authOf(req), req.body);
    return { message: ended ? `Your password has been changed. ${ended} other ${ended === 1 ? 'session was' : 'sessions were'} signed out.` : 'Your password has been changed.' };
  });

  api.get('/user/sessions', { schema: { tags, response: { 200: sessionsResponse } } }, async (req) => ({ data: await sessionsOf(ctx, authOf(req)) }));
  api.delete('/user/sessions/:id', { schema: { tags, params: idParam, response: { 200: messageBody } } }, async (req) => {
    await endSession(ctx, authOf(req), req.params.id);
    return { message: 'That session has been signed out.' };
  });
  api.delete('/user/sessions', { schema: { tags, response: { 200: messageBody } } }, async (req) => {
    const n = await endOtherSessions(ctx, authOf(req));
    return { message: n ? `Signed out ${n} other ${n === 1 ? 'session' : 'sessions'}.` : 'No other sessions were signed in.' };
  });

  api.post('/user/email', { config: perUser, schema: { tags, body: emailChange, response: { 200: messageBody } } }, async (req) => {
    await requestEmailChange(ctx, authOf(req), req.body.email, req.body.password);
    return { message: `We sent a confirmation link to ${req.body.email}. Your email changes when you open it.` };
  });
  api.post('/auth/confirm-email', { config: publicLimited, schema: { tags: ['auth'], body: tokenBody, response: { 200: messageBody } } }, async (req) => {
    const email = await confirmEmailChange(ctx, req.body.token);
    return { message: `Your email is now ${email}.` };
  });

  api.post('/user/two-factor/setup', { config: perUser, schema: { tags, body: passwordConfirm, response: { 200: twoFactorSetupResponse } } }, async (req) => ({
    data: await startSetup(ctx, authOf(req), req.body.password),
  }));
  api.post('/user/two-factor/enable', { config: perUser, schema: { tags, body: twoFactorEnable, response: { 200: twoFactorEnableResponse } } }, async (req) => ({
    data: { recovery_codes: await confirmSetup(ctx, authOf(req), req.body.code) },
    message: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  }));
  api.post('/user/two-factor/disable', { config: perUser, schema: { tags, body: twoFactorDisable, response: { 200: messageBody } } }, async (req) => {
    await disableTwoFactor(ctx, authOf(req), req.body.password, req.body.code);
    return { message: 'Two-factor sign-in is off.' };
  });

  api.post('/auth/login/two-factor', { config: publicLimited, schema: { tags: ['auth'], body: twoFactorLogin, response: { 200: loginResponse } } }, async (req) => ({
    data: await completeLogin(ctx, req.body.challenge, req.body.code, originOf(req)),
  }));
}
