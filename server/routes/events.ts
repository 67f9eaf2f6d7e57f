/** SPEC 7 "Events and discovery": the events themselves (list, one, create, join). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, SuccessSchema, UserQuerySchema } from '../../contract/common';
import { CreateEventBodySchema, EventListSchema, EventSchema } from '../../contract/events';
import { MESSAGES } from '../../contract/messages';
import {
  EVENT_ENDED,
  EVENT_NOT_FOUND,
  addAttendee,
  createEvent,
  eventsAsSeenBy,
  findEvent,
  listEventRows,
} from '../db/repositories/events';
import { maybePurgeExpiredLocations } from '../db/repositories/locations';
import { isAttendee } from '../db/repositories/relations';
import { badRequest, conflict, notFound } from '../errors';
import { actor } from '../plugins/guard';

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      schema: {
        operationId: 'listEvents',
        summary: 'List the events',
        tags: ['Events'],
        answer:
          'Current and upcoming events, then those ended within the last week, with the attendees the user may ' +
          'see.',
        querystring: UserQuerySchema,
        response: { 200: EventListSchema },
      },
    },
    async (request) => {
      const me = actor(request);
      const now = app.clock();
      // The list is loaded by everyone often: a cheap moment to apply the position retention rule.
      await maybePurgeExpiredLocations(app.db, now);
      return eventsAsSeenBy(app.db, await listEventRows(app.db, now), me.id, now);
    },
  );

  app.get(
    '/events/:id',
    {
      schema: {
        operationId: 'getEvent',
        summary: 'Get an event',
        tags: ['Events'],
        answer: 'The event, with the attendees the user may see.',
        errors: { 404: 'No such event.' },
        params: IdParamsSchema,
        response: { 200: EventSchema },
      },
    },
    async (request) => {
      const me = actor(request);
      const row = await findEvent(app.db, request.params.id);
      if (!row) throw notFound(EVENT_NOT_FOUND);
      const [event] = await eventsAsSeenBy(app.db, [row], me.id, app.clock());
      return event!;
    },
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
    async (request) => {
      const me = actor(request);
      const now = app.clock();
      if (Date.parse(request.body.end_time) <= now.getTime()) throw badRequest('end_time: must be in the future');
      const row = await createEvent(app.db, request.body, me.id, now);
      if (!row) throw conflict(MESSAGES.duplicateEvent);
      const [event] = await eventsAsSeenBy(app.db, [row], me.id, now);
      return event!;
    },
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
      const me = actor(request);
      const now = app.clock();
      const event = await findEvent(app.db, request.params.id);
      if (!event) throw notFound(EVENT_NOT_FOUND);
      // Joining again is harmless, even after the end; joining anew an event that is over is not.
      if (event.endTime <= now && !(await isAttendee(app.db, event.id, me.id))) throw badRequest(EVENT_ENDED);
      if (await addAttendee(app.db, event.id, me.id, now)) app.lifecycle.emit('event.joined', event.id, me.id);
      return { success: true as const };
    },
  );
};
