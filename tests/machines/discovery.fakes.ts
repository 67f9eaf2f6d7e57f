/** Sample answers of the events and discovery calls, and a harness for child charts. */
import { asWritten } from '../../contract/said';
import { vi } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  createMachine,
  SimulatedClock,
  type ActorRefFrom,
  type AnyEventObject,
  type AnyStateMachine,
  type InputFrom,
} from 'xstate';
import type { PublicUser } from '../../contract/common';
import { NEARBY_PAGE_DEFAULT, type ConnectionStatus } from '../../contract/constants';
import type { MicroCommunity, NearbyEntry, Recommendations, SafeZone } from '../../contract/discovery';
import type { Event } from '../../contract/events';
import type { Api, LocationUpdateAnswer } from '../../machines/api/client';
import type { PositionEvent } from '../../machines/session/geolocation.actor';
import { locationPollerMachine, type LocationReport } from '../../machines/session/location-poller.machine';

export const sampleEvent = (overrides: Partial<Event> = {}): Event => ({
  id: 'e0000000-0000-4000-8000-000000000001',
  name: 'Quiet Founders Meetup',
  description: 'A slow-paced meetup.',
  location: 'Betahaus, Berlin',
  event_type: 'networking',
  start_time: '2030-05-01T18:00:00.000Z',
  end_time: '2030-05-01T21:00:00.000Z',
  attendees: [],
  attendee_count: 4,
  anxiety_friendly_features: ['quiet_spaces', 'small_groups'],
  is_attending: false,
  created_by: null,
  ...overrides,
});

let personCounter = 0;
export const samplePerson = (overrides: Partial<PublicUser> = {}): PublicUser => {
  personCounter += 1;
  const n = String(personCounter).padStart(12, '0');
  return {
    id: `a0000000-0000-4000-8000-${n}`,
    username: `person${personCounter}`,
    name: `Person ${personCounter}`,
    age: 30,
    occupation: 'Gardener',
    interests: ['hiking', 'jazz', 'chess', 'baking', 'poetry'],
    social_preferences: [],
    personality_traits: [],
    communication_style: 'balanced',
    photo_data: null,
    is_anonymous: false,
    ...overrides,
  };
};

export const sampleEntry = (user: PublicUser = samplePerson(), score = 0.82, status: ConnectionStatus = 'none'): NearbyEntry => ({
  user,
  compatibility: {
    overall_score: score,
    compatibility_reasons: ['You both enjoy hiking', 'You both prefer small groups'],
    compatibility_reason_codes: [
      { code: 'compat.bothEnjoy', params: { things: asWritten('hiking') } },
      { code: 'compat.bothPrefer', params: { things: asWritten('small groups') } },
    ],
  },
  ice_breakers: [{ id: 'b0000000-0000-4000-8000-000000000001', suggestion_text: 'Ask about their favourite trail', suggestion_code: '', suggestion_params: {}, category: 'interests' }],
  social_battery: 7,
  distance_m: null,
  distance_band: null,
  connection_status: status,
  recharging: false,
  opening_moves: [],
  open_to_hello: false,
});

/** `n` people nearby, best first. */
export const sampleCrowd = (n: number): NearbyEntry[] => Array.from({ length: n }, () => sampleEntry());

/**
 * GET /discover as the server answers it: a page of `limit` (default 30) from `offset`
 * of the people the test holds, best first. `everyone` is read on every call, so the
 * test can change the ranking between pages.
 */
export function fakeDiscover(everyone: () => NearbyEntry[]) {
  return vi.fn<Api['discover']>(async (_userId, _eventId, page = {}) => {
    const offset = page.offset ?? 0;
    return everyone().slice(offset, offset + (page.limit ?? NEARBY_PAGE_DEFAULT));
  });
}

export const sampleZone = (overrides: Partial<SafeZone> = {}): SafeZone => ({
  id: 'c0000000-0000-4000-8000-000000000001',
  name: 'Quiet room',
  description: 'A calm room.',
  zone_type: 'safe_space',
  latitude: 52.5068,
  longitude: 13.3917,
  radius_meters: 25,
  ...overrides,
});

export const sampleCommunity = (overrides: Partial<MicroCommunity> = {}): MicroCommunity => ({
  id: 'd0000000-0000-4000-8000-000000000001',
  name: 'Trail talkers',
  description: 'Walk and talk.',
  interest_tag: 'hiking',
  member_count: 3,
  is_member: false,
  ...overrides,
});

export const emptyRecommendations: Recommendations = { people: [], communities: [] };

/** A promise the test settles when it chooses. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets pending promise callbacks (fake calls settling) run. */
export const flush = () => new Promise((r) => setTimeout(r, 0));

/** Once the browser has drawn a frame (what useAfterPaint waits for: a frame, then a task). */
export const nextFrame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));

/**
 * Runs a chart as the only child of a parent that records what the child tells it
 * (sendParent), on a simulated clock, as the root chart would run it.
 */
export function asChild<T extends AnyStateMachine>(machine: T, input: InputFrom<T>) {
  const received: AnyEventObject[] = [];
  const parent = createMachine({
    invoke: { src: machine, id: 'child', input },
    on: {
      '*': {
        actions: ({ event }) => {
          if (!event.type.startsWith('xstate.')) received.push(event);
        },
      },
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(parent, { clock }).start();
  const child = actor.getSnapshot().children.child as ActorRefFrom<T>;
  return { actor, child, received, clock, types: () => received.map((e) => e.type) };
}

/**
 * The poller with a fake browser position (the test moves it) and a fake server (it
 * answers the given zone, or fails).
 */
export function fakePoller(answer: (r: LocationReport) => Promise<LocationUpdateAnswer> = async () => ({ success: true, current_zone: sampleZone() })) {
  let browser: ((e: PositionEvent) => void) | null = null;
  const watching = vi.fn();
  const stopped = vi.fn();
  const reports = vi.fn(answer);
  const machine = locationPollerMachine.provide({
    actors: {
      watchPosition: fromCallback<{ type: never }>(({ sendBack }) => {
        browser = sendBack;
        watching();
        return () => stopped();
      }),
      reportLocation: fromPromise<LocationUpdateAnswer, LocationReport>(({ input }) => reports(input)),
    },
    actions: { logFailure: () => {} },
  });
  const move = (latitude: number, longitude: number) => browser!({ type: 'position.changed', latitude, longitude });
  const lose = () => browser!({ type: 'position.unavailable', reason: 'User denied Geolocation' });
  return { machine, reports, watching, stopped, move, lose };
}

