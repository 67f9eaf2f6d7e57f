/**
 * Small groups, "pods" (issue 43 item 3). An attendee of an event that is on asks to be put
 * in one; a sweep on every instance (and a try right after each join) forms pods of 3 to 5
 * within 10 seconds (domain/pods.ts says how), one transaction per event under its lock, so
 * two instances make one pod. Each member hears `pod_formed` and gets a notification; the
 * pod is one of their groups (GET /groups), with a chat only they read, which closes when
 * the event ends (read-only then: access/chats.ts). Leaving is private: nobody is told.
 */
import { LOW_BATTERY_MAX } from '../../contract/constants';
import type { MyPod, Pod } from '../../contract/pods';
import { sentence, type Said } from '../../contract/said';
import { EVENT_NOT_FOUND } from '../access/events';
import { viewerContext } from '../cache/relations';
import { announceKept, tag } from '../cache/tags';
import { conflict, notFound } from '../core/errors';
import { sweepEvery } from '../core/sweep';
import { peopleByIds, type Person } from '../db/repositories/people';
import { eventPeopleFor } from '../cache/event-people';
import { keptReads } from '../cache/kept';
import {
  dequeue,
  dropEndedWaiting,
  enqueue,
  eventsWithWaiting,
  formPods,
  isWaiting,
  leavePod,
  podMemberIds,
  podOf,
  type PodRow,
} from '../db/repositories/pods';
import type { UserRow } from '../db/repositories/users';
import { groupIntoPods } from '../domain/pods';
import { isAway } from '../domain/status';
import { exists } from '../domain/visibility';
import { authorAs } from '../presenters/people';
import type { Ctx } from './context';
import { links, notify } from './notify';

/** How often each instance looks for pods to form: with POD_GATHER_MS, well within the 10 seconds. */
export const POD_SWEEP_MS = 3_000;
/** Members meet a few minutes after the pod forms: time to find the spot. */
export const POD_STARTS_AFTER_MS = 5 * 60_000;

const NOT_ON: Said = /*i18n*/ { id: 'error.pods.notOn', message: 'Small groups form only while the event is on' };
const AWAY: Said = /*i18n*/ { id: 'error.pods.away', message: 'You are on a break: end it to join a small group' };
const LOW_BATTERY: Said = /*i18n*/ { id: 'error.pods.lowBattery', message: 'Your social battery is low: raise it to join a small group' };
const IN_A_POD: Said = /*i18n*/ { id: 'error.pods.inAPod', message: 'You are already in a small group here: leave it first' };

const CHAT_NAME = sentence(/*i18n*/ { id: 'chat.podChat', message: 'Small group at {place}' }, ({ place }: { place: string }) => `Small group at ${place}`);
const FORMED_TITLE = sentence(
  /*i18n*/ { id: 'notification.pod.title', message: 'Your small group is ready' },
  () => 'Your small group is ready',
);
const FORMED_CONTENT = sentence(
  /*i18n*/ { id: 'notification.pod.content', message: '{count} of you meet at {place}. Say hello in your group chat.' },
  ({ count, place }: { count: number; place: string }) => `${count} of you meet at ${place}. Say hello in your group chat.`,
);
const words = {
  name: (place: string) => `Pod at ${place}`,
  description: (event: string) => `A small group at ${event}`,
  chat: (place: string) => CHAT_NAME({ place }),
};

/**
 * The event, if the person attends it (asked of its kept people, cache/event-people.ts):
 * anyone else (and a taken-down event) answers 404, as an unknown event.
 */
async function podEvent(ctx: Ctx, eventId: string, me: UserRow) {
  const found = await eventPeopleFor(ctx.db, eventId, me.id, ctx.clock());
  if (!found?.attending) throw notFound(EVENT_NOT_FOUND);
  return found.people.event;
}

/** The pod's members' rows, kept until someone leaves it (its chat's people) or a member changes. */
function podMembers(ctx: Ctx, pod: PodRow, now: Date): Promise<{ ids: string[]; rows: ReadonlyMap<string, Person> }> {
  return keptReads(ctx.db).read(`pod-members:${pod.id}`, now.getTime(), async () => {
    const ids = await podMemberIds(ctx.db, pod.id);
    return { value: { ids, rows: await peopleByIds(ctx.db, ids) }, tags: [tag.chatPeople(pod.chatId), ...ids.map(tag.user)] };
  });
}

const isOn = (e: { startTime: Date; endTime: Date }, now: Date) => e.startTime <= now && now < e.endTime;

/** POST /events/{id}/pods/queue: while the event is on, not on a break, battery above low, and not in a pod there yet. */
export async function joinPodQueue(ctx: Ctx, eventId: string, me: UserRow): Promise<{ status: 'waiting' }> {
  const now = ctx.clock();
  const event = await podEvent(ctx, eventId, me);
  if (!isOn(event, now)) throw conflict(NOT_ON);
  if (isAway(me, now)) throw conflict(AWAY);
  if (me.socialBattery <= LOW_BATTERY_MAX) throw conflict(LOW_BATTERY);
  if (await podOf(ctx.db, eventId, me.id)) throw conflict(IN_A_POD);
  await enqueue(ctx.db, eventId, me.id, now);
  // Enough may wait already (a full pod's worth): form it at once rather than at the next sweep,
  // which tries again should this fail (the person is waiting either way).
  await formEventPods(ctx, eventId).catch((err: unknown) => ctx.log.warn({ err }, 'forming pods failed'));
  return { status: 'waiting' };
}

/** DELETE /events/{id}/pods/queue: stops waiting, or leaves the pod; quietly either way. */
export async function leavePodQueue(ctx: Ctx, eventId: string, me: UserRow): Promise<MyPod> {
  // The event is checked beside the rest (one wait): for someone not attending, nothing is theirs to leave.
  const [, , pod] = await Promise.all([podEvent(ctx, eventId, me), dequeue(ctx.db, eventId, me.id), podOf(ctx.db, eventId, me.id)]);
  if (pod) {
    await leavePod(ctx.db, pod, me.id);
    // Their groups and inbox lose it; the chat's people are read again (its members' lists: without telling them).
    announceKept(ctx, [tag.user(me.id), tag.chatPeople(pod.chatId)]);
  }
  return { status: 'none', pod: null };
}

/** GET /events/{id}/pods/mine. */
export async function myPod(ctx: Ctx, eventId: string, me: UserRow): Promise<MyPod> {
  const now = ctx.clock();
  const [event, pod] = await Promise.all([podEvent(ctx, eventId, me), podOf(ctx.db, eventId, me.id)]);
  if (pod) return { status: 'formed', pod: await podAsSeen(ctx, pod, me, now) };
  if (isOn(event, now) && (await isWaiting(ctx.db, eventId, me.id))) return { status: 'waiting', pod: null };
  return { status: 'none', pod: null };
}

/** The pod as its member sees it: the others as the event shows them to them (DESIGN 5), the reader first, then by name. */
async function podAsSeen(ctx: Ctx, pod: PodRow, me: UserRow, now: Date): Promise<Pod> {
  const [{ ids, rows }, reader] = await Promise.all([podMembers(ctx, pod, now), viewerContext(ctx.db, me.id, now)]);
  const members = ids.flatMap((id) => {
    const p = rows.get(id);
    return p && exists(reader, p) ? [authorAs(reader, p)] : [];
  });
  const rank = (m: { id: string | null }) => (m.id === me.id ? 0 : m.id === null ? 2 : 1);
  members.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
  return {
    id: pod.id,
    members,
    meeting_point: pod.zoneId ? { name: pod.meetingPoint, zone_id: pod.zoneId } : { name: pod.meetingPoint },
    starts_at: pod.startsAt.toISOString(),
    group_chat_id: pod.chatId,
  };
}

/** Forms what pods the event's waiting people make now, and tells each member. Answers how many formed. */
export async function formEventPods(ctx: Ctx, eventId: string): Promise<number> {
  const now = ctx.clock();
  const formed = await formPods(
    ctx.db,
    eventId,
    now,
    (waiting, blocked) =>
      groupIntoPods(
        // Someone who went on a break or whose battery ran low since keeps waiting, ungrouped.
        waiting.filter((w) => !isAway(w, now) && w.socialBattery > LOW_BATTERY_MAX),
        (a, b) => blocked.has(`${a}:${b}`),
        now,
      ),
    words,
    POD_STARTS_AFTER_MS,
  );
  for (const pod of formed) {
    announceKept(ctx, [...pod.members.map(tag.user), tag.chatPeople(pod.chatId), tag.groupChats]);
    await ctx.realtime.toUsers(pod.members, { type: 'pod_formed', event_id: eventId, pod_id: pod.id });
    for (const userId of pod.members) {
      await notify(ctx, userId, {
        kind: 'pod',
        title: FORMED_TITLE({}),
        content: FORMED_CONTENT({ count: pod.members.length, place: pod.meetingPoint }),
        link: links.event(eventId),
      });
    }
  }
  return formed.length;
}

/** One sweep: waiting ends with the event; each event that is on forms its pods. */
export async function formDuePods(ctx: Ctx): Promise<number> {
  const now = ctx.clock();
  await dropEndedWaiting(ctx.db, now);
  let formed = 0;
  for (const eventId of await eventsWithWaiting(ctx.db, now)) formed += await formEventPods(ctx, eventId);
  return formed;
}

/** Runs formDuePods every POD_SWEEP_MS on this instance. Answers how to stop. */
export function sweepPods(ctx: Ctx): () => Promise<void> {
  return sweepEvery(ctx.log, POD_SWEEP_MS, 'forming pods failed', () => formDuePods(ctx));
}
