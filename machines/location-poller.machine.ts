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
 */
import { assign, fromPromise, raise, sendParent, setup, type ActorRefFrom } from 'xstate';
import { LOCATION_INTERVAL_MS } from '../contract/constants';
import type { SafeZone } from '../contract/discovery';
import { api, type LocationUpdateAnswer } from './api/client';
import { geolocationActor, type PositionEvent } from './geolocation.actor';
import { logFailure } from './log';

export interface LocationReport {
  userId: string;
  eventId: string;
  latitude: number;
  longitude: number;
}

/** Told to the root chart after every report: the zone the person is in, or null. */
export type ZoneChanged = { type: 'zone.changed'; zone: SafeZone | null };

type PollerEvent = PositionEvent | { type: 'poll.due' };

export const locationPollerMachine = setup({
  types: {
    context: {} as { userId: string; eventId: string; position: { latitude: number; longitude: number } | null },
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
  actions: {
    storePosition: assign({
      position: ({ event }) =>
        event.type === 'position.changed' ? { latitude: event.latitude, longitude: event.longitude } : null,
    }),
    forgetPosition: assign({ position: null }),
    reportZone: sendParent((_, params: { zone: SafeZone | null }): ZoneChanged => ({ type: 'zone.changed', zone: params.zone })),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
  },
}).createMachine({
  id: 'locationPoller',
  context: ({ input }) => ({ userId: input.userId, eventId: input.eventId, position: null }),
  invoke: { src: 'watchPosition', id: 'geolocation' },
  on: {
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
            idle: { on: { 'poll.due': 'sending' } },
            // A report still on its way when the next is due: the due one is skipped.
            sending: {
              invoke: {
                src: 'reportLocation',
                input: ({ context }) => ({
                  userId: context.userId,
                  eventId: context.eventId,
                  latitude: context.position!.latitude,
                  longitude: context.position!.longitude,
                }),
                onDone: { target: 'idle', actions: { type: 'reportZone', params: ({ event }) => ({ zone: event.output.current_zone }) } },
                onError: {
                  target: 'idle',
                  actions: { type: 'logFailure', params: ({ event }) => ({ what: 'location update', error: event.error }) },
                },
              },
            },
          },
        },
      },
    },
  },
});

export type LocationPollerActorRef = ActorRefFrom<typeof locationPollerMachine>;
