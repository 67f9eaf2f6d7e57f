/** The person's inbox: SPEC 7's notifications, and the Chats inbox (an extension) with read markers kept on the server. */
import { z } from 'zod';
import { PAGE_SIZE_MAX } from './constants';
import { IdSchema, IsoDateSchema, PublicUserSchema, SaidParamsSchema } from './common';

export const NotificationSchema = z.object({
  id: IdSchema,
  title: z.string(),
  /** Extension (issue 38): the title's message id and values (contract/said.ts), by which an app says it in another language. */
  title_code: z.string(),
  title_params: SaidParamsSchema,
  content: z.string(),
  /** Extension (issue 38): the content's message id and values. */
  content_code: z.string(),
  content_params: SaidParamsSchema,
  read: z.boolean(),
  created_at: IsoDateSchema,
  /**
   * Extension: the app address the notification opens ('/chats/<userId>', '/requests/<id>',
   * '/events/<id>/photos', …), or null when it opens nothing in particular.
   */
  link: z.string().nullable(),
  /**
   * Extension (issue 40): the id of the person it is from or names (a request, a message,
   * shared details, a meeting), or null. Blocking them removes it, and the app drops its
   * toast. Always sent; optional only so older answers parse.
   */
  about_user_id: IdSchema.nullable().optional(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsParamsSchema = z.object({ userId: IdSchema });
export const NOTIFICATIONS_MAX = PAGE_SIZE_MAX;

/** PUT /notifications/read-all (extension): every unread notification of the user becomes read. */
export const ReadAllAnswerSchema = z.object({ success: z.literal(true), marked: z.number().int().nonnegative() });

// ---------------------------------------------------------------------------
// Conversations (extension): the Chats inbox, with read markers kept on the server

export const CONVERSATION_KINDS = ['direct', 'group'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

export const ConversationSchema = z.object({
  kind: z.enum(CONVERSATION_KINDS),
  /** The other person's user id (direct) or the group chat's id (group). */
  id: IdSchema,
  /** The other person's name as the reader may see it, or the group chat's name. */
  title: z.string(),
  /** Extension (issue 38): the title's message id and values (contract/said.ts). */
  title_code: z.string(),
  title_params: SaidParamsSchema,
  /** Direct only: the other person as the reader may see them (for the chat view); null for groups. */
  partner: PublicUserSchema.nullable(),
  /** Group only: the event the group chat belongs to. */
  event_id: IdSchema.nullable(),
  last_message: z
    .object({
      message: z.string(),
      /** 'You' when the reader sent it, else the sender's name as the reader may see it. */
      from_name: z.string(),
      timestamp: IsoDateSchema,
    })
    .nullable(),
  /** Messages from others after the reader's read marker. */
  unread: z.number().int().nonnegative(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationsAnswerSchema = z.object({
  conversations: z.array(ConversationSchema),
  unread_total: z.number().int().nonnegative(),
});
export type ConversationsAnswer = z.infer<typeof ConversationsAnswerSchema>;

export const ConversationReadBodySchema = z.object({
  kind: z.enum(CONVERSATION_KINDS, { message: 'must be direct or group' }),
  id: IdSchema,
});
export type ConversationReadBody = z.input<typeof ConversationReadBodySchema>;

export const ConversationReadAnswerSchema = z.object({
  success: z.literal(true),
  unread_total: z.number().int().nonnegative(),
});

/** The most conversations the inbox lists (newest activity first). */
export const CONVERSATIONS_MAX = PAGE_SIZE_MAX;
