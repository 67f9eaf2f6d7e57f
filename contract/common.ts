/** Building blocks shared by the request and answer schemas of every SPEC 7 table. */
import { z } from 'zod';
import { COMMUNICATION_STYLES, LIMITS } from './constants';
import { INSTANT_MAX, INSTANT_MIN, readInstant } from './rules';
import { line } from './text';

export const IdSchema = z.uuid({ message: 'must be a valid id' });
export const IsoDateSchema = z.string();

/**
 * The language a person reads the app in (issue 41): their emails are written in it. The
 * app's two, as PUSH_LANGUAGES (push-kinds.ts) lists them (tests/contract keeps them equal);
 * written out here so every chunk that reads this file does not also fetch that one.
 */
export const LanguageSchema = z.enum(['en', 'de']);

/**
 * Every date the API takes, in a body or a query (DESIGN 5): a real instant, ISO 8601 with
 * its zone, between 1970 and 9999 (contract/rules.ts readInstant); anything else is a 400
 * naming the field. It is passed on as the same instant in UTC ('…Z'), as answers give it.
 */
export const InstantSchema = line()
  .min(1, { message: 'is required' })
  .transform((text, ctx) => {
    const read = readInstant(text);
    if ('ms' in read) return new Date(read.ms).toISOString();
    ctx.addIssue({ code: 'custom', message: read.broken });
    return z.NEVER;
  })
  .meta({ description: `An ISO 8601 date and time with its zone, from ${INSTANT_MIN} to ${INSTANT_MAX}.`, format: 'date-time' });

/**
 * Why an account is banned, told to its owner beside a 403's detail: at login, and to a
 * device whose session the ban ended. `until` is null for a permanent ban; `contact` is
 * where to write (SUPPORT_EMAIL), null when none is set.
 */
export const BanNoticeSchema = z.object({
  reason: z.string().nullable(),
  until: IsoDateSchema.nullable(),
  contact: z.string().nullable(),
});
export type BanNotice = z.infer<typeof BanNoticeSchema>;

/** A value of a message's placeholder: words, a number, or a sentence of its own (contract/said.ts). */
export const SaidValueSchema = z.union([
  z.string(),
  z.number(),
  z.object({ id: z.string(), message: z.string(), values: z.record(z.string(), z.unknown()).optional() }),
]);

/** The values of a message's placeholders, by name. */
export const SaidParamsSchema = z.record(z.string(), SaidValueSchema);

/**
 * Every error answer (DESIGN 3): `detail` is the English sentence; `code` its message id
 * and `params` its values, by which an app says it in another language (issue 38). A
 * banned account's 403 also carries `ban`.
 */
export const DetailSchema = z.object({
  detail: z.string(),
  code: z.string(),
  params: SaidParamsSchema,
  ban: BanNoticeSchema.optional(),
});
export type Detail = z.infer<typeof DetailSchema>;

export const SuccessSchema = z.object({ success: z.literal(true) });
export type Success = z.infer<typeof SuccessSchema>;

/** Short free-text list item (an interest, a preference, a trait). */
export const ListItemSchema = line().min(1).max(LIMITS.listItemMax);
export const StringListSchema = z
  .array(ListItemSchema)
  .max(LIMITS.listItemsMax, { message: `at most ${LIMITS.listItemsMax} items` });

export const CommunicationStyleSchema = z.enum(COMMUNICATION_STYLES);

/** Query of every call that acts for a user (DESIGN 4: must be the session's own id). */
export const UserQuerySchema = z.object({ user_id: IdSchema });
export const AdminQuerySchema = z.object({ admin_id: IdSchema });
/** An id that may be left out or null: null when absent. */
export const OptionalIdSchema = IdSchema.nullish().transform((v) => v ?? null);

export const IdParamsSchema = z.object({ id: IdSchema });

/** The user as the owner sees themself. */
export const UserSchema = z.object({
  id: IdSchema,
  username: z.string(),
  name: z.string(),
  email: z.string(),
  age: z.number().int().nullable(),
  occupation: z.string().nullable(),
  interests: z.array(z.string()),
  social_preferences: z.array(z.string()),
  personality_traits: z.array(z.string()),
  communication_style: CommunicationStyleSchema,
  photo_data: z.string().nullable(),
  social_battery: z.number().int(),
  is_available: z.boolean(),
  created_at: IsoDateSchema,
  /** Whether the address was confirmed by a link sent to it (issue 41); reminders by email need it. */
  email_verified: z.boolean().optional(),
  /** Whether the meeting reminder also goes by email (to a verified address). */
  email_meeting_reminders: z.boolean().optional(),
  /** The language the person's emails are written in ('en' or 'de'), as the app last said it. */
  language: LanguageSchema.optional(),
  /** Issue 43: the prompts on their card (PUT /users/opening-moves), with their ids. */
  opening_moves: z.array(z.object({ id: IdSchema, text: z.string() })).optional(),
  /** Issue 43: whether they chose "Happy to be approached" (PUT /users/open-to-hello); presence says when it is held. */
  open_to_hello: z.boolean().optional(),
});
export type User = z.infer<typeof UserSchema>;

/**
 * Another user as a viewer may see them: privacy settings can blank the name, photo,
 * occupation or interests (DESIGN 5), so those may be null or empty.
 */
export const PublicUserSchema = z.object({
  id: IdSchema,
  username: z.string().nullable(),
  name: z.string(),
  age: z.number().int().nullable(),
  occupation: z.string().nullable(),
  interests: z.array(z.string()),
  social_preferences: z.array(z.string()),
  personality_traits: z.array(z.string()),
  communication_style: CommunicationStyleSchema,
  photo_data: z.string().nullable(),
  is_anonymous: z.boolean(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;
