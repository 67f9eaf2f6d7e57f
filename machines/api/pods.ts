/**
 * The calls of small groups, "pods" (issue 43 item 3), kept out of the entry script: only
 * the event view's pod card (a chunk of its own) uses them.
 */
import type { MyPod } from '../../contract/pods';
import { createApi } from './client';

const enc = encodeURIComponent;

export function createPodsApi(request = createApi().request) {
  const at = (eventId: string) => `/events/${enc(eventId)}/pods`;
  return {
    mine: (userId: string, eventId: string) => request<MyPod>('GET', `${at(eventId)}/mine`, { query: { user_id: userId } }),
    join: (userId: string, eventId: string) => request<{ status: 'waiting' }>('POST', `${at(eventId)}/queue`, { query: { user_id: userId } }),
    leave: (userId: string, eventId: string) => request<MyPod>('DELETE', `${at(eventId)}/queue`, { query: { user_id: userId } }),
  };
}

export const podsApi = createPodsApi();
