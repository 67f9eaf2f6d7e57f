/**
 * The live channel /ws/{userId} (SPEC 7, DESIGN 6): what a client may send and the
 * messages the server sends, each `{type, <payload>}`: SPEC 7's nine, `event_changed`
 * (issue 17) and `card_revoked` (issue 18). The socket is a hint; the HTTP
 * lists are the truth. A message to the person carries `seq`, increasing per person; a
 * socket reopened with `?after={seq}` first receives what it missed, or `resync`, and every
 * socket then `caught_up` with the person's last seq (issue 44).
 */
import { z } from 'zod';
import { IdSchema } from './common';
import { EventFeedMessageSchema, NewPhotoMessageSchema } from './media';
import {
  ChatMessageSchema,
  ConnectionSchema,
  ContactExchangeSchema,
  GroupMessageSchema,
  NotificationSchema,
  ReceivedRequestSchema,
} from './social';

/** Client to server: accepted only from attendees of the event, otherwise ignored. */
export const JoinEventMessageSchema = z.object({ type: z.literal('join_event'), event_id: IdSchema });
export const LiveClientMessageSchema = z.discriminatedUnion('type', [JoinEventMessageSchema]);
export type LiveClientMessage = z.infer<typeof LiveClientMessageSchema>;

/**
 * `GET /ws/{userId}?after={seq}`: the last seq the client saw. The socket first receives,
 * in order and once, every message to the person after it that is still kept (the last
 * 10 minutes, at most the last 1,000), or `resync` when some of them are not; then
 * `caught_up`, as every socket does.
 */
export const LiveQuerySchema = z.object({
  after: z
    .string()
    .regex(/^\d{1,16}$/, { message: 'must be a whole number' })
    .transform(Number)
    .refine(Number.isSafeInteger, { message: 'must be a whole number' })
    .optional(),
});

/**
 * Every message to the person themselves (not an event's room: its chat, photos and
 * location refreshes) carries `seq`, which increases per person (issue 44).
 */
const seq = z.number().int().positive().optional();

/**
 * `quiet` (issue 18): the recipient's energy is low (and they go quiet then), and this is not
 * from a connection; or (a `new_message`) the recipient muted this chat with "I need a
 * break": the app lists it but raises no toast and no system notification.
 */
const quiet = z.boolean().optional();
export const NewMessageSchema = z.object({
  type: z.literal('new_message'),
  message: ChatMessageSchema,
  quiet,
  /**
   * To the recipient (issue 39 item 4): the sender's name as the recipient may see them in
   * the chat (the anonymous name for someone anonymous or hidden to them), so the toast of a
   * first message names its sender. Absent on the sender's own copies.
   */
  from_name: z.string().optional(),
});
export const GroupMessageLiveSchema = z.object({ type: z.literal('group_message'), message: GroupMessageSchema });
/**
 * A group chat's counts changed (issue 18): someone began or stopped listening, or became a
 * member. Sent to the chat's people; the app reads GET /group-chats/{id}/people again.
 */
export const GroupChatPeopleLiveSchema = z.object({
  type: z.literal('group_chat_people'),
  group_id: IdSchema,
  listening: z.number().int().min(0),
  member_count: z.number().int().min(0),
});
/** Coalesced per event: a burst of position reports causes one refresh of nearby people. */
export const LocationUpdateSchema = z.object({ type: z.literal('location_update'), event_id: IdSchema });
export const ContactExchangeRequestSchema = z.object({
  type: z.literal('contact_exchange_request'),
  exchange: ContactExchangeSchema,
  quiet,
});
export const NotificationLiveSchema = z.object({ type: z.literal('notification'), notification: NotificationSchema, quiet });
export const ConnectionRequestLiveSchema = z.object({
  type: z.literal('connection_request'),
  request: ReceivedRequestSchema,
});
export const ConnectionAcceptedSchema = z.object({
  type: z.literal('connection_accepted'),
  connection: ConnectionSchema,
});

/**
 * A card offered to the user was taken back by its sender (issue 18): it leaves their
 * Cards at once. Only the id: the details are not sent again.
 */
export const CardRevokedSchema = z.object({ type: z.literal('card_revoked'), id: IdSchema });

/** What changed about an event (issue 17), so an open app reads that part again. */
export const EVENT_CHANGES = ['details', 'zones', 'communities', 'organizers', 'announcement', 'cancelled', 'taken_down'] as const;
export type EventChange = (typeof EVENT_CHANGES)[number];

/**
 * An event's organizers changed it: its details, zones, interest groups or organizers, or
 * they sent an announcement; or it is gone (cancelled by them, taken down by moderators).
 * Sent to its attendees; the HTTP lists are the truth, so the app reads them again.
 */
export const EventChangedSchema = z.object({ type: z.literal('event_changed'), event_id: IdSchema, change: z.enum(EVENT_CHANGES) });

/** One of the person's meetings changed (issue 19): proposed, answered, moved or cancelled; GET /meetings is the truth. */
export const MeetingChangedSchema = z.object({ type: z.literal('meeting_changed'), meeting_id: IdSchema });

/**
 * A one-to-one chat began or stopped resting (issue 43 item 5, "I'm heading off"), sent to
 * both people: `user_id` is the other person as the recipient knows them, `by_me` whether
 * the recipient did it. Nobody is muted in secret: both hear the same.
 */
export const ChatRestLiveSchema = z.object({
  type: z.literal('chat_rest'),
  user_id: IdSchema,
  resting: z.boolean(),
  by_me: z.boolean(),
});

/**
 * The first message on a socket opened with `?after=` when messages after it are no longer
 * kept (or not known here): the app reads its lists again, as after a first connect.
 */
export const ResyncSchema = z.object({ type: z.literal('resync') });

/**
 * Sent on every socket once it has caught up (issue 44): first, or after what `?after=`
 * replayed (or `resync`). `seq` is the last seq given to the person; every message to them
 * with a seq above it comes after this on the socket. Keep it as the last seq seen, so a
 * socket that has heard no other message still reconnects with `?after={seq}`.
 */
export const CaughtUpSchema = z.object({ type: z.literal('caught_up'), seq: z.number().int().positive() });

/**
 * A small group the recipient waited for has formed (issue 43 item 3), sent to each member:
 * GET /events/{event_id}/pods/mine tells who, where and when.
 */
export const PodFormedLiveSchema = z.object({ type: z.literal('pod_formed'), event_id: IdSchema, pod_id: IdSchema });

export const LiveServerMessageSchema = z.discriminatedUnion('type', [
  NewMessageSchema.extend({ seq }),
  GroupMessageLiveSchema.extend({ seq }),
  GroupChatPeopleLiveSchema.extend({ seq }),
  LocationUpdateSchema,
  ContactExchangeRequestSchema.extend({ seq }),
  NewPhotoMessageSchema.extend({ seq }),
  EventFeedMessageSchema.extend({ seq }),
  NotificationLiveSchema.extend({ seq }),
  ConnectionRequestLiveSchema.extend({ seq }),
  ConnectionAcceptedSchema.extend({ seq }),
  EventChangedSchema.extend({ seq }),
  MeetingChangedSchema.extend({ seq }),
  CardRevokedSchema.extend({ seq }),
  ChatRestLiveSchema.extend({ seq }),
  ResyncSchema,
  PodFormedLiveSchema.extend({ seq }),
  CaughtUpSchema,
]);
export type LiveServerMessage = z.infer<typeof LiveServerMessageSchema>;
export type LiveServerMessageType = LiveServerMessage['type'];

export const LIVE_SERVER_MESSAGE_TYPES = [
  'new_message',
  'group_message',
  'group_chat_people',
  'location_update',
  'contact_exchange_request',
  'new_photo',
  'event_feed',
  'notification',
  'connection_request',
  'connection_accepted',
  'event_changed',
  'meeting_changed',
  'card_revoked',
  'chat_rest',
  'resync',
  'pod_formed',
  'caught_up',
] as const satisfies readonly LiveServerMessageType[];

/** Close codes the server uses, so a client can tell "signed out" from a network drop. */
export const LIVE_CLOSE = {
  /** The user's sessions ended (logout everywhere, password change, ban, deletion). */
  sessionEnded: 4001,
  /** The server is shutting down; reconnect to another instance. */
  goingAway: 1001,
} as const;
