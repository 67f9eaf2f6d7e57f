/**
 * SPEC 7 "Users, chat and connections": connection requests and connections, and
 * GET /events/{id}/attendees-with-photos. Only mutual interest connects; a decline is
 * never shown (server/db/repositories/connections.ts holds the rules).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, UserQuerySchema } from '../../contract/common';
import {
  AttendeeWithPhotoSchema,
  AttendeesQuerySchema,
  ConnectionRequestAnswerSchema,
  ConnectionRequestBodySchema,
  ConnectionRequestQuerySchema,
  ConnectionSchema,
  CreateConnectionAnswerSchema,
  CreateConnectionQuerySchema,
  MutualQuerySchema,
  ReceivedRequestSchema,
  RespondAnswerSchema,
  RespondBodySchema,
} from '../../contract/social';
import {
  attendeesWithPhotos,
  createConnection,
  listConnections,
  listReceivedRequests,
  requestConnection,
  requireAttendance,
  respondToRequest,
} from '../db/repositories/connections';
import { actor } from '../plugins/guard';

export const connectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:id/attendees-with-photos',
    {
      schema: { params: IdParamsSchema, querystring: AttendeesQuerySchema, response: { 200: z.array(AttendeeWithPhotoSchema) } },
    },
    async (request) => {
      const me = actor(request);
      await requireAttendance(app.db, request.params.id, me.id);
      return attendeesWithPhotos(app.db, me, request.params.id, app.clock(), request.query);
    },
  );

  app.post(
    '/connections/request',
    {
      schema: {
        querystring: ConnectionRequestQuerySchema,
        body: ConnectionRequestBodySchema,
        response: { 200: ConnectionRequestAnswerSchema },
      },
    },
    async (request) => {
      const status = await requestConnection(app, actor(request), request.body);
      return { success: true as const, status };
    },
  );

  app.get(
    '/connections/requests/received',
    { schema: { querystring: UserQuerySchema, response: { 200: z.array(ReceivedRequestSchema) } } },
    async (request) => listReceivedRequests(app.db, actor(request), app.clock()),
  );

  app.post(
    '/connections/requests/respond',
    { schema: { querystring: UserQuerySchema, body: RespondBodySchema, response: { 200: RespondAnswerSchema } } },
    async (request) => {
      const connection = await respondToRequest(app, actor(request), request.body);
      return { success: true as const, connection };
    },
  );

  app.get(
    '/connections/mutual',
    { schema: { querystring: MutualQuerySchema, response: { 200: z.array(ConnectionSchema) } } },
    async (request) => {
      const { event_id, limit, offset } = request.query;
      return listConnections(app.db, actor(request), app.clock(), { eventId: event_id, limit, offset });
    },
  );

  app.post(
    '/connections',
    { schema: { querystring: CreateConnectionQuerySchema, response: { 200: CreateConnectionAnswerSchema } } },
    async (request) => {
      const connection = await createConnection(app, actor(request), request.query);
      return { success: true as const, connection };
    },
  );
};
