/**
 * The Web Push calls (issue 41), on the same client as the rest, kept out of the entry
 * script: only the push chart (in the session's chunk) uses them. Types from the contract only.
 */
import type { PushKey, PushSubscriptionBody } from '../../contract/push';
import { createApi } from './client';

export function createPushApi(request = createApi().request) {
  return {
    pushKey: () => request<PushKey>('GET', '/push/key'),
    subscribe: (userId: string, body: PushSubscriptionBody) =>
      request<{ success: true }>('POST', '/push/subscriptions', { query: { user_id: userId }, body }),
    unsubscribe: (userId: string, endpoint: string) =>
      request<{ success: true }>('DELETE', '/push/subscriptions', { query: { user_id: userId }, body: { endpoint } }),
  };
}

export const pushApi = createPushApi();
