/**
 * The Web Push port (issue 41): what the use cases hand pushes to. Offering never waits on
 * a push service: a push is decided and sent after the call that caused it has answered,
 * from a queue with a small concurrency cap (realtime/push-sender.ts sends; the app runs
 * use-cases/push.ts for each offer).
 */
import type { PushPayload } from '../../contract/push';

/** A device to push to, as its subscription names it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * How a push went: delivered (2xx); gone (404 or 410: the subscription is over, and is
 * removed); failed (refused otherwise, or still failing after the retries).
 */
export type PushOutcome = 'sent' | 'gone' | 'failed';


export interface Push {
  /** The VAPID public key (base64url) browsers subscribe with. */
  readonly publicKey: string;
  /** Queues pushes for a notification just offered; returns at once. */
  offer(work: () => Promise<void>): void;
  /** Sends one push, with a timeout and retries; never throws. */
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
  /** True the first time this key is claimed on any instance (Redis when several run). */
  claimOnce(key: string): Promise<boolean>;
}

/** No push (tests and tools that build a context without one). */
export const noPush: Push = {
  publicKey: '',
  offer: () => {},
  send: async () => 'failed',
  claimOnce: async () => true,
};
