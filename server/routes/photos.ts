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
import { badRequest } from '../core/errors';
import { actor } from '../plugins/guard';
import { eventPhotos, likePhoto, uploadPhoto } from '../use-cases/photos';

export const photosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:id/photos',
    {
      schema: {
        operationId: 'listEventPhotos',
        summary: "List an event's photos",
        description:
          'For attendees, paged with `limit` and `before` (a photo id). Photos by people blocked either way ' +
          'are left out; uploaders the user may not see appear as "Anonymous attendee".',
        tags: ['Photos'],
        answer: 'The photos, with their likes.',
        errors: {
          400: '`before` is not a photo of this event.',
          403: 'The user has not joined the event.',
          404: 'No such event.',
        },
        params: IdParamsSchema,
        querystring: PhotosQuerySchema,
        response: { 200: PhotoListSchema },
      },
    },
    async (request) => eventPhotos(app, actor(request), request.params.id, request.query),
  );

  app.post(
    '/events/:id/photos',
    {
      // The one route allowed a large body (DESIGN 4); above it Fastify answers 413.
      bodyLimit: LIMITS.photoBodyBytes,
      config: { rateLimit: app.routeLimits.photos },
      schema: {
        operationId: 'uploadEventPhoto',
        summary: 'Share a photo at an event',
        description:
          '`photo_data` is a base64 JPEG, PNG or WebP image. It is re-encoded to JPEG with every piece of ' +
          "metadata (EXIF GPS included) removed before it is stored. The event's attendees hear `new_photo` " +
          'and `event_feed` live.',
        tags: ['Photos'],
        answer: 'The stored photo.',
        errors: {
          400:
            '`event_id` is not the event of the path, or the image is not a readable JPEG, PNG or WebP, or has ' +
            'too many pixels.',
          403: 'The user has not joined the event.',
          404: 'No such event.',
          413: 'The image is too large.',
          429: 'Many photos are being processed right now.',
        },
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        body: PhotoUploadBodySchema,
        response: { 200: PhotoSchema },
      },
    },
    async (request) => {
      if (request.body.event_id !== request.params.id) throw badRequest(/*i18n*/ { id: 'error.field.eventIdPath', message: 'event_id: must be the event in the path' });
      return uploadPhoto(app, actor(request), request.params.id, request.body);
    },
  );

  app.post(
    '/events/:id/photos/:photoId/like',
    {
      schema: {
        operationId: 'togglePhotoLike',
        summary: 'Like or unlike a photo',
        tags: ['Photos'],
        answer: "Done: whether the user likes it now, and the photo's likes.",
        errors: {
          403: 'The user has not joined the event.',
          404: 'No such event or photo, or the photo is by someone blocked either way.',
        },
        params: PhotoParamsSchema,
        querystring: UserQuerySchema,
        response: { 200: PhotoLikeAnswerSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await likePhoto(app, actor(request), request.params.id, request.params.photoId)),
    }),
  );
};
