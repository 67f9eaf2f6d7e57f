/**
 * Event photos (SPEC 7): the list, the upload and the like toggle, for attendees only.
 * An upload is re-encoded to a clean JPEG before it is stored (domain/images.ts), then
 * goes out live as `new_photo` and as an `event_feed` line.
 */
import type { Photo } from '../../contract/media';
import { eventActivity } from '../cache/analytics';
import { recordFeed } from '../db/repositories/feed';
import { viewerContext } from '../cache/relations';
import { peopleByIds } from '../db/repositories/people';
import { publishFeedEntry } from './feed';
import {
  findEventPhoto,
  insertPhoto,
  isEventPhoto,
  likersOf,
  listEventPhotos,
  photoPartsOf,
  toggleLike,
  type PhotoRow,
} from '../db/repositories/photos';
import { likeView, photosAsSeen } from '../presenters/photos';
import { type ViewerContext, exists } from '../domain/visibility';
import type { Queryable } from '../db/client';
import type { UserRow } from '../db/repositories/users';
import { JOIN_TO_SEE, eventForAttendee, visiblePhoto } from '../access/events';
import { decodeBase64Image, toCleanJpeg } from '../domain/images';
import { badRequest } from '../core/errors';
import { PAGE_SIZE_MAX } from '../../contract/constants';
import { keptReads, pageFromWindow, WINDOW_SPARE } from '../cache/kept';
import { announceKept, tag } from '../cache/tags';
import type { Ctx } from './context';
import { publishAsSeen } from './shared-spaces';

async function photosFor(db: Queryable, viewer: ViewerContext, rows: PhotoRow[]): Promise<Photo[]> {
  return photosAsSeen(viewer, rows, await photoPartsOf(db, rows));
}

/** Photos kept per event: the newest, with their likers and uploaders, until a photo or like comes or a person in it changes. */
const WINDOW = PAGE_SIZE_MAX + WINDOW_SPARE;

export async function eventPhotos(ctx: Ctx, me: UserRow, eventId: string, page: { limit: number; before?: string }): Promise<Photo[]> {
  const now = ctx.clock();
  await eventForAttendee(ctx.db, eventId, me.id, now, JOIN_TO_SEE.shared);
  if (page.before && !(await isEventPhoto(ctx.db, eventId, page.before)))
    throw badRequest(/*i18n*/ { id: 'error.field.beforeNotPhoto', message: 'before: must be the id of a photo of this event' });
  const viewer = await viewerContext(ctx.db, me.id, now);
  if (!page.before) {
    const kept = await keptReads(ctx.db).read(`photos:${eventId}`, now.getTime(), async () => {
      const rows = await listEventPhotos(ctx.db, eventId, { ...viewer, id: '', blocked: new Set() }, { limit: WINDOW });
      const parts = await photoPartsOf(ctx.db, rows);
      const people = new Set([...parts.uploaders.keys(), ...[...parts.likers.values()].flat().map((l) => l.id)]);
      return { value: { rows, parts }, tags: [tag.event(eventId), ...[...people].map(tag.user)] };
    });
    const rows = pageFromWindow(kept.rows, kept.rows.length === WINDOW, (r) => !viewer.blocked.has(r.userId), page.limit);
    if (rows) return photosAsSeen(viewer, rows, kept.parts);
  }
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
  announceKept(ctx, [tag.event(eventId)]);
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
  announceKept(ctx, [tag.event(eventId)]);
  const likes = likeView(viewer, await likersOf(ctx.db, [photo.id]));
  return { liked, like_count: likes.like_count, likes: likes.likes };
}
