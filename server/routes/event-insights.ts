/** SPEC 7 event feed and event analytics, for the event's attendees only (DESIGN 4). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../contract/common';
import { EventAnalyticsSchema, FeedSchema, OptionalUserQuerySchema } from '../../contract/media';
import { actor } from '../plugins/guard';
import { eventAnalytics, eventFeed } from '../use-cases/insights';

export const eventInsightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:id/feed',
    {
      schema: {
        operationId: 'getEventFeed',
        summary: "Get an event's feed",
        description:
          'For attendees. People the user may not see, and people browsing anonymously, appear as "Someone" (actor_name null); new connections only as counts per hour.',
        tags: ['Events'],
        answer: 'What happened at the event, newest first.',
        errors: { 403: 'The user has not joined the event.', 404: 'No such event.' },
        params: IdParamsSchema,
        querystring: OptionalUserQuerySchema,
        response: { 200: FeedSchema },
      },
    },
    async (request) => eventFeed(app, actor(request), request.params.id),
  );

  app.get(
    '/events/:id/analytics',
    {
      schema: {
        operationId: 'getEventAnalytics',
        summary: "Get an event's analytics",
        description:
          'For attendees: counts only, never who, and only of the attendees the user may see (`total_attendees` is ' +
          'their `attendee_count` of the event), so no figure reveals one hidden person.',
        tags: ['Events'],
        answer: "The event's attendance, connections and engagement figures.",
        errors: { 403: 'The user has not joined the event.', 404: 'No such event.' },
        params: IdParamsSchema,
        querystring: OptionalUserQuerySchema,
        response: { 200: EventAnalyticsSchema },
      },
    },
    async (request) => eventAnalytics(app, actor(request), request.params.id),
  );
};
