/**
 * The admin Events and Analytics screens (issue 16; extensions beyond SPEC 7):
 * GET /admin/events, POST /admin/events/{id}/hide and /unhide, DELETE /admin/events/{id},
 * GET /admin/analytics (use-cases/admin-events.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminEventsAnswerSchema,
  AdminEventsQuerySchema,
  AnalyticsAnswerSchema,
  AnalyticsQuerySchema,
  EventModerationAnswerSchema,
  EventModerationBodySchema,
  EventRemovalAnswerSchema,
  EventRemovalQuerySchema,
} from '../../contract/admin-events';
import { AdminQuerySchema, IdParamsSchema } from '../../contract/common';
import { adminActor } from '../plugins/guard';
import { adminEvents, analytics, hideEvent, removeEvent, unhideEvent } from '../use-cases/admin-events';

export const adminEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/events',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'listAdminEvents',
        summary: 'List every event',
        description: 'Newest start first, hidden ones included, each with its attendee count and its open reports.',
        tags: ['Admin'],
        answer: 'A page of events, with the total.',
        querystring: AdminEventsQuerySchema,
        response: { 200: AdminEventsAnswerSchema },
      },
    },
    async (request) => adminEvents(app, request.query),
  );

  app.post(
    '/admin/events/:id/hide',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'hideEvent',
        summary: 'Take an event down',
        description:
          'The event vanishes for attendees (from the events list; 404 for it and everything of it) until it is ' +
          'shown again. Its attendees are told kindly, live and in their notifications (not the reason). Audited.',
        tags: ['Admin'],
        answer: 'Done: the event as it now stands, and how many attendees were told.',
        errors: { 404: 'No such event.', 409: 'The event is hidden already.' },
        params: IdParamsSchema,
        querystring: AdminQuerySchema,
        body: EventModerationBodySchema,
        response: { 200: EventModerationAnswerSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await hideEvent(app, adminActor(request), request.params.id, request.body.reason)) }),
  );

  app.post(
    '/admin/events/:id/unhide',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'unhideEvent',
        summary: 'Show a hidden event again',
        description: 'The event is back for its attendees as it was; nobody is notified. Audited.',
        tags: ['Admin'],
        answer: 'Done: the event as it now stands.',
        errors: { 404: 'No such event.', 409: 'The event is not hidden.' },
        params: IdParamsSchema,
        querystring: AdminQuerySchema,
        body: EventModerationBodySchema,
        response: { 200: EventModerationAnswerSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await unhideEvent(app, adminActor(request), request.params.id, request.body.reason)) }),
  );

  app.delete(
    '/admin/events/:id',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'deleteEvent',
        summary: 'Delete an event',
        description:
          'The event goes with its attendance, chats, photos, feed and zones. Its attendees are told kindly, live ' +
          'and in their notifications (not the reason). The reason is a query parameter, as for deleting a user. ' +
          'Audited.',
        tags: ['Admin'],
        answer: 'Done: deleted, with how many attendees were told.',
        errors: { 404: 'No such event.' },
        params: IdParamsSchema,
        querystring: EventRemovalQuerySchema,
        response: { 200: EventRemovalAnswerSchema },
      },
    },
    async (request) => ({
      success: true as const,
      attendees_told: await removeEvent(app, adminActor(request), request.params.id, request.query.reason),
    }),
  );

  app.get(
    '/admin/analytics',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'getAdminAnalytics',
        summary: 'Get the figures per day',
        description:
          'For each of the last `days` days (UTC, 30 unless given, at most 365), oldest first: sign-ups, active ' +
          'people (anyone who used the app while signed in), connection requests sent and accepted, and reports.',
        tags: ['Admin'],
        answer: 'The figures per day.',
        querystring: AnalyticsQuerySchema,
        response: { 200: AnalyticsAnswerSchema },
      },
    },
    async (request) => analytics(app, request.query.days),
  );
};
