/** Web Push subscriptions (issue 41) and the VAPID key pair kept with the data. */
import { and, eq, gt, ne } from 'drizzle-orm';
import type { Queryable } from '../client';
import { appSettings, pushSubscriptions, sessions } from '../schema';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export interface NewPushSubscription {
  endpoint: string;
  userId: string;
  sessionHash: string;
  p256dh: string;
  auth: string;
  language: string;
  previews: boolean;
  kinds: string[];
}

/**
 * Keeps a device's subscription, or takes it over: an endpoint another account (or another
 * session) subscribed before is this session's now, with its new keys and choices. A
 * session is one device with one subscription: a new endpoint replaces its previous one
 * (a browser that rotated it), so no one session fans a push out to many addresses.
 */
export async function upsertPushSubscription(db: Queryable, s: NewPushSubscription, now: Date): Promise<void> {
  const { endpoint: _endpoint, ...rest } = s;
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.sessionHash, s.sessionHash), ne(pushSubscriptions.endpoint, s.endpoint)));
  await db
    .insert(pushSubscriptions)
    .values({ ...s, createdAt: now })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...rest, createdAt: now } });
}

/** Removes one of the user's subscriptions; another account's endpoint is left alone. */
export async function deletePushSubscription(db: Queryable, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** A subscription the push service says is gone (404, 410), if it is still the one that was sent to. */
export async function deleteGonePushSubscription(db: Queryable, endpoint: string, p256dh: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.p256dh, p256dh)));
}

/** The subscriptions of a user whose sessions still hold. */
export async function livePushSubscriptions(db: Queryable, userId: string, now: Date): Promise<PushSubscriptionRow[]> {
  const rows = await db
    .select({ s: pushSubscriptions })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.tokenHash, pushSubscriptions.sessionHash))
    .where(and(eq(pushSubscriptions.userId, userId), gt(sessions.expiresAt, now)));
  return rows.map((r) => r.s);
}

const VAPID_KEY = 'vapid_keys';

/** The kept VAPID key pair, made by whichever instance asked first (both halves in one row, so they always match). */
export async function ensureVapidKeys(db: Queryable, make: () => { publicKey: string; privateKey: string }) {
  const read = async () => {
    const [row] = await db.select().from(appSettings).where(eq(appSettings.key, VAPID_KEY)).limit(1);
    return row ? (JSON.parse(row.value) as { publicKey: string; privateKey: string }) : null;
  };
  const kept = await read();
  if (kept) return kept;
  await db.insert(appSettings).values({ key: VAPID_KEY, value: JSON.stringify(make()) }).onConflictDoNothing();
  return (await read())!;
}
