/** SPEC 7 "Account": register, login, logout, change password, profile, deactivate. */
import { z } from 'zod';
import { COMMUNICATION_STYLE_DEFAULT, LIMITS, USERNAME_MIN, USER_PASSWORD_MIN } from './constants';
import { CommunicationStyleSchema, LanguageSchema, StringListSchema, UserSchema } from './common';
import { exactLine, line, lines, noControlCharacters } from './text';

const name = line().min(1, { message: 'is required' }).max(LIMITS.nameMax);
const username = line()
  .min(USERNAME_MIN, { message: `must be at least ${USERNAME_MIN} characters long` })
  .max(40)
  .regex(/^[A-Za-z0-9_.-]+$/, { message: 'may use letters, digits, dots, dashes and underscores only' });
const password = exactLine()
  .min(USER_PASSWORD_MIN, { message: `must be at least ${USER_PASSWORD_MIN} characters long` })
  .max(256);
const age = z.number().int().min(13, { message: 'must be at least 13' }).max(120).nullable();
const occupation = line().max(LIMITS.nameMax).nullable();
const email = z.email({ message: 'must be a valid email address' }).check(noControlCharacters).max(200);

export const RegisterBodySchema = z.object({
  username,
  name,
  email,
  password,
  interests: StringListSchema.default([]),
  age: age.default(null),
  occupation: occupation.default(null),
  social_preferences: StringListSchema.default([]),
  personality_traits: StringListSchema.default([]),
  communication_style: CommunicationStyleSchema.default(COMMUNICATION_STYLE_DEFAULT),
  /** Extension (issue 41): the app's language, so the first email (the address's confirmation) is in it; English when absent. */
  language: LanguageSchema.default('en'),
});
export type RegisterBody = z.input<typeof RegisterBodySchema>;

export const LoginBodySchema = z.object({
  username_or_email: line().min(1, { message: 'is required' }).max(200),
  password: exactLine().min(1, { message: 'is required' }).max(256),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** Answer of login (field user; reactivated says a deactivated account came back). */
export const LoginAnswerSchema = z.object({ user: UserSchema, reactivated: z.boolean() });
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

/** Delete for good (issue 42): the current password says it is really them. */
export const DeleteAccountBodySchema = z.object({
  password: exactLine().min(1, { message: 'is required' }).max(256),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

export const ChangePasswordQuerySchema = z.object({
  user_id: z.uuid(),
  current_password: exactLine().min(1, { message: 'is required' }).max(256),
  new_password: password,
});

/**
 * PUT /auth/profile body: the edited profile fields, each optional. The photo has calls
 * of its own (PUT and DELETE /auth/profile/photo), so one sent here is refused rather
 * than quietly dropped.
 */
export const ProfileBodySchema = z
  .object({
    name,
    email,
    age,
    occupation,
    interests: StringListSchema,
    social_preferences: StringListSchema,
    personality_traits: StringListSchema,
    communication_style: CommunicationStyleSchema,
    /** The meeting reminder also by email (issue 41); it goes only to a verified address. */
    email_meeting_reminders: z.boolean(),
    /** The app's language (issue 41): the person's emails are written in it. The app sends it when it differs. */
    language: LanguageSchema,
    photo_data: z.never({ message: 'is set with PUT /api/auth/profile/photo' }),
  })
  .partial();
export type ProfileBody = z.infer<typeof ProfileBodySchema>;

/**
 * PUT /auth/profile/photo body (not in SPEC 7): a JPEG, PNG or WebP image as base64,
 * optionally as a data: URL. The server crops it to a centred square, re-encodes it and
 * removes every piece of metadata (DESIGN 5), as it does event photos.
 */
export const ProfilePhotoBodySchema = z.object({
  // Base64 tools may wrap lines (MIME), so line breaks are let through to the decoder.
  photo_data: lines({ message: 'is required' })
    .min(1, { message: 'is required' })
    .max(LIMITS.profilePhotoBodyBytes, { message: 'is too large' }),
});
export type ProfilePhotoBody = z.infer<typeof ProfilePhotoBodySchema>;

/**
 * GET /auth/session (not in SPEC 7): the app's quiet probe when it opens. Always 200, so a
 * signed-out visitor's browser logs no error; user is null without a live session.
 */
export const SessionAnswerSchema = z.object({ user: UserSchema.nullable() });
export type SessionAnswer = z.infer<typeof SessionAnswerSchema>;

/** A link's token as an email carries it (issue 41): base64url, never logged. */
const emailLinkToken = z
  .string()
  .min(1, { message: 'is required' })
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'is not a link we sent' });

/**
 * POST /auth/password-reset (issue 41): asks for a link to set a new password. Answered
 * 202 the same whether or not an account has the address.
 */
export const PasswordResetBodySchema = z.object({ email });
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>;

/** POST /auth/password-reset/confirm: the link's token and the new password (SPEC 5's rule). */
export const PasswordResetConfirmBodySchema = z.object({ token: emailLinkToken, new_password: password });
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBodySchema>;

/** POST /auth/verify-email: the token of a verification link. */
export const VerifyEmailBodySchema = z.object({ token: emailLinkToken });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBodySchema>;
