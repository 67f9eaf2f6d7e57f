/**
 * SPEC 7 "Users, chat and connections", the group-chat calls and
 * GET /events/{id}/attendees-with-photos: requests and answers.
 */
import { z } from 'zod';
import {
  CONNECTION_STATUSES,
  CONNECTION_TYPES,
  LIMITS,
  MESSAGE_TYPES,
  PAGE_SIZE_MAX,
  type PlanName,
} from './constants';
import { CommunicationStyleSchema, IdSchema, IsoDateSchema, OptionalIdSchema, PublicUserSchema, SaidParamsSchema } from './common';
import { CLOSING_LINE_IDS, MUTE_MINUTES } from './exit-plan';
import { StatusLineSchema } from './status';
import { line, lines } from './text';
import { sentence, type Said } from './said';
import { INSTANT_RULES, readInstant } from './rules';

/** The optional note sent with a connection request. */
export const REQUEST_MESSAGE_MAX = 500;
/** Default page size of message histories. */
export const HISTORY_PAGE_DEFAULT = 50;

/**
 * Requests that lapse kindly (issue 18): a request not accepted within this long lapses,
 * declined or simply unanswered alike, so a decline stays invisible and nobody is stuck.
 * The recipient no longer sees it; the sender sees NO_ANSWER; it frees its slot in the
 * cap; the same person is not asked again (a decline must not come back every two days).
 */
export const REQUEST_LAPSE_MS = 48 * 60 * 60 * 1000;
export const NO_ANSWER_DETAIL: Said = /*i18n*/ {
  id: 'error.noAnswer',
  message: 'No answer this time. A request waits two days, and then it is not sent to the same person again.',
};

/** Whether a request made at `createdAt` has lapsed by `now`. */
export const requestLapsed = (createdAt: Date, now: Date): boolean => now.getTime() - createdAt.getTime() >= REQUEST_LAPSE_MS;

/**
 * Anti-spam: how many requests a sender may have waiting for an answer per event.
 * A declined request still counts until it lapses, since the sender is never told of a decline.
 */
export const PENDING_REQUEST_CAP: Record<PlanName, number> = { Free: 5, Premium: 25, Professional: 25 };

export const pendingCap = sentence(
  /*i18n*/ {
    id: 'error.pendingCap',
    message:
      'You have {cap} requests waiting for an answer{where, select, event { at this event} other {}}. Each makes room for a new one once it is answered, or after two days.',
  },
  ({ cap, where }: { cap: number; where: string }) =>
    `You have ${cap} requests waiting for an answer${where === 'event' ? ' at this event' : ''}. ` +
    'Each makes room for a new one once it is answered, or after two days.',
);
export const pendingCapDetail = (cap: number, atEvent: boolean): Said => pendingCap({ cap, where: atEvent ? 'event' : 'anywhere' });

/**
 * Said when a stranger writes to someone they share no event with (issue 16): strangers
 * may write only while both attend the same event (one not over yet); connections always may.
 */
export const STRANGER_WRITE_DETAIL: Said = /*i18n*/ { id: 'error.strangerWrite', message: "You can write to your connections, or to someone at an event you're both attending. A connection request is a gentle way to stay in touch." };

/** Said when the recipient of a message only hears from their connections for now. */
export const SAFE_SPACE_DETAIL: Said = /*i18n*/ { id: 'error.safeSpace', message: 'This person is only taking messages from their connections right now. A connection request is a gentler way to say hello.' };

/** A page's `limit`: 1 to PAGE_SIZE_MAX. */
export const pageLimit = z.coerce
  .number({ message: `must be a number between 1 and ${PAGE_SIZE_MAX}` })
  .int({ message: `must be a whole number between 1 and ${PAGE_SIZE_MAX}` })
  .min(1, { message: `must be between 1 and ${PAGE_SIZE_MAX}` })
  .max(PAGE_SIZE_MAX, { message: `must be between 1 and ${PAGE_SIZE_MAX}` });

/** A page's `offset`: 0 or more. */
export const pageOffset = z.coerce
  .number({ message: 'must be a number' })
  .int({ message: 'must be a whole number' })
  .min(0, { message: 'must be 0 or more' })
  .max(1_000_000, { message: 'is too large' })
  .default(0);

const isUuid = (s: string): boolean => IdSchema.safeParse(s).success;

/**
 * A history cursor: the id of a message, or a date the API takes (InstantSchema's rule,
 * passed on in UTC); older messages come back.
 */
export const CursorSchema = line().transform((s, ctx) => {
  if (isUuid(s)) return s;
  const read = readInstant(s);
  if ('ms' in read) return new Date(read.ms).toISOString();
  ctx.addIssue({ code: 'custom', message: read.broken === INSTANT_RULES.outOfRange ? read.broken : 'must be a message id or an ISO date and time' });
  return z.NEVER;
});


/** Trimmed text that must not be empty. */
const text = (max: number) =>
  lines({ message: 'is required' })
    .min(1, { message: 'must not be empty' })
    .max(max, { message: `must be at most ${max} characters` });

// ---------------------------------------------------------------------------
// People and connections

export const ConnectionStatusSchema = z.enum(CONNECTION_STATUSES);

/** An attendee as the viewer may see them (DESIGN 5), with where the two stand. */
export const AttendeeWithPhotoSchema = z.object({
  id: IdSchema,
  name: z.string(),
  username: z.string().nullable(),
  photo_data: z.string().nullable(),
  age: z.number().int().nullable(),
  occupation: z.string().nullable(),
  communication_style: CommunicationStyleSchema,
  interests: z.array(z.string()),
  connection_status: ConnectionStatusSchema,
});
export type AttendeeWithPhoto = z.infer<typeof AttendeeWithPhotoSchema>;

/** limit/offset are an extension: an event can have thousands of attendees. */
export const AttendeesQuerySchema = z.object({
  user_id: IdSchema,
  limit: pageLimit.default(PAGE_SIZE_MAX),
  offset: pageOffset,
});

export const ConnectionRequestQuerySchema = z.object({ from_user_id: IdSchema });

export const ConnectionRequestBodySchema = z.object({
  to_user_id: IdSchema,
  event_id: OptionalIdSchema,
  message: lines()
    .max(REQUEST_MESSAGE_MAX, { message: `must be at most ${REQUEST_MESSAGE_MAX} characters` })
    .nullish()
    .transform((m) => (m ? m : null)),
});
export type ConnectionRequestBody = z.input<typeof ConnectionRequestBodySchema>;

export const ConnectionRequestAnswerSchema = z.object({
  success: z.literal(true),
  status: z.enum(['request_sent', 'connected']),
});
export type ConnectionRequestAnswer = z.infer<typeof ConnectionRequestAnswerSchema>;

/** The sender as the recipient sees them: they chose to reach out (SPEC 3 "Connection request"). */
export const RequestSenderSchema = z.object({
  id: IdSchema,
  name: z.string(),
  username: z.string(),
  occupation: z.string().nullable(),
  interests: z.array(z.string()),
});

export const ReceivedRequestSchema = z.object({
  id: IdSchema,
  sender: RequestSenderSchema,
  sender_photo: z.string().nullable(),
  message: z.string().nullable(),
  event_id: IdSchema.nullable(),
  created_at: IsoDateSchema,
});
export type ReceivedRequest = z.infer<typeof ReceivedRequestSchema>;

export const RespondBodySchema = z.object({
  request_id: IdSchema,
  action: z.enum(['accept', 'decline'], { message: 'must be accept or decline' }),
});
export type RespondBody = z.infer<typeof RespondBodySchema>;

export const ConnectedUserSchema = z.object({
  id: IdSchema,
  name: z.string(),
  username: z.string(),
  occupation: z.string().nullable(),
  interests: z.array(z.string()),
  photo_data: z.string().nullable(),
  /**
   * Extension (issue 16): their status as connections see it: on a break or not, with
   * their line and emoji; null when they are available with nothing to say. Always sent;
   * optional only so older answers parse.
   */
  status: StatusLineSchema.nullable().optional(),
});

/** A connection from one side: the other person and what the two share. */
export const ConnectionSchema = z.object({
  id: IdSchema,
  connected_user: ConnectedUserSchema,
  shared_interests: z.array(z.string()),
  event_id: IdSchema.nullable(),
  connection_type: z.enum(CONNECTION_TYPES),
  created_at: IsoDateSchema,
});
export type Connection = z.infer<typeof ConnectionSchema>;

/** Accepting answers the new connection; declining answers null (and tells nobody). */
export const RespondAnswerSchema = z.object({ success: z.literal(true), connection: ConnectionSchema.nullable() });
export type RespondAnswer = z.infer<typeof RespondAnswerSchema>;

/** limit/offset are an extension (pages of at most 100, DESIGN 4). */
export const MutualQuerySchema = z.object({
  user_id: IdSchema,
  event_id: IdSchema.optional(),
  limit: pageLimit.default(PAGE_SIZE_MAX),
  offset: pageOffset,
});

const DIRECT_CONNECTION_TYPES = ['mutual_interest', 'search_result'] as const satisfies readonly (typeof CONNECTION_TYPES)[number][];

export const CreateConnectionQuerySchema = z.object({
  user1: IdSchema,
  user2: IdSchema,
  event_id: IdSchema.optional(),
  // 'qr' is only made by scanning a code (POST /connect/scan).
  connection_type: z
    .enum(DIRECT_CONNECTION_TYPES, { message: `must be one of ${DIRECT_CONNECTION_TYPES.join(', ')}` })
    .default('mutual_interest'),
});

export const CreateConnectionAnswerSchema = z.object({ success: z.literal(true), connection: ConnectionSchema });

// ---------------------------------------------------------------------------
// Chat

export const OtherUserParamsSchema = z.object({ otherUserId: IdSchema });

/**
 * GET /chat/{otherUserId}/partner: the other person as the reader may see them, and
 * whether a message to them would be taken now (they are reachable, and the reader is a
 * connection or shares an event with them that is not over; to someone in safe space
 * mode, a connection), so the app offers the message input only then (issue 16).
 */
export const ChatPartnerSchema = PublicUserSchema.extend({ can_message: z.boolean() });
export type ChatPartner = z.infer<typeof ChatPartnerSchema>;

export const ChatMessageSchema = z.object({
  id: IdSchema,
  from_user: IdSchema,
  to_user: IdSchema,
  message: z.string(),
  message_type: z.enum(MESSAGE_TYPES),
  ice_breaker_id: IdSchema.nullable(),
  event_id: IdSchema.nullable(),
  /** The sender's own id for the message (offline outbox); null when none was given. */
  client_id: z.string().nullable(),
  timestamp: IsoDateSchema,
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** History pages: `before` (a message id or a date) and `limit` are an extension for paging. */
export const HistoryQuerySchema = z.object({
  user_id: IdSchema,
  before: CursorSchema.optional(),
  limit: pageLimit.default(HISTORY_PAGE_DEFAULT),
});

export const IceBreakersQuerySchema = z.object({ user_id: IdSchema, event_id: IdSchema.optional() });

export const SendChatBodySchema = z.object({
  to_user: IdSchema,
  message: text(LIMITS.textMax),
  event_id: OptionalIdSchema,
  message_type: z.enum(MESSAGE_TYPES, { message: 'must be text or ice_breaker' }).default('text'),
  ice_breaker_id: OptionalIdSchema,
  /** Extension: a repeat with the same client_id answers the first message instead of a copy. */
  client_id: line()
    .min(1, { message: 'must not be empty' })
    .max(100, { message: 'must be at most 100 characters' })
    .nullish()
    .transform((v) => v ?? null),
});
export type SendChatBody = z.input<typeof SendChatBodySchema>;

export const SendChatAnswerSchema = z.object({ success: z.literal(true), message: ChatMessageSchema });

/**
 * POST /chat/break (issue 18 item 3): one of the kind closing lines (contract/exit-plan.ts),
 * sent as an ordinary text message, and the chat muted for the sender for `mute_minutes`.
 */
export const ChatBreakBodySchema = z.object({
  to_user: IdSchema,
  line_id: z.enum(CLOSING_LINE_IDS, { message: `must be one of ${CLOSING_LINE_IDS.join(', ')}` }),
  mute_minutes: z
    .number({ message: `must be one of ${MUTE_MINUTES.join(', ')}` })
    .refine((m) => MUTE_MINUTES.includes(m), { message: `must be one of ${MUTE_MINUTES.join(', ')}` }),
  event_id: OptionalIdSchema,
});
export type ChatBreakBody = z.input<typeof ChatBreakBodySchema>;

export const ChatBreakAnswerSchema = z.object({ message: ChatMessageSchema, muted_until: IsoDateSchema });
export type ChatBreakAnswer = z.infer<typeof ChatBreakAnswerSchema>;

/** A chat the user has muted, and until when (only mutes not yet over are listed). */
export const ChatMuteSchema = z.object({ user_id: IdSchema, until: IsoDateSchema });
export type ChatMute = z.infer<typeof ChatMuteSchema>;

// ---------------------------------------------------------------------------
// Group chats

export const GroupMessageSchema = z.object({
  id: IdSchema,
  group_id: IdSchema,
  /** Null when the reader may not see who the sender is (DESIGN 5): an id would lead to them. */
  from_user: IdSchema.nullable(),
  /** The sender's name as the reader may see it, else 'Anonymous attendee'. */
  from_name: z.string(),
  message: z.string(),
  timestamp: IsoDateSchema,
});
export type GroupMessage = z.infer<typeof GroupMessageSchema>;

export const GroupChatSchema = z.object({
  id: IdSchema,
  name: z.string(),
  /** Extension (issue 38): the name's message id and values (contract/said.ts): an event's chat is named in the reader's language. */
  name_code: z.string(),
  name_params: SaidParamsSchema,
  event_id: IdSchema,
  community_id: IdSchema.nullable(),
  /**
   * Extension (issue 43): read-only. A small group's (pod's) chat closes when its event
   * ends: its members still read it, nobody posts (a post answers 403). False otherwise.
   */
  closed: z.boolean().meta({ description: "A small group's chat whose event has ended: read-only (a post answers 403). False for other chats." }),
  last_message: GroupMessageSchema.nullable(),
});
export type GroupChat = z.infer<typeof GroupChatSchema>;

/** GET /group-chats/{id}/messages (an extension the group-chat view needs): pages like chat history. */
export const GroupHistoryQuerySchema = z.object({
  user_id: IdSchema.optional(),
  before: CursorSchema.optional(),
  limit: pageLimit.default(HISTORY_PAGE_DEFAULT),
});

/** SPEC sends no query here; a user_id, when sent, must be the caller's own. */
export const OptionalUserQuerySchema = z.object({ user_id: IdSchema.optional() });

export const GroupMessageBodySchema = z.object({ group_id: IdSchema, message: text(LIMITS.textMax) });
export type GroupMessageBody = z.input<typeof GroupMessageBodySchema>;

export const GroupMessageAnswerSchema = z.object({ success: z.literal(true), message: GroupMessageSchema });

/**
 * Who is in a group chat (issue 18, "Just listening"): members are listed, each as the
 * reader may see them (DESIGN 5: a name and id, or "Anonymous attendee" and none);
 * listeners are only counted, never named to anyone.
 */
export const GROUP_CHAT_ROLES = ['member', 'listener'] as const;
export type GroupChatRole = (typeof GROUP_CHAT_ROLES)[number];
export const GroupChatPersonSchema = z.object({ id: IdSchema.nullable(), name: z.string() });
export type GroupChatPerson = z.infer<typeof GroupChatPersonSchema>;
export const GroupChatPeopleSchema = z.object({
  members: z.array(GroupChatPersonSchema),
  /** How many listen (the reader too, when they do). */
  listening: z.number().int().min(0),
  /** The reader's own place: a member, a listener, or neither yet. */
  me: z.enum(GROUP_CHAT_ROLES).nullable(),
});
export type GroupChatPeople = z.infer<typeof GroupChatPeopleSchema>;

export * from './contact-exchange';
export * from './inbox';
