/** SPEC 7 "Events and discovery": the events themselves (list, one, create, join). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, SuccessSchema, UserQuerySchema } from '../../contract/common';
import { CreateEventBodySchema, EventListQuerySchema, EventListSchema, EventSchema } from '../../contract/events';
import { actor } from '../plugins/guard';
import { createEvent, getEvent, joinEvent, listEvents } from '../use-cases/events';

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      schema: {
        operationId: 'listEvents',
        summary: 'List the events',
        tags: ['Events'],
        description:
          'With `event_type`, one of the list filter\'s words (SPEC 9), only the events of the form types it covers: networking (networking), casual (party, sports), professional (conference, networking), interest-based (conference, sports); `all` or none lists every event.',
        answer:
          'Current and upcoming events, then those ended within the last week, each with the attendees the user may see ' +
          '(an event not joined: only their connections there; one joined: whom its attendees list shows them, and ' +
          'themself) and `attendee_count`, how many those are.',
        querystring: EventListQuerySchema,
        response: { 200: EventListSchema },
      },
    },
    async (request) => listEvents(app, actor(request), request.query.event_type),
  );

  app.get(
    '/events/:id',
    {
      schema: {
        operationId: 'getEvent',
        summary: 'Get an event',
        tags: ['Events'],
        answer: 'The event, with the attendees the user may see and how many those are (as in the list).',
        errors: { 404: 'No such event.' },
        params: IdParamsSchema,
        response: { 200: EventSchema },
      },
    },
    async (request) => getEvent(app, actor(request), request.params.id),
  );

  app.post(
    '/events',
    {
      schema: {
        operationId: 'createEvent',
        summary: 'Create an event',
        tags: ['Events'],
        answer: 'The new event.',
        errors: { 400: '`end_time` is not in the future.', 409: 'The same event already exists.' },
        querystring: UserQuerySchema,
        body: CreateEventBodySchema,
        response: { 200: EventSchema },
      },
    },
    async (request) => createEvent(app, actor(request), request.body),
  );

  app.post(
    '/events/:id/join',
    {
      schema: {
        operationId: 'joinEvent',
        summary: 'Join an event',
        description: 'Joining again is harmless; an event that is over cannot be joined anew.',
        tags: ['Events'],
        answer: 'Done: the user attends the event.',
        errors: { 400: 'The event has ended.', 404: 'No such event.' },
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request) => {
      await joinEvent(app, actor(request), request.params.id);
      return { success: true as const };
    },
  );
};
