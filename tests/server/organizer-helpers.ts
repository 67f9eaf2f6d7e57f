/**
 * Helpers of the organizer tests (issue 17): an event with its organizer and guests,
 * calls made as someone, and every organizer call with a valid body, so a test can walk
 * them all for one kind of caller.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Event } from '../../contract/events';
import type { SafeZoneBody } from '../../contract/organizer';
import type { FakeClock, TestUser } from './helpers';
import { registerUser } from './helpers';
import { createEvent, happeningNow, joinEvent } from './discovery-helpers';

export const LAT = 52.52;
export const LNG = 13.405;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call as the signed-in `u`, with their acting id in the query. */
export function callAs(app: FastifyInstance, u: TestUser, method: Method, url: string, payload?: object): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `${url}${url.includes('?') ? '&' : '?'}user_id=${u.user.id}`,
    headers: u.headers,
    ...(payload ? { payload } : {}),
  });
}

/** An event going on now, made by `owner`, with `guests` more attendees. */
export async function organizedEvent(
  t: { app: FastifyInstance; clock: FakeClock },
  guests = 1,
  over: Record<string, unknown> = {},
): Promise<{ owner: TestUser; event: Event; guests: TestUser[] }> {
  const owner = await registerUser(t.app);
  const event = await createEvent(t, owner, happeningNow(t.clock, over));
  const people: TestUser[] = [];
  for (let i = 0; i < guests; i++) {
    const u = await registerUser(t.app);
    await joinEvent(t.app, u, event.id);
    people.push(u);
  }
  return { owner, event, guests: people };
}

export const quietRoom = (over: Partial<SafeZoneBody> = {}): SafeZoneBody => ({
  name: 'Quiet room',
  description: 'Soft chairs, low light, no need to talk.',
  zone_type: 'safe_space',
  latitude: LAT,
  longitude: LNG,
  radius_meters: 20,
  ...over,
});

/** Places a zone as `u` and answers it, failing on anything but 200. */
export async function placeZone(app: FastifyInstance, u: TestUser, eventId: string, over: Partial<SafeZoneBody> = {}) {
  const res = await callAs(app, u, 'POST', `/api/events/${eventId}/safe-zones`, quietRoom(over));
  if (res.statusCode !== 200) throw new Error(`zone failed ${res.statusCode}: ${res.body}`);
  return res.json() as { id: string; name: string };
}

/** Every organizer-only call (issue 17) with a valid body, for an event and one of its zones. */
export function organizerCalls(eventId: string, zoneId: string, addId: string): Array<{ call: string; method: Method; url: string; body?: object }> {
  const e = `/api/events/${eventId}`;
  return [
    { call: 'PUT /events/{id}', method: 'PUT', url: e, body: { description: 'Edited by someone' } },
    { call: 'POST /events/{id}/safe-zones', method: 'POST', url: `${e}/safe-zones`, body: quietRoom({ name: 'Another room' }) },
    { call: 'PUT /events/{id}/safe-zones/{zoneId}', method: 'PUT', url: `${e}/safe-zones/${zoneId}`, body: { radius_meters: 40 } },
    { call: 'DELETE /events/{id}/safe-zones/{zoneId}', method: 'DELETE', url: `${e}/safe-zones/${zoneId}` },
    {
      call: 'POST /events/{id}/micro-communities',
      method: 'POST',
      url: `${e}/micro-communities`,
      body: { name: 'Board games', description: 'Slow games', interest_tag: 'games' },
    },
    { call: 'GET /events/{id}/organizers', method: 'GET', url: `${e}/organizers` },
    { call: 'POST /events/{id}/organizers', method: 'POST', url: `${e}/organizers`, body: { user_id_to_add: addId } },
    { call: 'POST /events/{id}/announcements', method: 'POST', url: `${e}/announcements`, body: { message: 'Doors open at 7' } },
    { call: 'DELETE /events/{id}', method: 'DELETE', url: e, body: { reason: 'The venue flooded' } },
  ];
}
