/**
 * Passkeys (issue 41, beyond SPEC 7): add, list and remove them on the session; sign in
 * with one from the login view (use-cases/passkeys.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginAnswerSchema } from '../../contract/account';
import { IdParamsSchema, SuccessSchema, UserQuerySchema } from '../../contract/common';
import {
  PasskeyListSchema,
  PasskeyLoginBodySchema,
  PasskeyOptionsBodySchema,
  PasskeyOptionsSchema,
  PasskeyRegisterBodySchema,
  PasskeySchema,
} from '../../contract/passkeys';
import { USER_SESSION_DAYS } from '../db/repositories/sessions';
import { actor } from '../plugins/guard';
import { USER_COOKIE, setSessionCookie } from '../plugins/session';
import {
  addPasskey,
  myPasskeys,
  passkeyLogin,
  passkeyLoginOptions,
  passkeyRegistrationOptions,
  removePasskey,
} from '../use-cases/passkeys';

export const passkeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.secureCookies;

  app.post(
    '/auth/passkeys/register/options',
    {
      schema: {
        operationId: 'passkeyRegistrationOptions',
        summary: 'Start adding a passkey',
        description:
          'Asks for the current password, as a password change does (wrong ones count like failed sign-ins). ' +
          'The options are for `navigator.credentials.create`; their challenge holds for five minutes and answers once.',
        tags: ['Account'],
        answer: 'Options for creating a discoverable passkey for this site.',
        errors: { 400: 'The password is wrong, or the user already keeps the most passkeys there may be.' },
        querystring: UserQuerySchema,
        body: PasskeyOptionsBodySchema,
        response: { 200: PasskeyOptionsSchema },
      },
    },
    async (request) => passkeyRegistrationOptions(app, actor(request).id, request.body.password, request.ip),
  );

  app.post(
    '/auth/passkeys/register/verify',
    {
      schema: {
        operationId: 'addPasskey',
        summary: 'Add a passkey',
        description: "The authenticator's answer to the options' challenge, checked against this site's origin, and a name for the list.",
        tags: ['Account'],
        answer: 'The new passkey, as the list shows it.',
        errors: {
          400: 'The challenge is used, expired or not this user\'s, or the answer does not verify.',
          409: 'That passkey is already added.',
        },
        querystring: UserQuerySchema,
        body: PasskeyRegisterBodySchema,
        response: { 200: PasskeySchema },
      },
    },
    async (request) => addPasskey(app, actor(request).id, request.body),
  );

  app.get(
    '/auth/passkeys',
    {
      schema: {
        operationId: 'listPasskeys',
        summary: "List the user's passkeys",
        description: 'Names and dates only; never a key.',
        tags: ['Account'],
        answer: 'The passkeys, oldest first.',
        querystring: UserQuerySchema,
        response: { 200: PasskeyListSchema },
      },
    },
    async (request) => myPasskeys(app, actor(request).id),
  );

  app.delete(
    '/auth/passkeys/:id',
    {
      schema: {
        operationId: 'removePasskey',
        summary: 'Remove a passkey',
        description: 'It no longer signs in. The password and the other passkeys still do.',
        tags: ['Account'],
        answer: 'Done.',
        errors: { 404: 'No such passkey of this user.' },
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request) => {
      await removePasskey(app, actor(request).id, request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/auth/passkeys/login/options',
    {
      config: { auth: 'none', rateLimit: app.routeLimits.login },
      schema: {
        operationId: 'passkeyLoginOptions',
        summary: 'Start signing in with a passkey',
        description:
          'Options for `navigator.credentials.get` naming no one: the passkey says whose it is. The challenge ' +
          'holds for five minutes and answers once. Counted with sign-ins per client address.',
        tags: ['Account'],
        answer: 'Options for asking the authenticator.',
        errors: { 429: 'Too many sign-ins from this address.' },
        response: { 200: PasskeyOptionsSchema },
      },
    },
    async () => passkeyLoginOptions(app),
  );

  app.post(
    '/auth/passkeys/login/verify',
    {
      config: { auth: 'none', rateLimit: app.routeLimits.login },
      schema: {
        operationId: 'passkeyLogIn',
        summary: 'Sign in with a passkey',
        description:
          "The authenticator's answer to a sign-in challenge. On the terms of a password sign-in: a ban still in " +
          'force refuses, a deactivated account comes back, and failures count against the account from this ' +
          'client as wrong passwords do.',
        tags: ['Account'],
        answer: 'The user, signed in (the answer sets the `wf_session` cookie), and whether the account was reactivated.',
        errors: {
          401: 'The challenge, the passkey or its signature did not hold (the same answer for each).',
          403: 'The account is banned; the detail says until when.',
          429: 'Too many attempts from this address, or this client must wait after failing (see Retry-After).',
        },
        body: PasskeyLoginBodySchema,
        response: { 200: LoginAnswerSchema },
      },
    },
    async (request, reply) => {
      const { user, reactivated, token } = await passkeyLogin(app, request.body.response, request.ip);
      setSessionCookie(reply, USER_COOKIE, token, secure, USER_SESSION_DAYS * 86_400);
      return { user, reactivated };
    },
  );
};
