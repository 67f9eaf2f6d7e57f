/**
 * Event photos (SPEC 7): the list, the upload and the like toggle, for attendees only.
 * An upload is re-encoded to a clean JPEG before it is stored (domain/images.ts), then
 * goes out live as `new_photo` and as an `event_feed` line.
 */
import type { Photo } from '../../contract/media';
import { eventActivity } from '../cache/analytics';
import { recordFeed } from '../db/repositories/feed';
import { exists, peopleByIds, publishFeedEntry, viewerContext } from '../db/repositories/insights';
import { findEventPhoto, insertPhoto, isEventPhoto, likesFor, listEventPhotos, photosFor, toggleLike } from '../db/repositories/photos';
import type { UserRow } from '../db/repositories/users';
import { JOIN_TO_SEE, eventForAttendee, visiblePhoto } from '../domain/access';
import { decodeBase64Image, toCleanJpeg } from '../domain/images';
import { badRequest } from '../errors';
import type { Ctx } from './context';
import { publishAsSeen } from './shared-spaces';

export async function eventPhotos(ctx: Ctx, me: UserRow, eventId: string, page: { limit: number; before?: string }): Promise<Photo[]> {
  await eventForAttendee(ctx.db, eventId, me.id, ctx.clock(), JOIN_TO_SEE.shared);
  if (page.before && !(await isEventPhoto(ctx.db, eventId, page.before)))
    throw badRequest('before: must be the id of a photo of this event');
  const viewer = await viewerContext(ctx.db, me.id, ctx.clock());
  return photosFor(ctx.db, viewer, await listEventPhotos(ctx.db, eventId, viewer, page));
}

export async function uploadPhoto(ctx: Ctx, me: UserRow, eventId: string, body: { photo_data: string; caption: string | null }): Promise<Photo> {
  // Checked before any image work, so only attendees can make the server decode.
  await eventForAttendee(ctx.db, eventId, me.id, ctx.clock(), JOIN_TO_SEE.shared);
  const jpeg = await toCleanJpeg(decodeBase64Image(body.photo_data));
  const now = ctx.clock();
  const { row, entry } = await ctx.db.transaction(async (tx) => {
    const row = await insertPhoto(tx, { eventId, userId: me.id, photoData: jpeg.toString('base64'), caption: body.caption, at: now });
    const entry = await recordFeed(tx, { eventId, actorId: me.id, kind: 'photo', subjectId: row.id, at: now });
    return { row, entry };
  });
  eventActivity(ctx.db, eventId);
  const own = await viewerContext(ctx.db, me.id, now);
  const [photo] = await photosFor(ctx.db, own, [row]);
  // Stored first, then offered live to the event's sockets; people blocked either way
  // with the uploader get nothing, as the photo is left out of their list too. A new
  // photo has no likes yet, so the uploader is all that differs between viewers.
  await publishAsSeen(ctx.realtime, me, own, { event: eventId }, (uploader) => ({
    type: 'new_photo',
    event_id: eventId,
    photo: { ...photo!, user_id: uploader.id },
  }));
  await publishFeedEntry(ctx.db, ctx.realtime, entry, now);
  return photo!;
}

export async function likePhoto(ctx: Ctx, me: UserRow, eventId: string, photoId: string) {
  await eventForAttendee(ctx.db, eventId, me.id, ctx.clock(), JOIN_TO_SEE.shared);
  const viewer = await viewerContext(ctx.db, me.id, ctx.clock());
  const found = await findEventPhoto(ctx.db, eventId, photoId);
  // A photo by someone blocked either way, banned or gone does not exist for the viewer.
  const uploader = found ? (await peopleByIds(ctx.db, [found.userId])).get(found.userId) : undefined;
  const photo = visiblePhoto(found, !!uploader && exists(viewer, uploader));
  const liked = await toggleLike(ctx.db, photo.id, me.id, viewer.now);
  const likes = await likesFor(ctx.db, viewer, photo.id);
  return { liked, like_count: likes.like_count, likes: likes.likes };
}
