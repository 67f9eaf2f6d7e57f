/**
 * SPEC 7 "Events and discovery": nearby people, recommendations, safe zones, position
 * reports and micro-communities (use-cases/discovery.ts).
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
  type Recommendations,
  RecommendationsSchema,
  SafeZoneListSchema,
  ZoneCheckAnswerSchema,
  ZoneCheckQuerySchema,
} from '../../contract/discovery';
import { actor } from '../plugins/guard';
import {
  communities,
  discoverJson,
  joinCommunity,
  recommendationsJson,
  reportLocation,
  safeZones,
  zoneCheck,
} from '../use-cases/discovery';

export const discoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/discover/:eventId',
    {
      schema: {
        operationId: 'discoverPeople',
        summary: 'List the people nearby at an event',
        description:
          'For attendees: the people the user may see, best match first, paged with `limit` (30 unless given, ' +
          'at most 100) and `offset`. Left out: people who are private, friends-only to a stranger, ' +
          'unavailable, blocked either way, or in a restricted zone with auto-hide (one large enough that hiding ' +
          'does not say where they are). Anonymous people come ' +
          'without name, username, photo or occupation. `distance_band` (close, venue, far) and `distance_m` ' +
          '(that band\'s round figure: 300, 1000 or 2000) only when both share their location, worked out ' +
          'between 200 m squares; within a band the order does not follow the distance.',
        tags: ['Discovery'],
        answer: 'Nearby entries: the person, compatibility and its reasons, ice breakers and, when shared, the distance band.',
        errors: { 403: 'The user has not joined the event.', 404: 'No such event.' },
        params: EventIdParamsSchema,
        querystring: DiscoverQuerySchema,
        response: { 200: NearbyListSchema },
      },
      // The schema documents the answer, and tests parse every answer with it; the
      // answer itself is JSON put together once (use-cases/discovery.ts).
    },
    async (request, reply) => {
      const { offset, limit } = request.query;
      const text = await discoverJson(app, actor(request), request.params.eventId, { offset, limit });
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
    // Written out once, as nearby people is (use-cases/discovery.ts).
    async (request, reply) => {
      const text = await recommendationsJson(app, actor(request), request.params.eventId);
      reply.type('application/json; charset=utf-8');
      return Buffer.from(text) as unknown as Recommendations;
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
    async (request) => safeZones(app, actor(request), request.params.eventId),
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
    async (request) => zoneCheck(app, actor(request), request.params.eventId, request.query),
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
      const { event_id, latitude, longitude } = request.body;
      const { current_zone } = await reportLocation(app, actor(request), event_id, { latitude, longitude });
      return { success: true as const, current_zone };
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
    async (request) => communities(app, actor(request), request.params.eventId),
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
      await joinCommunity(app, actor(request), request.params.id);
      return { success: true as const };
    },
  );
};
