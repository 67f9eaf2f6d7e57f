/**
 * Web Push (issue 41): the key browsers subscribe with, a device's subscription kept for the
 * session that made it, and the push of a notification to each device of its person whose
 * session has no live socket open. Decided and sent after the call that stored the
 * notification has answered (core/push.ts: offer), never during it.
 */
import { PUSH_KINDS, type PushKey, type PushKind, type PushLanguage, type PushSubscriptionBody, type PushUnsubscribeBody } from '../../contract/push';
import type { Success } from '../../contract/common';
import { badRequest } from '../core/errors';
import { liveSessionKey } from '../core/realtime';
import { relationsOf } from '../cache/relations';
import {
  deleteGonePushSubscription,
  deletePushSubscription,
  livePushSubscriptions,
  upsertPushSubscription,
} from '../db/repositories/push';
import type { UserRow } from '../db/repositories/users';
import { pushEndpointRefusal } from '../domain/push-endpoints';
import { toPushPayload } from '../presenters/push';
import type { Ctx } from './context';
import type { NotificationKind, StoredNotification } from './notify';

/** The notifications pushed, by the kind of news a device may choose (contract/push.ts PUSH_KINDS). */
const PUSHED: Partial<Record<NotificationKind, PushKind>> = {
  connection_request: 'requests',
  connection_accepted: 'accepted',
  chat_message: 'messages',
  meeting: 'meetings',
  meeting_reminder: 'meetings',
  // The recap nudge (issue 43) is news of an event the person attended: the device's choice of event news.
  event_recap: 'announcements',
  // A small group formed (issue 43 item 3): news of the event the person is at.
  pod: 'announcements',
  event_announcement: 'announcements',
  admin_warning: 'moderation',
  report_reviewed: 'moderation',
  event_taken_down: 'moderation',
};

export const pushKindOf = (kind: NotificationKind): PushKind | null => PUSHED[kind] ?? null;

const NOT_A_PUSH_SERVICE = /*i18n*/ {
  id: 'error.field.pushEndpoint',
  message: "endpoint: must be the address of a browser's push service",
};

export const pushKey = (ctx: Pick<Ctx, 'push'>): PushKey => ({ public_key: ctx.push.publicKey });

/**
 * Keeps this device's subscription for its session; an endpoint another account or session
 * held moves to this one. The endpoint is checked, never requested, before it is kept.
 */
export async function subscribePush(ctx: Ctx, me: UserRow, sessionHash: string, body: PushSubscriptionBody): Promise<Success> {
  if (pushEndpointRefusal(body.endpoint, ctx.config.pushEndpointAllow ?? []) !== null) throw badRequest(NOT_A_PUSH_SERVICE);
  await upsertPushSubscription(
    ctx.db,
    {
      endpoint: body.endpoint,
      userId: me.id,
      sessionHash,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      language: body.language ?? 'en',
      previews: body.previews ?? false,
      kinds: [...new Set(body.kinds ?? PUSH_KINDS)],
    },
    ctx.clock(),
  );
  return { success: true };
}

/** Removes one of this person's subscriptions (another account's endpoint stays as it is). */
export async function unsubscribePush(ctx: Ctx, me: UserRow, body: PushUnsubscribeBody): Promise<Success> {
  await deletePushSubscription(ctx.db, me.id, body.endpoint);
  return { success: true };
}

const languageOf = (language: string): PushLanguage => (language === 'de' ? 'de' : 'en');

export type PushCtx = Pick<Ctx, 'db' | 'clock' | 'realtime' | 'push'>;

/** Whether a socket opened with this session is live on any instance; absent a session-wide answer, the person's. */
async function sessionOnline(ctx: PushCtx, userId: string, sessionHash: string): Promise<boolean> {
  if (ctx.realtime.isSessionOnline) return ctx.realtime.isSessionOnline(liveSessionKey(sessionHash));
  return (await ctx.realtime.isOnline?.(userId)) ?? false;
}

/**
 * Pushes a notification just offered to `userId` to each of their devices that chose its
 * kind and holds no live socket, once across instances; nothing about someone they
 * blocked (or who blocked them). A subscription the push service says is gone is removed.
 */
export async function pushNotification(
  ctx: PushCtx,
  userId: string,
  notification: StoredNotification,
  kind: NotificationKind,
  fromUserId?: string,
): Promise<void> {
  const pushKind = pushKindOf(kind);
  if (!pushKind) return;
  const now = ctx.clock();
  const devices = (await livePushSubscriptions(ctx.db, userId, now)).filter((s) => s.kinds.includes(pushKind));
  if (devices.length === 0) return;
  const about = notification.about_user_id ?? fromUserId;
  if (about && (await relationsOf(ctx.db, userId, now)).blocked.has(about)) return;
  // Whichever instance claims it first pushes it; a sweep on two instances, or a retry, does not push twice.
  if (!(await ctx.push.claimOnce(`notification:${notification.id}`))) return;
  await Promise.all(
    devices.map(async (device) => {
      if (await sessionOnline(ctx, userId, device.sessionHash)) return;
      const payload = toPushPayload(notification, pushKind, {
        language: languageOf(device.language),
        previews: device.previews,
        reminder: kind === 'meeting_reminder',
        recap: kind === 'event_recap',
      });
      const outcome = await ctx.push.send(device, payload);
      if (outcome === 'gone') await deleteGonePushSubscription(ctx.db, device.endpoint, device.p256dh);
    }),
  );
}
