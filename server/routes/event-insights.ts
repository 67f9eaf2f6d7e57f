/** SPEC 7 event feed and event analytics, for the event's attendees only (DESIGN 4). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../contract/common';
import { EventAnalyticsSchema, FeedSchema, OptionalUserQuerySchema } from '../../contract/media';
import { assertAttendee, eventAnalytics, eventFeed, viewerContext } from '../db/repositories/insights';
import { actor } from '../plugins/guard';

export const eventInsightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:id/feed',
    { schema: { params: IdParamsSchema, querystring: OptionalUserQuerySchema, response: { 200: FeedSchema } } },
    async (request) => {
      const me = actor(request);
      await assertAttendee(app.db, request.params.id, me.id);
      return eventFeed(app.db, request.params.id, await viewerContext(app.db, me.id, app.clock()));
    },
  );

  app.get(
    '/events/:id/analytics',
    { schema: { params: IdParamsSchema, querystring: OptionalUserQuerySchema, response: { 200: EventAnalyticsSchema } } },
    async (request) => {
      const me = actor(request);
      await assertAttendee(app.db, request.params.id, me.id);
      return eventAnalytics(app.db, request.params.id, app.clock());
    },
  );
};
