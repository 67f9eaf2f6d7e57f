/** SPEC 7 "Events and discovery": the events themselves (list, one, create, join). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, SuccessSchema, UserQuerySchema } from '../../contract/common';
import { CreateEventBodySchema, EventListSchema, EventSchema } from '../../contract/events';
import { actor } from '../plugins/guard';
import { createEvent, getEvent, joinEvent, listEvents } from '../use-cases/events';

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    { schema: { querystring: UserQuerySchema, response: { 200: EventListSchema } } },
    async (request) => listEvents(app, actor(request)),
  );

  app.get(
    '/events/:id',
    { schema: { params: IdParamsSchema, response: { 200: EventSchema } } },
    async (request) => getEvent(app, actor(request), request.params.id),
  );

  app.post(
    '/events',
    { schema: { querystring: UserQuerySchema, body: CreateEventBodySchema, response: { 200: EventSchema } } },
    async (request) => createEvent(app, actor(request), request.body),
  );

  app.post(
    '/events/:id/join',
    { schema: { params: IdParamsSchema, querystring: UserQuerySchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await joinEvent(app, actor(request), request.params.id);
      return { success: true as const };
    },
  );
};
