/** Chat messages as SPEC 7 answers them: one-to-one and in group chats. */
import type { MessageType } from '../../contract/constants';
import type { ChatMessage, GroupMessage } from '../../contract/social';
import type { ChatRow } from '../db/repositories/chat';
import type { GroupMessageRow } from '../db/repositories/group-chats';
import type { SharedAuthor } from '../domain/visibility';

/** A stored one-to-one message (the history, a send, the live `new_message`). */
export const toChatMessage = (r: ChatRow): ChatMessage => ({
  id: r.id,
  from_user: r.fromUser,
  to_user: r.toUser,
  message: r.message,
  message_type: r.messageType as MessageType,
  ice_breaker_id: r.iceBreakerId,
  event_id: r.eventId,
  client_id: r.clientId,
  timestamp: r.createdAt.toISOString(),
});

/** A message with its sender as one reader sees them (DESIGN 5: a name and id, or "Anonymous attendee" and none). */
export const toGroupMessage = (r: GroupMessageRow, sender: SharedAuthor): GroupMessage => ({
  id: r.id,
  group_id: r.groupId,
  from_user: sender.id,
  from_name: sender.name,
  message: r.message,
  timestamp: r.createdAt.toISOString(),
});
