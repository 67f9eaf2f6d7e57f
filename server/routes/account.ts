/** SPEC 7 "Account": the six calls, on the session cookie, plus the session probes. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangePasswordQuerySchema,
  LoginAnswerSchema,
  LoginBodySchema,
  PasswordResetBodySchema,
  PasswordResetConfirmBodySchema,
  ProfileBodySchema,
  ProfilePhotoBodySchema,
  RegisterBodySchema,
  SessionAnswerSchema,
  VerifyEmailBodySchema,
} from '../../contract/account';
import { SuccessSchema, UserQuerySchema, UserSchema } from '../../contract/common';
import { LIMITS } from '../../contract/constants';
import { USER_SESSION_DAYS } from '../db/repositories/sessions';
import { hashingSlots } from '../domain/passwords';
import { actor } from '../plugins/guard';
import { USER_COOKIE, clearSessionCookie, setSessionCookie } from '../plugins/session';
import {
  changePassword,
  currentUser,
  deactivate,
  login,
  logout,
  register,
  removeProfilePhoto,
  sessionUser,
  setProfilePhoto,
  updateProfile,
} from '../use-cases/account';
import { confirmPasswordReset, requestPasswordReset, resendVerification, verifyEmail } from '../use-cases/email-links';

/**
 * Past the hashing cap a sign-in or sign-up is refused before its body is even read (issue
 * 40 item 9): in a storm of them, each refusal must cost next to nothing, or the calls of
 * everyone else wait behind hundreds of them.
 */
const refuseWhileHashingFull = async () => hashingSlots.refuseWhenFull();

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.secureCookies;
  const maxAge = USER_SESSION_DAYS * 86_400;

  app.post(
    '/auth/register',
    {
      // The address limit is counted before validation and hashing.
      config: { auth: 'none', rateLimit: app.routeLimits.register },
      onRequest: refuseWhileHashingFull,
      schema: {
        operationId: 'registerUser',
        summary: 'Create an account and sign in',
        description: 'Counted per client address before the input is validated or the password hashed.',
        tags: ['Account'],
        answer: 'The new user, signed in: the answer sets the `wf_session` cookie.',
        errors: {
          409: 'The username or the email is already taken.',
          429: 'Too many sign-ups from this address.',
        },
        body: RegisterBodySchema,
        response: { 200: UserSchema },
      },
    },
    async (request, reply) => {
      const { user, token } = await register(app, request.body);
      setSessionCookie(reply, USER_COOKIE, token, secure, maxAge);
      return user;
    },
  );

  app.post(
    '/auth/login',
    {
      config: { auth: 'none', rateLimit: app.routeLimits.login },
      onRequest: refuseWhileHashingFull,
      schema: {
        operationId: 'logIn',
        summary: 'Sign in',
        description:
          'Attempts are counted per client address before anything is read or hashed. Wrong passwords are ' +
          'counted per account and client: after a few, that client waits (30 s, then twice as long after each ' +
          'further failure); a correct password from a client that has not been failing still signs in, and a ' +
          'success clears that client\'s count. Signing in reactivates a deactivated account and lifts a ban ' +
          'whose end has passed.',
        tags: ['Account'],
        answer: 'The user, signed in (the answer sets the `wf_session` cookie), and whether the account was reactivated.',
        errors: {
          401: 'Wrong username, email or password (the same answer for each).',
          403: 'The account is banned; the detail says until when.',
          429: 'Too many attempts from this address, or this client must wait after failing (see Retry-After).',
          503: 'Many people are signing in at once; try again in a moment (see Retry-After).',
        },
        body: LoginBodySchema,
        response: { 200: LoginAnswerSchema },
      },
    },
    async (request, reply) => {
      const { user, reactivated, token } = await login(app, request.body, request.ip);
      setSessionCookie(reply, USER_COOKIE, token, secure, maxAge);
      return { user, reactivated };
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        operationId: 'logOut',
        summary: 'Sign out',
        description: "Ends this device's session and closes its live sockets; the user's other devices stay signed in.",
        tags: ['Account'],
        answer: 'Done: the session is over and its cookie cleared.',
        querystring: UserQuerySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request, reply) => {
      await logout(app, actor(request), request.userToken);
      clearSessionCookie(reply, USER_COOKIE, secure);
      return { success: true as const };
    },
  );

  app.put(
    '/auth/change-password',
    {
      schema: {
        operationId: 'changePassword',
        summary: 'Change the password',
        description:
          'Both passwords travel in the query, as the original API had them; they are never logged. The ' +
          'session is rotated: every session of the user ends and this device gets a new `wf_session` cookie ' +
          'in the answer, so a stolen copy of any old cookie dies with the change. Wrong current passwords ' +
          'count like failed logins.',
        tags: ['Account'],
        answer: 'Done: the new password holds, and the answer sets this device\'s new session cookie.',
        errors: {
          400: 'The current password is wrong, or the new one is the same.',
          429: 'Too many attempts.',
        },
        querystring: ChangePasswordQuerySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request, reply) => {
      const { token } = await changePassword(app, actor(request).id, request.query, request.ip);
      setSessionCookie(reply, USER_COOKIE, token, secure, maxAge);
      return { success: true as const };
    },
  );

  app.put(
    '/auth/profile',
    {
      schema: {
        operationId: 'updateProfile',
        summary: 'Edit the profile',
        description: 'Only the fields sent change. The photo has calls of its own: `PUT /api/auth/profile/photo` and `DELETE /api/auth/profile/photo`.',
        tags: ['Account'],
        answer: 'The user with the changes.',
        errors: { 400: 'A field is invalid, or `photo_data` was sent here.', 409: 'The email belongs to another account.' },
        querystring: UserQuerySchema,
        body: ProfileBodySchema,
        response: { 200: UserSchema },
      },
    },
    async (request) => updateProfile(app, actor(request), request.body),
  );

  /**
   * Not in SPEC 7: the profile photo has its own calls, so the profile edit stays a small
   * JSON body and only this route takes an image (a larger body, the upload limit and
   * the image work slots, as event photos do).
   */
  app.put(
    '/auth/profile/photo',
    {
      bodyLimit: LIMITS.profilePhotoBodyBytes,
      config: { rateLimit: app.routeLimits.photos },
      schema: {
        operationId: 'setProfilePhoto',
        summary: 'Set the profile photo',
        description:
          '`photo_data` is a base64 JPEG, PNG or WebP image (at most 2 MB), optionally as a data: URL. It is ' +
          'cropped to a centred square of at most 256 px and re-encoded to JPEG with every piece of metadata ' +
          '(EXIF GPS included) removed before it is stored. Others see it where they see the person by name, ' +
          'unless `show_profile_picture` is off.',
        tags: ['Account'],
        answer: 'The user with the new photo.',
        errors: {
          400: 'The image is not a readable JPEG, PNG or WebP, or has too many pixels.',
          413: 'The image is too large.',
          429: 'Many photos are being processed right now, or this user has sent many in a short while.',
        },
        querystring: UserQuerySchema,
        body: ProfilePhotoBodySchema,
        response: { 200: UserSchema },
      },
    },
    async (request) => setProfilePhoto(app, actor(request), request.body.photo_data),
  );

  app.delete(
    '/auth/profile/photo',
    {
      schema: {
        operationId: 'removeProfilePhoto',
        summary: 'Remove the profile photo',
        description: 'Everyone sees the initial of the name again. Removing when there is no photo changes nothing.',
        tags: ['Account'],
        answer: 'The user without a photo.',
        querystring: UserQuerySchema,
        response: { 200: UserSchema },
      },
    },
    async (request) => removeProfilePhoto(app, actor(request)),
  );

  app.put(
    '/auth/deactivate',
    {
      schema: {
        operationId: 'deactivateAccount',
        summary: 'Deactivate the account',
        description: 'Hides the user everywhere and ends all their sessions; signing in again reactivates the account.',
        tags: ['Account'],
        answer: 'Done: signed out everywhere.',
        querystring: UserQuerySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request, reply) => {
      await deactivate(app, actor(request));
      clearSessionCookie(reply, USER_COOKIE, secure);
      return { success: true as const };
    },
  );

  /** Issue 41: a forgotten password, by email. */
  app.post(
    '/auth/password-reset',
    {
      config: { auth: 'none', rateLimit: app.routeLimits.passwordReset },
      schema: {
        operationId: 'requestPasswordReset',
        summary: 'Ask for a link to set a new password',
        description:
          'Answers 202 with the same body, in about the same time, whether or not an account has this email: the ' +
          'email itself goes after the answer. It carries a link `<PUBLIC_URL>/reset-password?token=...` that holds ' +
          '30 minutes and works once. At most one such email per account per 5 minutes, however often it is asked ' +
          '(a further ask answers the same and sends nothing). Counted per client address.',
        tags: ['Account'],
        answer: 'Asked: if an account has this email, a link is on its way (the same answer either way).',
        errors: { 429: 'Too many asks from this address (see Retry-After).' },
        body: PasswordResetBodySchema,
        response: { 202: SuccessSchema },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(app, request.body.email);
      return reply.code(202).send({ success: true as const });
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      config: { auth: 'none', rateLimit: app.routeLimits.passwordResetConfirm },
      onRequest: refuseWhileHashingFull,
      schema: {
        operationId: 'confirmPasswordReset',
        summary: 'Set a new password with a reset link',
        description:
          "`token` is the one in the email's link. The new password follows the sign-up rule (at least 6 characters). " +
          'Every session of the person ends and their live sockets close, on every device; they sign in with the new ' +
          'password. The link is used up, and any other reset link of theirs with it.',
        tags: ['Account'],
        answer: 'Done: the new password holds.',
        errors: {
          400: 'The link is unknown, used, or more than 30 minutes old, or the new password is too short.',
          429: 'Too many attempts from this address (see Retry-After).',
          503: 'Many people are signing in at once; try again in a moment (see Retry-After).',
        },
        body: PasswordResetConfirmBodySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request) => {
      await confirmPasswordReset(app, request.body);
      return { success: true as const };
    },
  );

  app.post(
    '/auth/verify-email',
    {
      config: { auth: 'none', rateLimit: app.routeLimits.passwordResetConfirm },
      schema: {
        operationId: 'verifyEmail',
        summary: 'Confirm an email address with its link',
        description:
          "`token` is the one in the link `<PUBLIC_URL>/verify-email?token=...` sent to a new or changed address. " +
          'No session is needed (the link may be opened on another device). Following the same link again says yes ' +
          'again while that address is still the account\'s. Reminders by email go only to a confirmed address.',
        tags: ['Account'],
        answer: 'Done: the address is confirmed.',
        errors: {
          400: 'The link is unknown or expired, or the account has another address now.',
          429: 'Too many attempts from this address (see Retry-After).',
        },
        body: VerifyEmailBodySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request) => {
      await verifyEmail(app, request.body.token);
      return { success: true as const };
    },
  );

  app.post(
    '/auth/verify-email/resend',
    {
      schema: {
        operationId: 'resendEmailVerification',
        summary: 'Send the confirmation link again',
        description:
          'A new link goes to the address on the account, after the answer, unless it is confirmed already or a link ' +
          'went there less than 5 minutes ago (then nothing is sent, and the answer is the same).',
        tags: ['Account'],
        answer: 'Asked: a link is on its way unless the address is confirmed or one went there just now.',
        querystring: UserQuerySchema,
        response: { 202: SuccessSchema },
      },
    },
    async (request, reply) => {
      await resendVerification(app, actor(request));
      return reply.code(202).send({ success: true as const });
    },
  );

  /** Not in SPEC 7: who the session belongs to, so tests and tools can check a cookie. */
  app.get(
    '/auth/me',
    {
      schema: {
        operationId: 'getCurrentUser',
        summary: 'Get the signed-in user',
        tags: ['Account'],
        answer: 'The signed-in user.',
        errors: { 404: 'The account no longer exists.' },
        response: { 200: UserSchema },
      },
    },
    async (request) => currentUser(app, actor(request).id),
  );

  /**
   * Not in SPEC 7: the app's probe when it opens. Public and always 200 (user null when
   * there is no live session), so a signed-out visitor's console shows no failed request.
   */
  app.get(
    '/auth/session',
    {
      config: { auth: 'none' },
      schema: {
        operationId: 'getSession',
        summary: 'Get the session, if there is one',
        description:
          "The app's probe when it opens: always 200, with `user: null` when there is no live session, so a " +
          "signed-out visitor's browser logs no failed request. Never cached.",
        tags: ['Account'],
        answer: 'The signed-in user, or `user: null`.',
        response: { 200: SessionAnswerSchema },
      },
    },
    async (request) => sessionUser(request.user),
  );
};
