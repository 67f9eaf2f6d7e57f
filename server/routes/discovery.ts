/**
 * SPEC 7 "Events and discovery": nearby people, recommendations, safe zones, position
 * reports and micro-communities. Only attendees see an event's people, zones and
 * communities (DESIGN 4); who shows and how is DESIGN 5's `projectFor`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, SuccessSchema, UserQuerySchema } from '../../contract/common';
import {
  DiscoverQuerySchema,
  EventIdParamsSchema,
  LocationUpdateAnswerSchema,
  LocationUpdateBodySchema,
  MicroCommunityListSchema,
  NearbyListSchema,
  type NearbyEntry,
  RecommendationsSchema,
  SafeZoneListSchema,
  ZoneCheckAnswerSchema,
  ZoneCheckQuerySchema,
} from '../../contract/discovery';
import { findCommunity, joinCommunity, listCommunities } from '../db/repositories/communities';
import { EVENT_NOT_FOUND, requireAttendance } from '../db/repositories/events';
import { keepReport, maybePurgeExpiredLocations } from '../db/repositories/locations';
import {
  type EventPeople,
  candidateOf,
  configurePeopleCache,
  eventPeopleFor,
  forgetUsers,
  iceBreakersForMany,
  noteJoined,
  noteZonePresence,
  settleReloads,
} from '../db/repositories/people';
import { isAttendee } from '../db/repositories/relations';
import type { UserRow } from '../db/repositories/users';
import { itemKey, prepareProfile } from '../domain/compatibility';
import { currentZone } from '../domain/geo';
import {
  type RankOptions,
  type RankedPerson,
  compatProfileOf,
  keptCompatibilityWith,
  profileKey,
  type EntryParts,
  nearbyEntry,
  nearbyJson,
  shownUser,
  publicProfileOf,
  rankPage,
} from '../domain/nearby';
import { forbidden, notFound } from '../errors';
import { actor } from '../plugins/guard';

/**
 * Ice breakers come with the first ICE_BREAKER_ENTRIES entries of an answer only, and
 * an empty list after them. They are stored per pair (a chat message names the one it
 * used), so a list of a thousand would write thousands of rows on a first visit and
 * send five suggestions per person nobody scrolls to. The top entries are the people
 * someone is likely to talk to; the rest get theirs when a chat opens
 * (GET /ice-breakers/{otherUserId}). Those few are generated from what the pair shares,
 * matched to the stored rows (read once, then kept in memory) and, on a first visit,
 * stored in one batched insert (iceBreakersForMany).
 */
export const ICE_BREAKER_ENTRIES = 20;
export const RECOMMENDED_PEOPLE = 10;

const NOT_ATTENDING = {
  people: 'Join this event to see who is here',
  zones: 'Join this event to see its safe zones',
  communities: 'Join this event to see its interest groups',
  location: 'Join this event to share where you are',
} as const;

export const discoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  configurePeopleCache(app.db, app.database.kind);
  // Every change to who is shown and how shows in the next answer: a ban, deactivation or
  // deletion, an edit of a profile or setting, a block or connection, a join; made here
  // or announced by another instance (server/app.ts).
  const forget = (userId: string) => forgetUsers(app.db, [userId]);
  const forgetPair = (a: string, b: string) => forgetUsers(app.db, [a, b]);
  const joined = (eventId: string, userId: string) => noteJoined(app.db, eventId, userId);
  app.lifecycle.on('user.sessionsEnded', forget);
  app.lifecycle.on('user.changed', forget);
  app.lifecycle.on('relation.changed', forgetPair);
  app.lifecycle.on('event.joined', joined);
  app.addHook('onClose', async () => {
    app.lifecycle.off('user.sessionsEnded', forget);
    app.lifecycle.off('user.changed', forget);
    app.lifecycle.off('relation.changed', forgetPair);
    app.lifecycle.off('event.joined', joined);
    // A copy still loading in the background must not outlive the database it reads.
    await settleReloads(app.db);
  });

  /** The event's people for an attendee: 404 unknown event, 403 with `refusal` otherwise. */
  async function peopleFor(eventId: string, me: UserRow, refusal: string, now: Date): Promise<EventPeople> {
    const found = await eventPeopleFor(app.db, eventId, me.id, now);
    if (!found) throw notFound(EVENT_NOT_FOUND);
    if (!found.attending) throw forbidden(refusal);
    return found.people;
  }

  /**
   * A page of the people the viewer may see at the event, best first. The viewer is
   * taken from their session's row (a few seconds old at most; the kept copy of the
   * event may be a moment old too).
   */
  function ranked(people: EventPeople, me: UserRow, now: Date, opts: RankOptions) {
    const viewer = { candidate: candidateOf(me, now), location: people.attendees.get(me.id)?.location ?? null };
    const viewerProfile = prepareProfile(compatProfileOf(viewer.candidate, me.socialBattery));
    const relations = { connected: people.connected.get(me.id), blocked: people.blocked.get(me.id) };
    return { viewerProfile, page: rankPage(people.ranking, viewer, viewerProfile, relations, opts) };
  }

  /** The parts of each answered entry: who is shown, how well they match, what to say. */
  async function entryPartsOf(
    people: EventPeople,
    me: UserRow,
    viewerProfile: ReturnType<typeof prepareProfile>,
    page: RankedPerson[],
    purpose: 'nearby' | 'recommendations',
    now: Date,
  ): Promise<EntryParts[]> {
    const shown = page.map((ranked) => ({ ranked, shown: shownUser(me.id, ranked, purpose) }));
    const ice = await iceBreakersForMany(
      app.db,
      { id: me.id, profile: compatProfileOf(candidateOf(me, now), me.socialBattery) },
      shown.slice(0, ICE_BREAKER_ENTRIES).map(({ ranked, shown }) => ({
        id: shown.user.id,
        profile: publicProfileOf(shown.user, ranked.person.social_battery),
      })),
      people.event,
      now,
    );
    const viewerKey = profileKey(viewerProfile);
    return shown.map(({ ranked, shown }) => ({
      ranked,
      shown,
      compatibility: keptCompatibilityWith(viewerProfile, viewerKey, ranked),
      ice_breakers: ice.get(shown.user.id) ?? [],
    }));
  }

  app.get(
    '/discover/:eventId',
    {
      schema: {
        operationId: 'discoverPeople',
        summary: 'List the people nearby at an event',
        description:
          'For attendees: the people the user may see, best match first, paged with `limit` (30 unless given, ' +
          'at most 100) and `offset`. Left out: people who are private, friends-only to a stranger, ' +
          'unavailable, blocked either way, or in a restricted zone with auto-hide. Anonymous people come ' +
          'without name, username, photo or occupation. `distance_m` only when both share their location, ' +
          'coarse and never under 50 m.',
        tags: ['Discovery'],
        answer:
          'Nearby entries: the person, compatibility and its reasons, ice breakers and, when shared, the ' +
          'distance.',
        errors: { 403: 'The user has not joined the event.', 404: 'No such event.' },
        params: EventIdParamsSchema,
        querystring: DiscoverQuerySchema,
        response: { 200: NearbyListSchema },
      },
      // The hottest call: its answer is JSON put together from typed values and kept
      // fragments (nearbyJson), so it is not validated or serialised again on the way
      // out. The schema still documents it, and tests parse every answer with it.
    },
    async (request, reply) => {
      const me = actor(request);
      const now = app.clock();
      const people = await peopleFor(request.params.eventId, me, NOT_ATTENDING.people, now);
      const { offset, limit } = request.query;
      const { viewerProfile, page } = ranked(people, me, now, { purpose: 'nearby', offset, limit });
      const text = nearbyJson(await entryPartsOf(people, me, viewerProfile, page, 'nearby', now));
      // Encoded once here: its length is then known without counting, and the socket
      // takes the bytes as they are. The schema types the answer as entries.
      reply.type('application/json; charset=utf-8');
      return Buffer.from(text) as unknown as NearbyEntry[];
    },
  );

  app.get(
    '/recommendations/:eventId',
    {
      schema: {
        operationId: 'getRecommendations',
        summary: 'Get recommendations at an event',
        description:
          'For attendees: the best matches the user is not connected with yet, under the privacy rules of ' +
          "nearby people, and the interest groups that share the user's interests.",
        tags: ['Discovery'],
        answer: 'Recommended people and interest groups.',
        errors: { 403: 'The user has not joined the event.', 404: 'No such event.' },
        params: EventIdParamsSchema,
        querystring: UserQuerySchema,
        response: { 200: RecommendationsSchema },
      },
    },
    async (request) => {
      const me = actor(request);
      const now = app.clock();
      const people = await peopleFor(request.params.eventId, me, NOT_ATTENDING.people, now);
      const { viewerProfile, page: best } = ranked(people, me, now, {
        purpose: 'recommendations',
        withoutConnections: true,
        limit: RECOMMENDED_PEOPLE,
      });
      const mine = new Set(me.interests.map(itemKey));
      const communities = (await listCommunities(app.db, people.event.id, me.id))
        .filter((c) => mine.has(itemKey(c.interest_tag)))
        // Stable sort: by name within each group, as listed.
        .sort((a, b) => Number(a.is_member) - Number(b.is_member));
      const parts = await entryPartsOf(people, me, viewerProfile, best, 'recommendations', now);
      return { people: parts.map(nearbyEntry), communities };
    },
  );

  app.get(
    '/safe-zones/:eventId',
    {
      schema: {
        operationId: 'listZones',
        summary: "List an event's safe and restricted zones",
        tags: ['Safety'],
        answer: "The event's zones.",
        errors: { 403: 'The user has not joined the event.', 404: 'No such event.' },
        params: EventIdParamsSchema,
        response: { 200: SafeZoneListSchema },
      },
    },
    async (request) => {
      const me = actor(request);
      return (await peopleFor(request.params.eventId, me, NOT_ATTENDING.zones, app.clock())).zones;
    },
  );

  app.get(
    '/safe-zones/check/:eventId',
    {
      schema: {
        operationId: 'checkZone',
        summary: 'Find the zone a position is in',
        description: 'The position is only compared with the zones, not stored.',
        tags: ['Safety'],
        answer: 'The zone the position is in, or null.',
        errors: { 403: 'The user has not joined the event.', 404: 'No such event.' },
        params: EventIdParamsSchema,
        querystring: ZoneCheckQuerySchema,
        response: { 200: ZoneCheckAnswerSchema },
      },
    },
    async (request) => {
      const me = actor(request);
      const { zones } = await peopleFor(request.params.eventId, me, NOT_ATTENDING.zones, app.clock());
      return { current_zone: currentZone(zones, request.query) };
    },
  );

  app.post(
    '/location/update',
    {
      schema: {
        operationId: 'reportLocation',
        summary: "Report the user's position at an event",
        description:
          'Only the latest position per user and event is kept; it is never sent to anyone and is deleted a ' +
          'day after the event ends. With `show_location` off it is not stored at all, only whether it is ' +
          "inside a restricted zone, so auto-hide still holds. The event's attendees hear `location_update` " +
          'live, once per burst of reports.',
        tags: ['Discovery'],
        answer: 'Done, with the zone the position is in (or null).',
        errors: { 403: 'The user has not joined the event.', 404: 'No such event.' },
        body: LocationUpdateBodySchema,
        response: { 200: LocationUpdateAnswerSchema },
      },
    },
    async (request) => {
      const me = actor(request);
      const now = app.clock();
      const { event_id, latitude, longitude } = request.body;
      const point = { latitude, longitude };
      const people = await peopleFor(event_id, me, NOT_ATTENDING.location, now);
      const zone = currentZone(people.zones, point);
      const restricted = zone?.zone_type === 'restricted';
      // DESIGN 5: with show_location off the position only answers the zone check. Nor is
      // it kept once the event is over: nobody is near anybody there any more.
      const keep = me.showLocation && people.event.endTime > now;
      // Without a stored position, auto-hide still needs the zone check's answer.
      await keepReport(app.db, { userId: me.id, eventId: event_id, point: keep ? point : null, restrictedUnseen: !keep && restricted, at: now });
      noteZonePresence(app.db, event_id, me.id, keep ? point : null, restricted);
      // The hub coalesces these per event (DESIGN 6: a burst causes one refresh).
      await app.realtime.toEvent(event_id, { type: 'location_update', event_id });
      // Retention (DESIGN 5: deleted a day after the event ends), at most once a minute.
      await maybePurgeExpiredLocations(app.db, now);
      return { success: true as const, current_zone: zone };
    },
  );

  app.get(
    '/micro-communities/:eventId',
    {
      schema: {
        operationId: 'listInterestGroups',
        summary: "List an event's interest groups",
        tags: ['Discovery'],
        answer: 'The interest groups, each saying whether the user is a member.',
        errors: { 403: 'The user has not joined the event.', 404: 'No such event.' },
        params: EventIdParamsSchema,
        response: { 200: MicroCommunityListSchema },
      },
    },
    async (request) => {
      const me = actor(request);
      await requireAttendance(app.db, request.params.eventId, me.id, NOT_ATTENDING.communities);
      return listCommunities(app.db, request.params.eventId, me.id);
    },
  );

  app.post(
    '/micro-communities/:id/join',
    {
      schema: {
        operationId: 'joinInterestGroup',
        summary: 'Join an interest group',
        description: "Membership opens the group's chat.",
        tags: ['Discovery'],
        answer: 'Done: the user is a member.',
        errors: { 403: "The user has not joined the group's event.", 404: 'No such interest group.' },
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request) => {
      const me = actor(request);
      const community = await findCommunity(app.db, request.params.id);
      if (!community) throw notFound('Interest group not found');
      if (!(await isAttendee(app.db, community.eventId, me.id))) throw forbidden(NOT_ATTENDING.communities);
      await joinCommunity(app.db, community, me.id, app.clock());
      return { success: true as const };
    },
  );
};
