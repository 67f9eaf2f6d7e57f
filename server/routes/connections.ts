/**
 * SPEC 7 "Users, chat and connections": connection requests and connections, and
 * GET /events/{id}/attendees-with-photos. Only mutual interest connects; a decline is
 * never shown (use-cases/connections.ts holds the flows).
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
import { actor } from '../plugins/guard';
import {
  createConnection,
  eventAttendees,
  mutualConnections,
  receivedRequests,
  requestConnection,
  respondToRequest,
} from '../use-cases/connections';

export const connectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:id/attendees-with-photos',
    {
      schema: { params: IdParamsSchema, querystring: AttendeesQuerySchema, response: { 200: z.array(AttendeeWithPhotoSchema) } },
    },
    async (request) => eventAttendees(app, actor(request), request.params.id, request.query),
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
    async (request) => ({ success: true as const, status: await requestConnection(app, actor(request), request.body) }),
  );

  app.get(
    '/connections/requests/received',
    { schema: { querystring: UserQuerySchema, response: { 200: z.array(ReceivedRequestSchema) } } },
    async (request) => receivedRequests(app, actor(request)),
  );

  app.post(
    '/connections/requests/respond',
    { schema: { querystring: UserQuerySchema, body: RespondBodySchema, response: { 200: RespondAnswerSchema } } },
    async (request) => ({ success: true as const, connection: await respondToRequest(app, actor(request), request.body) }),
  );

  app.get(
    '/connections/mutual',
    { schema: { querystring: MutualQuerySchema, response: { 200: z.array(ConnectionSchema) } } },
    async (request) => mutualConnections(app, actor(request), request.query),
  );

  app.post(
    '/connections',
    { schema: { querystring: CreateConnectionQuerySchema, response: { 200: CreateConnectionAnswerSchema } } },
    async (request) => ({ success: true as const, connection: await createConnection(app, actor(request), request.query) }),
  );
};
