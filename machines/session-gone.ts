/**
 * What the charts share when what they stand on is gone. Each chart registers the guards
 * and actions it needs by name in its `setup`.
 *
 * The session: one answer, shared by every chart that calls the API, to "the session is
 * gone": a guard that spots it on a failed call's error event (401, or a 403 that carries
 * a ban), and the report that tells the parent so, with the ban's reason when a ban ended it;
 * and a failed call's answers that use them (anything else is only logged).
 *
 * The event (issue 17): its organizers changed it, or it is gone, and the live channel
 * says so (`event_changed`, passed on by the switchboard to the charts that show live news).
 * The charts that show one event read again what changed; those on a gone event's views
 * take the person calmly back to the events list. It lives here, not in a module of its
 * own, so these charts share one chunk: another would cost the entry script a preload
 * entry in each of their imports (its budget, issue 15).
 */
import { enqueueActions, sendParent, type EventObject, type MachineContext } from 'xstate';
import type { Event } from '../contract/events';
import type { EventChange } from '../contract/live';
import { errorOf, isUnauthorized, sessionExpiredBy, type SessionExpired } from './api/request';

/** The failed call found no session (or a ban ended it). */
export const isSessionGone = ({ event }: { event: EventObject }): boolean => isUnauthorized(errorOf(event));

/**
 * The action that tells the parent the session is gone. A factory, so each chart's
 * `setup` types it with its own context and events.
 */
export const reportSessionGone = <TContext extends MachineContext, TEvent extends EventObject>() =>
  sendParent<TContext, TEvent, undefined, SessionExpired, TEvent>(({ event }) => sessionExpiredBy(event));

/**
 * A failed call's answers, each going to `target` after the `first` actions: a lost session
 * is reported, anything else only logged as `what` (SPEC 8). The chart names
 * `isSessionGone`, `reportSessionGone` and `logFailure` in its `setup`.
 */
export const reportedOrLogged = <T extends string, const A extends string = never>(target: T, what: string, first: readonly A[] = []) => [
  { guard: 'isSessionGone' as const, target, actions: [...first, 'reportSessionGone' as const] },
  { target, actions: [...first, { type: 'logFailure' as const, params: ({ event }: { event: { error?: unknown } }) => ({ what, error: event.error }) }] },
];

/** The live `event_changed` as the switchboard passes it on. */
export type EventChanged = { type: 'live.event_changed'; event_id: string; change: EventChange };

/** Told to the root by the chart that holds the current event: as it stands now, or null once it is gone. */
export type CurrentEventChanged = { type: 'currentEvent.changed'; event: Event | null };

/** Cancelled by its organizers or taken down by moderators: nothing of it can be opened any more. */
export const isGoneChange = (change: EventChange): boolean => change === 'cancelled' || change === 'taken_down';

/** The message is about this event (the one a chart shows; none when it shows none). */
export const isAbout = (event: EventObject, eventId: string | undefined): event is EventChanged =>
  event.type === 'live.event_changed' && (event as EventChanged).event_id === eventId;

/** The change, when the message is about this event; null for anything else. */
export const changeOf = (event: EventObject, eventId: string | undefined): EventChange | null =>
  isAbout(event, eventId) ? event.change : null;

/** A chart that shows one event: the event, or none. */
type ShowsEvent = MachineContext & { event: Pick<Event, 'id' | 'name'> | null };

/** The message says the event the chart shows is gone. */
export const isEventGone = ({ context, event }: { context: ShowsEvent; event: EventObject }): boolean => {
  const change = changeOf(event, context.event?.id);
  return change !== null && isGoneChange(change);
};

/**
 * The action that leaves a gone event's view for the events list. Nothing more is said
 * here: the notification that comes with it (the organizers' words, or the moderators')
 * is the one toast, naming the event, and is kept in Alerts; two toasts for one thing
 * would not be calm. A factory, so each chart's `setup` types it with its own context and events.
 */
export const leaveGoneEvent = <TContext extends ShowsEvent, TEvent extends EventObject>() =>
  enqueueActions<TContext, TEvent, undefined, TEvent, never, never, never, never, never>(({ context, event, enqueue }) => {
    if (!isAbout(event, context.event?.id) || !context.event) return;
    enqueue.sendParent({ type: 'view.opened', view: 'events' });
  });
