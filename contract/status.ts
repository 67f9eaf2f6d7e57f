/**
 * SPEC 3's User status, and taking a break (issue 16): PUT and GET /users/status. A
 * status is available (the default) or away, with an optional line and emoji that the
 * person's connections see. Away is a break: the person is left out of nearby people,
 * search, recommendations and attendee lists, connection requests to them wait quietly
 * (as in safe space mode) and their notifications are stored without being announced
 * live, until `until` passes (null: until they come back). The break ends by itself at
 * `until` on every instance; the person then gets a "Welcome back" notification.
 */
import { z } from 'zod';
import { InstantSchema, IsoDateSchema } from './common';
import { AWAY_MAX_DAYS, DEFAULT_STATUS, STATUS_EMOJI_MAX, STATUS_MESSAGE_MAX, WELCOME_BACK } from './safety-words';
import { line } from './text';

// The limits and words the app shows live apart from zod (safety-words.ts); they are the same values.
export { AWAY_MAX_DAYS, DEFAULT_STATUS, STATUS_EMOJI_MAX, STATUS_MESSAGE_MAX, WELCOME_BACK };

export const USER_STATUSES = ['available', 'away'] as const;
export type UserStatusValue = (typeof USER_STATUSES)[number];


/** The person's own status, as GET and PUT /users/status answer it. */
export const UserStatusSchema = z.object({
  status: z.enum(USER_STATUSES),
  custom_message: z.string().nullable(),
  emoji: z.string().nullable(),
  /** When a break ends by itself (ISO); null while available, or away until they come back. */
  until: IsoDateSchema.nullable(),
});
export type UserStatus = z.infer<typeof UserStatusSchema>;


const optionalText = (max: number) =>
  line()
    .max(max, { message: `must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * PUT /users/status body. The app works out `until` on the person's device (in an hour,
 * in three hours, tomorrow morning in their time zone) and sends it as an ISO date and
 * time; leaving it out (or null) with away means until they come back. Setting
 * available ends a break at once. The whole status is replaced: a field left out is
 * cleared.
 */
export const StatusBodySchema = z
  .object({
    status: z.enum(USER_STATUSES, { message: 'must be available or away' }),
    custom_message: optionalText(STATUS_MESSAGE_MAX),
    emoji: optionalText(STATUS_EMOJI_MAX),
    until: InstantSchema.nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((b, ctx) => {
    if (b.status === 'available' && b.until !== null)
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'is only for a break (status away)' });
  });
export type StatusBody = z.input<typeof StatusBodySchema>;

export const StatusAnswerSchema = z.object({ success: z.literal(true), status: UserStatusSchema });
export type StatusAnswer = z.infer<typeof StatusAnswerSchema>;

/**
 * A person's status as their connections see it (on connections, GET /connections/mutual
 * and the live `connection_accepted`): whether they are on a break, and their line and
 * emoji. When a break ends is not shown. Null when they are available with nothing to say.
 */
export const StatusLineSchema = z.object({
  status: z.enum(USER_STATUSES),
  custom_message: z.string().nullable(),
  emoji: z.string().nullable(),
});
export type StatusLine = z.infer<typeof StatusLineSchema>;
