/**
 * One answer, shared by every chart that calls the API, to "the session is gone": a guard
 * that spots it on a failed call's error event (401, or a 403 that carries a ban), and the
 * report that tells the parent so, with the ban's reason when a ban ended it. Each chart
 * registers both by name in its `setup`.
 */
import { sendParent, type EventObject, type MachineContext } from 'xstate';
import { errorOf, isUnauthorized, sessionExpiredBy, type SessionExpired } from './api/request';

/** The failed call found no session (or a ban ended it). */
export const isSessionGone = ({ event }: { event: EventObject }): boolean => isUnauthorized(errorOf(event));

/**
 * The action that tells the parent the session is gone. A factory, so each chart's
 * `setup` types it with its own context and events.
 */
export const reportSessionGone = <TContext extends MachineContext, TEvent extends EventObject>() =>
  sendParent<TContext, TEvent, undefined, SessionExpired, TEvent>(({ event }) => sessionExpiredBy(event));
