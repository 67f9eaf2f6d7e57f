/** A stored one-to-one message as SPEC 7 answers it (the history, a send, the live `new_message`). */
import type { MessageType } from '../../contract/constants';
import type { ChatMessage } from '../../contract/social';
import type { ChatRow } from '../db/repositories/chat';

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
