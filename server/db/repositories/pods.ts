/**
 * Small groups, "pods" (issue 43 item 3): the queue, the pods formed and their members.
 * Forming runs in one transaction under an advisory lock per event, so two instances
 * forming at once make one pod, not two, and nobody lands in two.
 */
import { and, asc, desc, eq, exists, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../client';
import { blocks, eventAttendees, events, groupChatPeople, groupChats, groupMembers, groups, podQueue, pods, safeZones, users } from '../schema';
import type { Said } from '../../../contract/said';
import { chatName } from './events';
import type { Waiting } from '../../domain/pods';

export async function enqueue(db: Queryable, eventId: string, userId: string, at: Date): Promise<void> {
  await db.insert(podQueue).values({ eventId, userId, joinedAt: at }).onConflictDoNothing();
}

export async function dequeue(db: Queryable, eventId: string, userId: string): Promise<boolean> {
  return (await db.delete(podQueue).where(and(eq(podQueue.eventId, eventId), eq(podQueue.userId, userId))).returning({ u: podQueue.userId })).length > 0;
}

export async function isWaiting(db: Queryable, eventId: string, userId: string): Promise<boolean> {
  const [row] = await db.select({ u: podQueue.userId }).from(podQueue).where(and(eq(podQueue.eventId, eventId), eq(podQueue.userId, userId))).limit(1);
  return !!row;
}

/** The pod the person is in at the event (the newest, should there be more), with its chat. */
export async function podOf(db: Queryable, eventId: string, userId: string) {
  const [row] = await db
    .select({ id: pods.id, meetingPoint: pods.meetingPoint, zoneId: pods.zoneId, startsAt: pods.startsAt, chatId: groupChats.id })
    .from(groupMembers)
    .innerJoin(pods, eq(pods.id, groupMembers.groupId))
    .innerJoin(groupChats, eq(groupChats.podId, pods.id))
    .where(and(eq(groupMembers.userId, userId), eq(pods.eventId, eventId)))
    .orderBy(desc(pods.createdAt))
    .limit(1);
  return row ?? null;
}
export type PodRow = NonNullable<Awaited<ReturnType<typeof podOf>>>;

/** The chats of the pods the person is in at the event (issue 43), for their list of the event's chats. */
export async function podChatsOf(db: Queryable, eventId: string, userId: string) {
  return db
    .select({ chat: groupChats })
    .from(groupChats)
    .innerJoin(groupChatPeople, and(eq(groupChatPeople.groupId, groupChats.id), eq(groupChatPeople.userId, userId), eq(groupChatPeople.role, 'member')))
    .where(and(eq(groupChats.eventId, eventId), isNotNull(groupChats.podId)))
    .orderBy(asc(groupChats.createdAt))
    .then((rows) => rows.map((r) => r.chat));
}

export async function podMemberIds(db: Queryable, podId: string): Promise<string[]> {
  const rows = await db.select({ userId: groupMembers.userId }).from(groupMembers).where(eq(groupMembers.groupId, podId)).orderBy(asc(groupMembers.joinedAt));
  return rows.map((r) => r.userId);
}

/** Everyone in a pod at the event (whose groups change when it is deleted). */
export async function podMembersAt(db: Queryable, eventId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: groupMembers.userId })
    .from(groupMembers)
    .innerJoin(pods, eq(pods.id, groupMembers.groupId))
    .where(eq(pods.eventId, eventId));
  return rows.map((r) => r.userId);
}

/** Leaves the pod and its chat; nobody else is told. */
export async function leavePod(db: Db, pod: PodRow, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, pod.id), eq(groupMembers.userId, userId)));
    await tx.delete(groupChatPeople).where(and(eq(groupChatPeople.groupId, pod.chatId), eq(groupChatPeople.userId, userId)));
  });
}

/** Events with someone waiting that are on at `now`. */
export async function eventsWithWaiting(db: Queryable, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: podQueue.eventId })
    .from(podQueue)
    .innerJoin(events, eq(events.id, podQueue.eventId))
    .where(and(lte(events.startTime, now), gt(events.endTime, now), isNull(events.hiddenAt)));
  return rows.map((r) => r.id);
}

/** Queueing closes with the event: those still waiting when it ends wait no more. */
export async function dropEndedWaiting(db: Queryable, now: Date): Promise<void> {
  // From the queue's few rows, each event looked up by its key: the events table is not scanned.
  await db.delete(podQueue).where(exists(db.select({ one: sql`1` }).from(events).where(and(eq(events.id, podQueue.eventId), lte(events.endTime, now)))));
}

/** What forming needs to know of the waiting: who they are, and whether they may be grouped now. */
export interface WaitingRow extends Waiting {
  status: string;
  statusUntil: Date | null;
  socialBattery: number;
}

export interface FormedPod {
  id: string;
  chatId: string;
  members: string[];
  meetingPoint: string;
}

/**
 * Forms the event's pods now, in one transaction holding the event's pod lock: reads who
 * waits (still attending), lets `choose` group them, and writes each pod (its group, members,
 * meeting point and chat) and takes its people off the queue.
 */
export async function formPods(
  db: Db,
  eventId: string,
  now: Date,
  choose: (waiting: WaitingRow[], blockedPairs: Set<string>) => string[][],
  words: { name: (place: string) => string; description: (event: string) => string; chat: (place: string) => Said },
  startsAfterMs: number,
): Promise<FormedPod[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pods:${eventId}`}))`);
    const [event] = await tx
      .select({ name: events.name, location: events.location, startTime: events.startTime, endTime: events.endTime, hiddenAt: events.hiddenAt })
      .from(events)
      .where(eq(events.id, eventId));
    if (!event || event.hiddenAt || event.startTime > now || event.endTime <= now) return [];
    const waiting = await tx
      .select({ id: users.id, interests: users.interests, joinedAt: podQueue.joinedAt, status: users.status, statusUntil: users.statusUntil, socialBattery: users.socialBattery })
      .from(podQueue)
      .innerJoin(users, and(eq(users.id, podQueue.userId), eq(users.isActive, true)))
      .innerJoin(eventAttendees, and(eq(eventAttendees.eventId, podQueue.eventId), eq(eventAttendees.userId, podQueue.userId)))
      .where(eq(podQueue.eventId, eventId));
    if (waiting.length === 0) return [];
    const ids = waiting.map((w) => w.id);
    const pairs = await tx
      .select({ a: blocks.blockerId, b: blocks.blockedId })
      .from(blocks)
      .where(and(inArray(blocks.blockerId, ids), inArray(blocks.blockedId, ids)));
    const grouped = choose(waiting, new Set(pairs.flatMap((p) => [`${p.a}:${p.b}`, `${p.b}:${p.a}`])));
    if (grouped.length === 0) return [];
    const [zone] = await tx
      .select({ id: safeZones.id, name: safeZones.name })
      .from(safeZones)
      .where(and(eq(safeZones.eventId, eventId), eq(safeZones.zoneType, 'pod')))
      .orderBy(asc(safeZones.name), asc(safeZones.id))
      .limit(1);
    const place = zone?.name ?? event.location;
    const formed: FormedPod[] = [];
    for (const members of grouped) {
      const [group] = await tx
        .insert(groups)
        .values({ name: words.name(place), description: words.description(event.name), category: 'pod', isPrivate: true, createdAt: now })
        .returning({ id: groups.id });
      const id = group!.id;
      await tx.insert(groupMembers).values(members.map((userId) => ({ groupId: id, userId, joinedAt: now })));
      await tx.insert(pods).values({ id, eventId, meetingPoint: place, zoneId: zone?.id ?? null, startsAt: new Date(now.getTime() + startsAfterMs), createdAt: now });
      const [chat] = await tx
        .insert(groupChats)
        .values({ eventId, communityId: null, podId: id, ...chatName(words.chat(place)), createdAt: now })
        .returning({ id: groupChats.id });
      await tx.insert(groupChatPeople).values(members.map((userId) => ({ groupId: chat!.id, userId, role: 'member', joinedAt: now })));
      await tx.delete(podQueue).where(and(eq(podQueue.eventId, eventId), inArray(podQueue.userId, members)));
      formed.push({ id, chatId: chat!.id, members, meetingPoint: place });
    }
    return formed;
  });
}
