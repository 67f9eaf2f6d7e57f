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
import { recordFeed } from '../db/repositories/feed';
import { assertAttendee, exists, peopleByIds, publishFeedEntry, viewerContext } from '../db/repositories/insights';
import {
  findEventPhoto,
  insertPhoto,
  isEventPhoto,
  likesFor,
  listEventPhotos,
  photosFor,
  toggleLike,
} from '../db/repositories/photos';
import { decodeBase64Image, toCleanJpeg } from '../domain/images';
import { badRequest, notFound } from '../errors';
import { actor } from '../plugins/guard';

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
    async (request) => {
      const me = actor(request);
      const eventId = request.params.id;
      const { limit, before } = request.query;
      await assertAttendee(app.db, eventId, me.id);
      if (before && !(await isEventPhoto(app.db, eventId, before)))
        throw badRequest('before: must be the id of a photo of this event');
      const viewer = await viewerContext(app.db, me.id, app.clock());
      const rows = await listEventPhotos(app.db, eventId, viewer, { limit, before });
      return photosFor(app.db, viewer, rows);
    },
  );

  app.post(
    '/events/:id/photos',
    {
      // The one route allowed a large body (DESIGN 4); above it Fastify answers 413.
      bodyLimit: LIMITS.photoBodyBytes,
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
      const me = actor(request);
      const eventId = request.params.id;
      const { event_id, photo_data, caption } = request.body;
      if (event_id !== eventId) throw badRequest('event_id: must be the event in the path');
      // Checked before any image work, so only attendees can make the server decode.
      await assertAttendee(app.db, eventId, me.id);
      const jpeg = await toCleanJpeg(decodeBase64Image(photo_data));

      const now = app.clock();
      const { row, entry } = await app.db.transaction(async (tx) => {
        const row = await insertPhoto(tx, { eventId, userId: me.id, photoData: jpeg.toString('base64'), caption, at: now });
        const entry = await recordFeed(tx, { eventId, actorId: me.id, kind: 'photo', subjectId: row.id, at: now });
        return { row, entry };
      });

      const viewer = await viewerContext(app.db, me.id, now);
      const [photo] = await photosFor(app.db, viewer, [row]);
      // Stored first, then offered live to the event's sockets; people blocked either
      // way with the uploader get nothing, as the photo is left out of their list too.
      await app.realtime.toEvent(
        eventId,
        { type: 'new_photo', event_id: eventId, photo: photo! },
        { exceptUsers: [...viewer.blocked] },
      );
      await publishFeedEntry(app.db, app.realtime, entry, now);
      return photo!;
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
    async (request) => {
      const me = actor(request);
      const { id: eventId, photoId } = request.params;
      await assertAttendee(app.db, eventId, me.id);
      const viewer = await viewerContext(app.db, me.id, app.clock());
      const photo = await findEventPhoto(app.db, eventId, photoId);
      // A photo by someone blocked either way, banned or gone does not exist for the viewer.
      const uploader = photo ? (await peopleByIds(app.db, [photo.userId])).get(photo.userId) : undefined;
      if (!photo || !uploader || !exists(viewer, uploader)) throw notFound('Photo not found');
      const liked = await toggleLike(app.db, photoId, me.id, viewer.now);
      const likes = await likesFor(app.db, viewer, photoId);
      return { success: true as const, liked, like_count: likes.like_count, likes: likes.likes };
    },
  );
};
