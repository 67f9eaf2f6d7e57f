/** Event photos and their likes, with the people who uploaded and liked them (presenters/photos.ts shows them). */
import { and, asc, desc, eq, getTableColumns, inArray, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { photoLikes, photos, users } from '../schema';
import type { ViewerContext } from '../../domain/visibility';
import { authorColumns, peopleByIds, type Person } from './people';

export type PhotoRow = typeof photos.$inferSelect;

export async function insertPhoto(
  db: Queryable,
  v: { eventId: string; userId: string; photoData: string; caption: string | null; at: Date },
): Promise<PhotoRow> {
  const [row] = await db
    .insert(photos)
    .values({ eventId: v.eventId, userId: v.userId, photoData: v.photoData, caption: v.caption, createdAt: v.at })
    .returning();
  return row!;
}

/** The photo if it belongs to the event, without its bytes. */
export async function findEventPhoto(db: Queryable, eventId: string, photoId: string) {
  const [row] = await db
    .select({ id: photos.id, userId: photos.userId })
    .from(photos)
    .where(and(eq(photos.id, photoId), eq(photos.eventId, eventId)))
    .limit(1);
  return row ?? null;
}

/** Uploaders who still exist for everyone: active and not under a ban. */
const uploaderPresent = (now: Date) =>
  and(eq(users.isActive, true), or(eq(users.isBanned, false), lte(users.bannedUntil, now)));

/**
 * Photos' bytes by id. A photo's bytes never change (a photo is stored once and removed
 * whole), so they are kept until memory asks for room, and a list reads from the
 * database only the bytes it has not kept (issue 15: re-reading and parsing megabytes of
 * photos for every list stalled the embedded database). Rows that are gone are never
 * listed, so what is kept for them is never shown.
 */
const BYTES_KEPT_MAX = 64 * 1024 * 1024;
const keptBytes = new WeakMap<object, { byId: Map<string, string>; size: number }>();

async function photoBytes(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  let kept = keptBytes.get(db);
  if (!kept) keptBytes.set(db, (kept = { byId: new Map(), size: 0 }));
  const missing = ids.filter((id) => !kept.byId.has(id));
  if (missing.length) {
    const rows = await db.select({ id: photos.id, photoData: photos.photoData }).from(photos).where(inArray(photos.id, missing));
    for (const r of rows) {
      kept.byId.set(r.id, r.photoData);
      kept.size += r.photoData.length;
    }
    for (const [id, data] of kept.byId) {
      if (kept.size <= BYTES_KEPT_MAX) break;
      kept.byId.delete(id);
      kept.size -= data.length;
    }
  }
  const out = new Map<string, string>();
  for (const id of ids) {
    const data = kept.byId.get(id);
    if (data !== undefined) out.set(id, data);
  }
  return out;
}

const { photoData: _bytes, ...photoColumns } = getTableColumns(photos);

/**
 * A page of the event's photos, newest first, leaving out photos of people blocked
 * either way and of people who are banned or gone. `before` continues after that photo.
 */
export async function listEventPhotos(
  db: Queryable,
  eventId: string,
  viewer: ViewerContext,
  page: { limit: number; before?: string },
): Promise<PhotoRow[]> {
  const blocked = [...viewer.blocked];
  const rows = await db
    .select(photoColumns)
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .where(
      and(
        eq(photos.eventId, eventId),
        uploaderPresent(viewer.now),
        blocked.length ? notInArray(photos.userId, blocked) : undefined,
        // A row comparison in SQL keeps the database's full timestamp precision.
        page.before
          ? sql`(${photos.createdAt}, ${photos.id}) < (select p.created_at, p.id from photos p where p.id = ${page.before})`
          : undefined,
      ),
    )
    .orderBy(desc(photos.createdAt), desc(photos.id))
    .limit(page.limit);
  const bytes = await photoBytes(db, rows.map((r) => r.id));
  // A photo removed between the two reads is left out.
  return rows.flatMap((r) => {
    const photoData = bytes.get(r.id);
    return photoData === undefined ? [] : [{ ...r, photoData }];
  });
}

/** Someone who liked a photo, as shared spaces show people. */
export type Liker = { photoId: string } & Person;

export async function likersOf(db: Queryable, photoIds: string[]): Promise<Liker[]> {
  if (photoIds.length === 0) return [];
  return db
    .select({ photoId: photoLikes.photoId, ...authorColumns })
    .from(photoLikes)
    .innerJoin(users, eq(users.id, photoLikes.userId))
    .where(inArray(photoLikes.photoId, photoIds))
    .orderBy(asc(photoLikes.createdAt), asc(photoLikes.userId));
}

/** What showing photos needs beyond their rows: their likers and uploaders. */
export interface PhotoParts {
  likers: Map<string, Liker[]>;
  uploaders: Map<string, Person>;
}

export async function photoPartsOf(db: Queryable, rows: readonly PhotoRow[]): Promise<PhotoParts> {
  const [likers, uploaders] = await Promise.all([likersOf(db, rows.map((r) => r.id)), peopleByIds(db, rows.map((r) => r.userId))]);
  const byPhoto = new Map<string, Liker[]>();
  for (const l of likers) {
    const list = byPhoto.get(l.photoId);
    if (list) list.push(l);
    else byPhoto.set(l.photoId, [l]);
  }
  return { likers: byPhoto, uploaders };
}

/** Likes the photo, or takes the like back if there was one; answers whether it is now liked. */
export async function toggleLike(db: Queryable, photoId: string, userId: string, at: Date): Promise<boolean> {
  const removed = await db
    .delete(photoLikes)
    .where(and(eq(photoLikes.photoId, photoId), eq(photoLikes.userId, userId)))
    .returning({ userId: photoLikes.userId });
  if (removed.length > 0) return false;
  await db.insert(photoLikes).values({ photoId, userId, createdAt: at }).onConflictDoNothing();
  return true;
}

/** Whether `before` names a photo of this event (a page cursor must). */
export async function isEventPhoto(db: Queryable, eventId: string, photoId: string): Promise<boolean> {
  return (await findEventPhoto(db, eventId, photoId)) !== null;
}
