/**
 * The live channel /ws/{userId} (SPEC 7, DESIGN 6): what a client may send and the nine
 * messages the server sends, each `{type, <payload>}`. The socket is a hint; the HTTP
 * lists are the truth, so a client reloads what it shows after reconnecting.
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

export const NewMessageSchema = z.object({ type: z.literal('new_message'), message: ChatMessageSchema });
export const GroupMessageLiveSchema = z.object({ type: z.literal('group_message'), message: GroupMessageSchema });
/** Coalesced per event: a burst of position reports causes one refresh of nearby people. */
export const LocationUpdateSchema = z.object({ type: z.literal('location_update'), event_id: IdSchema });
export const ContactExchangeRequestSchema = z.object({
  type: z.literal('contact_exchange_request'),
  exchange: ContactExchangeSchema,
});
export const NotificationLiveSchema = z.object({ type: z.literal('notification'), notification: NotificationSchema });
export const ConnectionRequestLiveSchema = z.object({
  type: z.literal('connection_request'),
  request: ReceivedRequestSchema,
});
export const ConnectionAcceptedSchema = z.object({
  type: z.literal('connection_accepted'),
  connection: ConnectionSchema,
});

export const LiveServerMessageSchema = z.discriminatedUnion('type', [
  NewMessageSchema,
  GroupMessageLiveSchema,
  LocationUpdateSchema,
  ContactExchangeRequestSchema,
  NewPhotoMessageSchema,
  EventFeedMessageSchema,
  NotificationLiveSchema,
  ConnectionRequestLiveSchema,
  ConnectionAcceptedSchema,
]);
export type LiveServerMessage = z.infer<typeof LiveServerMessageSchema>;
export type LiveServerMessageType = LiveServerMessage['type'];

export const LIVE_SERVER_MESSAGE_TYPES = [
  'new_message',
  'group_message',
  'location_update',
  'contact_exchange_request',
  'new_photo',
  'event_feed',
  'notification',
  'connection_request',
  'connection_accepted',
] as const satisfies readonly LiveServerMessageType[];

/** Close codes the server uses, so a client can tell "signed out" from a network drop. */
export const LIVE_CLOSE = {
  /** The user's sessions ended (logout everywhere, password change, ban, deletion). */
  sessionEnded: 4001,
  /** The server is shutting down; reconnect to another instance. */
  goingAway: 1001,
} as const;
