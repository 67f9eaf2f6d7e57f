/**
 * The calls of "I need a break" in a chat (issue 18 item 3), on the same client as the
 * rest, kept out of the entry script: only the chat chart (a chunk of its own) uses them.
 * Answer types come from the contract as types only.
 */
import type { Success } from '../../contract/common';
import type { ChatBreakAnswer, ChatBreakBody, ChatMute } from '../../contract/social';
import { createApi } from './client';

const enc = encodeURIComponent;

export function createExitApi(request = createApi().request) {
  return {
    takeChatBreak: (userId: string, body: ChatBreakBody) =>
      request<ChatBreakAnswer>('POST', '/chat/break', { query: { user_id: userId }, body }),
    chatMutes: (userId: string) => request<ChatMute[]>('GET', '/chat/mutes', { query: { user_id: userId } }),
    unmuteChat: (userId: string, otherUserId: string) =>
      request<Success>('DELETE', `/chat/${enc(otherUserId)}/mute`, { query: { user_id: userId } }),
  };
}

export const exitApi = createExitApi();
