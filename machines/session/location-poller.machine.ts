/**
 * The location poller (SPEC 4, DESIGN 7): while the person is in an event and the
 * browser gives a position, it sends the position every 10 s and tells the root chart
 * which safe zone that is in (POST /location/update answers the zone, so one call does
 * both). The first report goes as soon as there is a position: a person who walks into
 * the quiet room should not wait ten seconds to be told. Failures are only logged
 * (SPEC 8).
 *
 * The root chart spawns it when an event is opened and keeps it while that event stays
 * the current one, whichever view is on screen, so the events list's banner stays right;
 * it is stopped when another event is opened and when the person signs out.
 *
 * It lives exactly as long as the root's current event, so it also watches that event
 * (issue 17): when its organizers change its zones it reports again at once (after the
 * report on its way, whose answer may predate them), so the banner shows the zones as they
 * now are; when the event is cancelled or taken down it says the person is in no zone,
 * tells the root the event is gone, and ends.
 */
import { assign, enqueueActions, fromPromise, raise, sendParent, setup, type ActorRefFrom } from 'xstate';
import { LOCATION_INTERVAL_MS } from '../../contract/constants';
import type { SafeZone } from '../../contract/discovery';
import { api, type LocationUpdateAnswer } from '../api/client';
import { geolocationActor, type PositionEvent } from './geolocation.actor';
import { logFailure } from '../log';
import { tellPresence } from '../presence/presence.machine';
import { changeOf, isGoneChange, type CurrentEventChanged, type EventChanged } from '../session-gone';

export interface LocationReport {
  userId: string;
  eventId: string;
  latitude: number;
  longitude: number;
}

/** Told to the root chart after every report: the zone the person is in, or null. */
export type ZoneChanged = { type: 'zone.changed'; zone: SafeZone | null };

type PollerEvent = PositionEvent | { type: 'poll.due' } | EventChanged;

export const locationPollerMachine = setup({
  types: {
    context: {} as {
      userId: string;
      eventId: string;
      position: { latitude: number; longitude: number } | null;
      /** The zones changed while a report was on its way: another goes once it is back. */
      zonesChanged: boolean;
    },
    input: {} as { userId: string; eventId: string },
    events: {} as PollerEvent,
  },
  actors: {
    watchPosition: geolocationActor,
    reportLocation: fromPromise<LocationUpdateAnswer, LocationReport>(({ input }) =>
      api.updateLocation({
        user_id: input.userId,
        event_id: input.eventId,
        latitude: input.latitude,
        longitude: input.longitude,
      }),
    ),
  },
  delays: { pollInterval: LOCATION_INTERVAL_MS },
  guards: {
    isEventGone: ({ context, event }) => {
      const change = changeOf(event, context.eventId);
      return change !== null && isGoneChange(change);
    },
    areZonesChanged: ({ context, event }) => changeOf(event, context.eventId) === 'zones',
  },
  actions: {
    storePosition: assign({
      position: ({ event }) =>
        event.type === 'position.changed' ? { latitude: event.latitude, longitude: event.longitude } : null,
    }),
    forgetPosition: assign({ position: null }),
    reportZone: sendParent((_, params: { zone: SafeZone | null }): ZoneChanged => ({ type: 'zone.changed', zone: params.zone })),
    reportEventGone: sendParent((): CurrentEventChanged => ({ type: 'currentEvent.changed', event: null })),
    noteZonesChanged: assign({ zonesChanged: true }),
    // A report whose answer may predate the new zones: one more, now.
    reportAgainIfZonesChanged: enqueueActions(({ context, enqueue }) => {
      if (!context.zonesChanged) return;
      enqueue.assign({ zonesChanged: false });
      enqueue.raise({ type: 'poll.due' });
    }),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
    tellPresence: ({ system }) => tellPresence(system),
  },
}).createMachine({
  id: 'locationPoller',
  context: ({ input }) => ({ userId: input.userId, eventId: input.eventId, position: null, zonesChanged: false }),
  invoke: { src: 'watchPosition', id: 'geolocation' },
  on: {
    'live.event_changed': { guard: 'isEventGone', target: '.ended' },
    'position.changed': { actions: 'storePosition' },
    'position.unavailable': { actions: { type: 'logFailure', params: ({ event }) => ({ what: 'position', error: event.reason }) } },
  },
  initial: 'waitingForPosition',
  states: {
    waitingForPosition: {
      on: { 'position.changed': { target: 'tracking', actions: 'storePosition' } },
    },
    tracking: {
      type: 'parallel',
      entry: raise({ type: 'poll.due' }),
      on: {
        // Without a position nothing is sent; the next one starts the count again.
        'position.unavailable': {
          target: 'waitingForPosition',
          actions: ['forgetPosition', { type: 'logFailure', params: ({ event }) => ({ what: 'position', error: event.reason }) }],
        },
      },
      states: {
        // The clock runs on its own, so a slow answer does not stretch the interval.
        schedule: {
          initial: 'waiting',
          states: {
            waiting: {
              after: { pollInterval: { target: 'waiting', reenter: true, actions: raise({ type: 'poll.due' }) } },
            },
          },
        },
        report: {
          initial: 'idle',
          states: {
            idle: { on: { 'poll.due': 'sending', 'live.event_changed': { guard: 'areZonesChanged', target: 'sending' } } },
            // A report still on its way when the next is due: the due one is skipped.
            sending: {
              on: { 'live.event_changed': { guard: 'areZonesChanged', actions: 'noteZonesChanged' } },
              invoke: {
                src: 'reportLocation',
                input: ({ context }) => ({
                  userId: context.userId,
                  eventId: context.eventId,
                  latitude: context.position!.latitude,
                  longitude: context.position!.longitude,
                }),
                onDone: {
                  target: 'idle',
                  actions: [{ type: 'reportZone', params: ({ event }) => ({ zone: event.output.current_zone }) }, 'tellPresence', 'reportAgainIfZonesChanged'],
                },
                onError: {
                  target: 'idle',
                  actions: [
                    { type: 'logFailure', params: ({ event }) => ({ what: 'location update', error: event.error }) },
                    'reportAgainIfZonesChanged',
                  ],
                },
              },
            },
          },
        },
      },
    },
    // The event is gone: no zone of it holds the person any more, and nothing more is sent.
    ended: {
      type: 'final',
      entry: [{ type: 'reportZone', params: { zone: null } }, 'reportEventGone'],
    },
  },
});

export type LocationPollerActorRef = ActorRefFrom<typeof locationPollerMachine>;
