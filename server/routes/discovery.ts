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
  recommendations,
  reportLocation,
  safeZones,
  zoneCheck,
} from '../use-cases/discovery';

export const discoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/discover/:eventId',
    {
      schema: { params: EventIdParamsSchema, querystring: DiscoverQuerySchema, response: { 200: NearbyListSchema } },
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
    { schema: { params: EventIdParamsSchema, querystring: UserQuerySchema, response: { 200: RecommendationsSchema } } },
    async (request) => recommendations(app, actor(request), request.params.eventId),
  );

  app.get(
    '/safe-zones/:eventId',
    { schema: { params: EventIdParamsSchema, response: { 200: SafeZoneListSchema } } },
    async (request) => safeZones(app, actor(request), request.params.eventId),
  );

  app.get(
    '/safe-zones/check/:eventId',
    { schema: { params: EventIdParamsSchema, querystring: ZoneCheckQuerySchema, response: { 200: ZoneCheckAnswerSchema } } },
    async (request) => zoneCheck(app, actor(request), request.params.eventId, request.query),
  );

  app.post(
    '/location/update',
    { schema: { body: LocationUpdateBodySchema, response: { 200: LocationUpdateAnswerSchema } } },
    async (request) => {
      const { event_id, latitude, longitude } = request.body;
      const { current_zone } = await reportLocation(app, actor(request), event_id, { latitude, longitude });
      return { success: true as const, current_zone };
    },
  );

  app.get(
    '/micro-communities/:eventId',
    { schema: { params: EventIdParamsSchema, response: { 200: MicroCommunityListSchema } } },
    async (request) => communities(app, actor(request), request.params.eventId),
  );

  app.post(
    '/micro-communities/:id/join',
    { schema: { params: IdParamsSchema, querystring: UserQuerySchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await joinCommunity(app, actor(request), request.params.id);
      return { success: true as const };
    },
  );
};
