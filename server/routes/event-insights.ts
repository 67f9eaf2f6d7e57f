/** SPEC 7 event feed and event analytics, for the event's attendees only (DESIGN 4). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../contract/common';
import { EventAnalyticsSchema, FeedSchema, OptionalUserQuerySchema } from '../../contract/media';
import { actor } from '../plugins/guard';
import { eventAnalytics, eventFeed } from '../use-cases/insights';

export const eventInsightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:id/feed',
    { schema: { params: IdParamsSchema, querystring: OptionalUserQuerySchema, response: { 200: FeedSchema } } },
    async (request) => eventFeed(app, actor(request), request.params.id),
  );

  app.get(
    '/events/:id/analytics',
    { schema: { params: IdParamsSchema, querystring: OptionalUserQuerySchema, response: { 200: EventAnalyticsSchema } } },
    async (request) => eventAnalytics(app, actor(request), request.params.id),
  );
};
