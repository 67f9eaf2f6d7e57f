/**
 * The calls of an event's recap and of "I'm heading off" (issue 43 items 4 and 5), kept
 * out of the entry script: only the recap view's and the chat's charts (chunks of their
 * own) use them. Answer types come from the contract as types only.
 */
import type { ChatRest, ChatRestBody, Recap } from '../../contract/recap';
import type { ChatMessage } from '../../contract/social';
import { createApi } from './client';

const enc = encodeURIComponent;

export function createRecapApi(request = createApi().request) {
  return {
    recap: (userId: string, eventId: string) => request<Recap>('GET', `/events/${enc(eventId)}/recap`, { query: { user_id: userId } }),
    saveNote: (userId: string, eventId: string, personId: string, note: string) =>
      request<{ success: true; note: string | null }>('PUT', `/events/${enc(eventId)}/recap/notes/${enc(personId)}`, { query: { user_id: userId }, body: { note } }),
    chatRest: (userId: string, otherId: string) => request<ChatRest>('GET', `/chat/${enc(otherId)}/rest`, { query: { user_id: userId } }),
    headOff: (userId: string, otherId: string, body: ChatRestBody) =>
      request<{ success: true; message: ChatMessage; rest: ChatRest }>('POST', `/chat/${enc(otherId)}/rest`, { query: { user_id: userId }, body }),
    wakeChat: (userId: string, otherId: string) => request<ChatRest>('DELETE', `/chat/${enc(otherId)}/rest`, { query: { user_id: userId } }),
  };
}

export const recapApi = createRecapApi();

/** The address of the recap's vCard file (read with the session cookie). */
export const recapCardsUrl = (userId: string, eventId: string): string => `/api/events/${enc(eventId)}/recap.vcf?user_id=${enc(userId)}`;
