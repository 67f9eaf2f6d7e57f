/**
 * SPEC 7 event photos: the list, the upload and the like toggle, for attendees only.
 * An upload is re-encoded to a clean JPEG before it is stored (server/domain/images.ts),
 * then goes out live as `new_photo` and as an `event_feed` line.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, UserQuerySchema } from '../../contract/common';
import { LIMITS } from '../../contract/constants';
import {
  PhotoLikeAnswerSchema,
  PhotoListSchema,
  PhotoParamsSchema,
  PhotoSchema,
  PhotoUploadBodySchema,
  PhotosQuerySchema,
} from '../../contract/media';
import { badRequest } from '../errors';
import { actor } from '../plugins/guard';
import { eventPhotos, likePhoto, uploadPhoto } from '../use-cases/photos';

export const photosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:id/photos',
    { schema: { params: IdParamsSchema, querystring: PhotosQuerySchema, response: { 200: PhotoListSchema } } },
    async (request) => eventPhotos(app, actor(request), request.params.id, request.query),
  );

  app.post(
    '/events/:id/photos',
    {
      // The one route allowed a large body (DESIGN 4); above it Fastify answers 413.
      bodyLimit: LIMITS.photoBodyBytes,
      config: { rateLimit: app.routeLimits.photos },
      schema: {
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        body: PhotoUploadBodySchema,
        response: { 200: PhotoSchema },
      },
    },
    async (request) => {
      if (request.body.event_id !== request.params.id) throw badRequest('event_id: must be the event in the path');
      return uploadPhoto(app, actor(request), request.params.id, request.body);
    },
  );

  app.post(
    '/events/:id/photos/:photoId/like',
    { schema: { params: PhotoParamsSchema, querystring: UserQuerySchema, response: { 200: PhotoLikeAnswerSchema } } },
    async (request) => ({
      success: true as const,
      ...(await likePhoto(app, actor(request), request.params.id, request.params.photoId)),
    }),
  );
};
