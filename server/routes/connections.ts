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
      schema: {
        operationId: 'listEventAttendees',
        summary: "List an event's attendees",
        description:
          'For attendees, paged. Only the people the user may see (the privacy rules of nearby people), each ' +
          "with the state of the user's connection with them.",
        tags: ['Events'],
        answer: 'The attendees, each with `connection_status`.',
        errors: { 403: 'The user has not joined the event.', 404: 'No such event.' },
        params: IdParamsSchema,
        querystring: AttendeesQuerySchema,
        response: { 200: z.array(AttendeeWithPhotoSchema) },
      },
    },
    async (request) => eventAttendees(app, actor(request), request.params.id, request.query),
  );

  app.post(
    '/connections/request',
    {
      schema: {
        operationId: 'sendConnectionRequest',
        summary: 'Ask someone to connect',
        description:
          'If the other person has already asked the user (and that request has not lapsed), they are connected at ' +
          'once. Otherwise the request waits for an answer: at most 5 waiting per event on Free, 25 on a paid plan; a ' +
          'request that lapses frees its place. To a person in safe ' +
          'space mode it waits quietly, without notifying them, until they turn it off. A decline is never ' +
          'shown: the sender keeps seeing `request_sent` until the request lapses after 48 hours, as an ' +
          'unanswered one does.',
        tags: ['Connections'],
        answer: 'Done: `request_sent`, or `connected` when the interest was mutual.',
        errors: {
          400: '`to_user_id` is the user themself, or does not attend the event.',
          403: 'The user has not joined the event.',
          404: 'No such user (or blocked either way), or no such event.',
          409: "Already connected, or the user's earlier request to them lapsed (not accepted within 48 hours): the same person is not asked again.",
          429: 'Too many requests waiting for an answer; the detail says the limit.',
        },
        querystring: ConnectionRequestQuerySchema,
        body: ConnectionRequestBodySchema,
        response: { 200: ConnectionRequestAnswerSchema },
      },
    },
    async (request) => ({ success: true as const, status: await requestConnection(app, actor(request), request.body) }),
  );

  app.get(
    '/connections/requests/received',
    {
      schema: {
        operationId: 'listReceivedConnectionRequests',
        summary: 'List the requests waiting for an answer',
        description: 'Requests held by safe space mode are not listed until it is turned off.',
        tags: ['Connections'],
        answer: "The requests waiting for the user's answer, newest first.",
        querystring: UserQuerySchema,
        response: { 200: z.array(ReceivedRequestSchema) },
      },
    },
    async (request) => receivedRequests(app, actor(request)),
  );

  app.post(
    '/connections/requests/respond',
    {
      schema: {
        operationId: 'respondToConnectionRequest',
        summary: 'Accept or decline a connection request',
        description:
          'Accept connects both, and the sender hears it live (`connection_accepted`). Decline tells nobody ' +
          "anything: the request leaves the recipient's list, and the sender keeps seeing `request_sent` until " +
          'it lapses.',
        tags: ['Connections'],
        answer: 'Done, with the connection when accepted (null when declined).',
        errors: {
          403: 'The user did not receive this request.',
          404: 'No such request (or declined already).',
        },
        querystring: UserQuerySchema,
        body: RespondBodySchema,
        response: { 200: RespondAnswerSchema },
      },
    },
    async (request) => ({ success: true as const, connection: await respondToRequest(app, actor(request), request.body) }),
  );

  app.get(
    '/connections/mutual',
    {
      schema: {
        operationId: 'listConnections',
        summary: 'List the connections',
        tags: ['Connections'],
        answer: "The user's connections, at one event when `event_id` is given; paged.",
        querystring: MutualQuerySchema,
        response: { 200: z.array(ConnectionSchema) },
      },
    },
    async (request) => mutualConnections(app, actor(request), request.query),
  );

  app.post(
    '/connections',
    {
      schema: {
        operationId: 'createConnection',
        summary: 'Connect with someone who asked',
        description:
          'Connects only when the other person has already asked the user: nobody is connected one-sidedly. ' +
          'Otherwise 403; send a connection request instead.',
        tags: ['Connections'],
        answer: 'Done, with the connection.',
        errors: {
          400: '`user2` is the user themself, or does not attend the event.',
          403: 'The other person has not asked the user, or the user has not joined the event.',
          404: 'No such user (or blocked either way), or no such event.',
          409: "Already connected, or the user's earlier request to them lapsed (not accepted within 48 hours): the same person is not asked again.",
        },
        querystring: CreateConnectionQuerySchema,
        response: { 200: CreateConnectionAnswerSchema },
      },
    },
    async (request) => ({ success: true as const, connection: await createConnection(app, actor(request), request.query) }),
  );
};
