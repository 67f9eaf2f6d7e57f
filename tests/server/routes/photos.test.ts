import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { LIMITS } from '../../../contract/constants';
import { PhotoLikeAnswerSchema, PhotoListSchema, PhotoSchema, type Photo } from '../../../contract/media';
import { keptReads } from '../../../server/cache/kept';
import { tag } from '../../../server/cache/tags';
import { feedEntries, photoLikes, photos } from '../../../server/db/schema';
import { IMAGE_LIMITS, IMAGE_MESSAGES } from '../../../server/domain/images';
import { queriesDuring, registerUser, type TestUser } from '../helpers';
import {
  attend,
  base64,
  block,
  connect,
  expectCleanJpeg,
  expectRedAndBlue,
  expectLeaky,
  insertEvent,
  jpegDeclaring,
  leakyJpeg,
  leakyPng,
  leakyWebp,
  mediaTestApp,
  pixelAt,
  pixelBombPng,
  sentTo,
  sentToEvent,
  twoTone,
  updateUser,
  type MediaTestApp,
} from '../media-helpers';
import { refusalOf } from '../../../contract/said';

let t: MediaTestApp;
beforeAll(async () => {
  t = await mediaTestApp();
});
afterAll(async () => t.close());

/** An event with two attendees and one outsider. */
async function scene() {
  const maya = await registerUser(t.app, { name: 'Maya' });
  const ben = await registerUser(t.app, { name: 'Ben' });
  const outsider = await registerUser(t.app, { name: 'Olu' });
  const eventId = await insertEvent(t.db);
  await attend(t.db, eventId, maya.user.id, ben.user.id);
  return { maya, ben, outsider, eventId };
}

const upload = (u: TestUser, eventId: string, photo_data: string, extra: Record<string, unknown> = {}, userId = u.user.id) =>
  t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/photos?user_id=${userId}`,
    headers: u.headers,
    payload: { event_id: eventId, photo_data, ...extra },
  });

const list = (u: TestUser, eventId: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/events/${eventId}/photos?user_id=${u.user.id}${query}`, headers: u.headers });

const like = (u: TestUser, eventId: string, photoId: string, userId = u.user.id) =>
  t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/photos/${photoId}/like?user_id=${userId}`,
    headers: u.headers,
  });

async function stored(photoId: string): Promise<Buffer> {
  const [row] = await t.db.select({ data: photos.photoData }).from(photos).where(eq(photos.id, photoId));
  return Buffer.from(row!.data, 'base64');
}

/** Uploads, then checks the stored bytes and the bytes GET serves are the same clean JPEG. */
async function uploadClean(u: TestUser, eventId: string, bytes: Buffer | string, extra: Record<string, unknown> = {}) {
  const res = await upload(u, eventId, typeof bytes === 'string' ? bytes : base64(bytes), extra);
  expect(res.statusCode, res.body).toBe(200);
  const photo = PhotoSchema.parse(res.json());
  const kept = await stored(photo.id);
  const served = PhotoListSchema.parse((await list(u, eventId)).json()).find((p) => p.id === photo.id)!;
  expect(Buffer.from(served.photo_data, 'base64').equals(kept)).toBe(true);
  expect(Buffer.from(photo.photo_data, 'base64').equals(kept)).toBe(true);
  const meta = await expectCleanJpeg(kept);
  return { photo, kept, meta };
}

async function photoCount(eventId: string): Promise<number> {
  return (await t.db.select({ id: photos.id }).from(photos).where(eq(photos.eventId, eventId))).length;
}

describe('POST /api/events/:id/photos', () => {
  it('re-encodes a large JPEG with GPS EXIF, XMP, IPTC and ICC into a clean JPEG of at most 1600 px', async () => {
    const { maya, eventId } = await scene();
    const original = await leakyJpeg(2400, 1200);
    await expectLeaky(original, { gps: true, xmp: true, iptc: true });
    expect((await sharp(original).metadata()).icc).toBeDefined();

    const { photo, kept, meta } = await uploadClean(maya, eventId, original, { caption: '  Sunset on the roof  ' });
    expect([meta.width, meta.height]).toEqual([IMAGE_LIMITS.longEdge, 800]);
    expect(photo).toMatchObject({
      event_id: eventId,
      user_id: maya.user.id,
      caption: 'Sunset on the roof',
      likes: [],
      like_count: 0,
      liked_by_me: false,
      created_at: t.clock.now().toISOString(),
    });
    expect(kept.toString('latin1')).not.toContain('Berlin');
  });

  it('re-encodes a small JPEG with GPS that needs no resize: new bytes, same size, no metadata', async () => {
    const { maya, eventId } = await scene();
    const original = await leakyJpeg(64, 48);
    await expectLeaky(original, { gps: true, xmp: true, iptc: true });
    const { kept, meta } = await uploadClean(maya, eventId, original);
    expect([meta.width, meta.height]).toEqual([64, 48]);
    expect(kept.equals(original)).toBe(false);
    expect(kept.length).toBeLessThan(original.length);
  });

  it('turns an orientation-tagged JPEG upright and drops the tag', async () => {
    const { maya, eventId } = await scene();
    // 20 x 10, red on the left; orientation 6 means "turn 90° clockwise to view".
    const original = await leakyJpeg(20, 10, 6);
    expect((await sharp(original).metadata()).orientation).toBe(6);
    const { kept, meta } = await uploadClean(maya, eventId, original);
    expect([meta.width, meta.height]).toEqual([10, 20]);
    await expectRedAndBlue(kept, [5, 2], [5, 17]);
  });

  it('accepts a PNG with a hand-made eXIf chunk and XMP, flattening transparency onto white', async () => {
    const { maya, eventId } = await scene();
    const original = await leakyPng(30, 20, true);
    await expectLeaky(original, { gps: true, xmp: true });
    const { kept, meta } = await uploadClean(maya, eventId, original);
    expect([meta.width, meta.height]).toEqual([30, 20]);
    expect(await pixelAt(kept, 3, 3)).toEqual([255, 255, 255]);
  });

  it('accepts a WebP with EXIF and XMP, and a data: URL', async () => {
    const { maya, eventId } = await scene();
    const original = await leakyWebp(40, 30);
    await expectLeaky(original, { gps: true, xmp: true });
    const { meta } = await uploadClean(maya, eventId, `data:image/webp;base64,${base64(original)}`);
    expect([meta.width, meta.height]).toEqual([40, 30]);
  });

  it('types the upload by its bytes, not its claimed type', async () => {
    const { maya, eventId } = await scene();
    const png = await leakyPng(12, 12);
    const { meta } = await uploadClean(maya, eventId, `data:image/jpeg;base64,${base64(png)}`);
    expect(meta.format).toBe('jpeg');
  });

  it('records a photo line in the feed and publishes new_photo and event_feed to the attendees', async () => {
    const { maya, ben, outsider, eventId } = await scene();
    const blocker = await registerUser(t.app, { name: 'Bo' });
    await attend(t.db, eventId, blocker.user.id);
    await block(t.db, blocker.user.id, maya.user.id);
    const { photo } = await uploadClean(maya, eventId, await leakyJpeg(16, 16));

    const feed = await t.db.select().from(feedEntries).where(eq(feedEntries.eventId, eventId));
    expect(feed).toHaveLength(1);
    expect(feed[0]).toMatchObject({ kind: 'photo', actorId: maya.user.id, subjectId: photo.id });

    const live = sentToEvent(t.published, eventId, 'new_photo');
    expect(live).toHaveLength(1);
    expect(live[0]!.message).toEqual({ type: 'new_photo', event_id: eventId, photo });
    // The hub only serves attendees' sockets; of those, people blocked either way are left out.
    expect(live[0]!.except).toEqual([blocker.user.id]);
    const [feedToBen] = sentTo(t.published, ben.user.id, 'event_feed');
    expect(feedToBen).toMatchObject({
      event_id: eventId,
      feed: { id: feed[0]!.id, kind: 'photo', text: 'Maya shared a photo', actor_name: 'Maya', subject_id: photo.id },
    });
    // Blocked either way, or not at the event: no feed line.
    for (const id of [blocker.user.id, outsider.user.id]) expect(sentTo(t.published, id, 'event_feed')).toEqual([]);
  });

  it('publishes a private uploader named to themselves only, and without an id to everyone else', async () => {
    const { maya, eventId } = await scene();
    const blocker = await registerUser(t.app, { name: 'Bo' });
    await attend(t.db, eventId, blocker.user.id);
    await block(t.db, blocker.user.id, maya.user.id);
    await updateUser(t.db, maya.user.id, { visibilityMode: 'private' });
    const { photo } = await uploadClean(maya, eventId, await leakyJpeg(16, 16));
    expect(photo.user_id).toBe(maya.user.id);
    const live = sentToEvent(t.published, eventId, 'new_photo');
    expect(live).toEqual([
      { only: [maya.user.id], except: [blocker.user.id], message: { type: 'new_photo', event_id: eventId, photo } },
      {
        except: [blocker.user.id, maya.user.id],
        message: { type: 'new_photo', event_id: eventId, photo: { ...photo, user_id: null } },
      },
    ]);
  });

  it('stores null for an empty caption and refuses one longer than 300 characters', async () => {
    const { maya, eventId } = await scene();
    const jpeg = base64(await twoTone(8, 8).jpeg().toBuffer());
    const empty = await upload(maya, eventId, jpeg, { caption: '   ' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().caption).toBeNull();
    const long = await upload(maya, eventId, jpeg, { caption: 'x'.repeat(301) });
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toMatch(/^caption: must be at most 300/);
  });

  it.each([
    ['plain text', Buffer.from('Hello, this is not a picture at all.')],
    ['a GIF', Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>')],
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')],
  ])('refuses %s with 400 and stores nothing', async (_name, bytes) => {
    const { maya, eventId } = await scene();
    const res = await upload(maya, eventId, base64(bytes));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(refusalOf(IMAGE_MESSAGES.wrongType));
    expect(await photoCount(eventId)).toBe(0);
  });

  it('refuses bytes that start like a PNG but are not one', async () => {
    const { maya, eventId } = await scene();
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    const res = await upload(maya, eventId, base64(fake));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(refusalOf(IMAGE_MESSAGES.unreadable));
  });

  it('refuses a pixel bomb quickly, before decoding it', async () => {
    const { maya, eventId } = await scene();
    const bomb = pixelBombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(5_000);
    const started = performance.now();
    const res = await upload(maya, eventId, base64(bomb));
    const took = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(refusalOf(IMAGE_MESSAGES.tooManyPixels));
    // Decoding 400 megapixels would take seconds and over a gigabyte; the header alone is instant.
    expect(took).toBeLessThan(3_000);
    expect(await photoCount(eventId)).toBe(0);
  });

  it('refuses a JPEG whose header declares more than the pixel cap', async () => {
    const { maya, eventId } = await scene();
    const res = await upload(maya, eventId, base64(await jpegDeclaring(30_000, 30_000)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(refusalOf(IMAGE_MESSAGES.tooManyPixels));
  });

  it('answers 413 for a body above the photo limit and for decoded bytes above the size cap', async () => {
    const { maya, eventId } = await scene();
    const tooBig = await upload(maya, eventId, 'A'.repeat(LIMITS.photoBodyBytes + 10));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().detail).toBe('The request is too large');

    // Fits the body limit, but decodes to more than the cap.
    const bytes = Buffer.alloc(IMAGE_LIMITS.maxBytes + 1024, 0x11);
    bytes.set([0xff, 0xd8, 0xff, 0xe0]);
    const payload = base64(bytes);
    expect(payload.length).toBeLessThan(LIMITS.photoBodyBytes - 1000);
    const decodedTooBig = await upload(maya, eventId, payload);
    expect(decodedTooBig.statusCode).toBe(413);
    expect(decodedTooBig.json()).toMatchObject(refusalOf(IMAGE_MESSAGES.tooManyBytes));
    expect(await photoCount(eventId)).toBe(0);
  });

  it('still takes a normal JSON body on other routes only up to 64 KB', async () => {
    const u = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/business-card?user_id=${u.user.id}`,
      headers: u.headers,
      payload: { bio: 'x'.repeat(LIMITS.jsonBodyBytes + 10) },
    });
    expect(res.statusCode).toBe(413);
  });

  it.each([
    [{ photo_data: 'not base64!!' }, /^photo_data: must be base64/],
    [{ photo_data: '' }, /^photo_data: /],
    [{ photo_data: undefined }, /^photo_data: /],
    [{ photo_data: 42 }, /^photo_data: /],
    [{ event_id: 'nope' }, /^event_id: must be a valid id/],
    [{ caption: 7 }, /^caption: /],
  ])('refuses %j with 400 naming the field', async (bad, detail) => {
    const { maya, eventId } = await scene();
    const jpeg = base64(await twoTone(8, 8).jpeg().toBuffer());
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/photos?user_id=${maya.user.id}`,
      headers: maya.headers,
      payload: { event_id: eventId, photo_data: jpeg, ...bad },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
  });

  it('refuses an event_id that is not the event in the path', async () => {
    const { maya, eventId } = await scene();
    const other = await insertEvent(t.db);
    await attend(t.db, other, maya.user.id);
    const jpeg = base64(await twoTone(8, 8).jpeg().toBuffer());
    const res = await upload(maya, eventId, jpeg, { event_id: other });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('event_id: must be the event in the path');
  });

  it('answers 401 without a session, 403 for another acting id or a non-attendee, 404 for an unknown event', async () => {
    const { maya, ben, outsider, eventId } = await scene();
    const jpeg = base64(await twoTone(8, 8).jpeg().toBuffer());
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/photos?user_id=${maya.user.id}`,
      payload: { event_id: eventId, photo_data: jpeg },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await upload(maya, eventId, jpeg, {}, ben.user.id)).statusCode).toBe(403);
    const stranger = await upload(outsider, eventId, jpeg);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().detail).toMatch(/join the event/i);
    const unknown = crypto.randomUUID();
    const missing = await upload(maya, unknown, jpeg, { event_id: unknown });
    expect(missing.statusCode).toBe(404);
    expect(await photoCount(eventId)).toBe(0);
  });
});

describe('GET /api/events/:id/photos', () => {
  async function three(u: TestUser, eventId: string): Promise<Photo[]> {
    const out: Photo[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await upload(u, eventId, base64(await twoTone(8 + i, 8).jpeg().toBuffer()), { caption: `#${i}` });
      out.push(res.json());
      t.clock.advance(60_000);
    }
    return out;
  }

  it('lists newest first, pages with limit and before', async () => {
    const { maya, ben, eventId } = await scene();
    const [p0, p1, p2] = await three(maya, eventId);
    const all = PhotoListSchema.parse((await list(ben, eventId)).json());
    expect(all.map((p) => p.caption)).toEqual(['#2', '#1', '#0']);
    expect(all.map((p) => p.id)).toEqual([p2!.id, p1!.id, p0!.id]);
    const first = PhotoListSchema.parse((await list(ben, eventId, '&limit=2')).json());
    expect(first.map((p) => p.id)).toEqual([p2!.id, p1!.id]);
    const next = PhotoListSchema.parse((await list(ben, eventId, `&limit=2&before=${p1!.id}`)).json());
    expect(next.map((p) => p.id)).toEqual([p0!.id]);
    // The SPEC's call sends no acting id; the session is enough.
    const bare = await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/photos`, headers: ben.headers });
    expect(bare.json()).toHaveLength(3);
  });

  it("reads each photo's bytes from the database once, however often the list is read again", async () => {
    const { maya, ben, eventId } = await scene();
    await three(maya, eventId);
    // The reads of photos' bytes while `act` runs.
    const bytesRead = async (act: () => Promise<unknown>) =>
      (await queriesDuring(t.db, act)).filter((q) => /^select [^]*"photo_data"[^]* from "photos"/.test(q));
    const first = await bytesRead(async () => expect(PhotoListSchema.parse((await list(ben, eventId)).json())).toHaveLength(3));
    // At most one read of bytes: those of the photos not kept yet, by id.
    expect(first.length).toBeLessThanOrEqual(1);
    expect(first.every((q) => q.includes(' in ('))).toBe(true);
    await upload(ben, eventId, base64(await twoTone(9, 9).jpeg().toBuffer()));
    let again: Photo[] = [];
    // The new photo's bytes alone are read.
    expect(await bytesRead(async () => (again = PhotoListSchema.parse((await list(maya, eventId)).json())))).toHaveLength(1);
    expect(again).toHaveLength(4);
    expect(again[0]!.photo_data.length).toBeGreaterThan(100);
    // The list read again (what is kept of the event changed): no bytes are read.
    keptReads(t.db).changed([tag.event(eventId)]);
    expect(await bytesRead(async () => expect(PhotoListSchema.parse((await list(ben, eventId, '&limit=2')).json())).toHaveLength(2))).toEqual([]);
  });

  it.each([
    ['&limit=0', /^limit: must be between 1 and 100/],
    ['&limit=101', /^limit: must be between 1 and 100/],
    ['&limit=abc', /^limit: /],
    ['&before=xyz', /^before: must be a valid id/],
  ])('refuses %s with 400', async (query, detail) => {
    const { maya, eventId } = await scene();
    const res = await list(maya, eventId, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
  });

  it('refuses a before cursor that is not a photo of this event', async () => {
    const { maya, eventId } = await scene();
    const elsewhere = await insertEvent(t.db);
    await attend(t.db, elsewhere, maya.user.id);
    const [p] = await three(maya, elsewhere);
    const res = await list(maya, eventId, `&before=${p!.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('before: must be the id of a photo of this event');
  });

  it('leaves out photos of people blocked either way and of banned or deactivated people', async () => {
    const { maya, ben, eventId } = await scene();
    const cam = await registerUser(t.app, { name: 'Cam' });
    const dee = await registerUser(t.app, { name: 'Dee' });
    const eve = await registerUser(t.app, { name: 'Eve' });
    await attend(t.db, eventId, cam.user.id, dee.user.id, eve.user.id);
    for (const u of [maya, ben, cam, dee, eve]) await upload(u, eventId, base64(await twoTone(8, 8).jpeg().toBuffer()));
    await block(t.db, maya.user.id, ben.user.id); // maya blocked ben
    await block(t.db, cam.user.id, maya.user.id); // cam blocked maya
    await updateUser(t.db, dee.user.id, { isBanned: true, bannedUntil: null });
    await updateUser(t.db, eve.user.id, { isActive: false });
    const seen = PhotoListSchema.parse((await list(maya, eventId)).json());
    expect(seen.map((p) => p.user_id)).toEqual([maya.user.id]);
    const bens = PhotoListSchema.parse((await list(ben, eventId)).json());
    expect(bens.map((p) => p.user_id).sort()).toEqual([ben.user.id, cam.user.id].sort());
  });

  it('names the likers the viewer may see, shows the others as anonymous without an id, and hides blocked ones', async () => {
    const { maya, ben, eventId } = await scene();
    const anon = await registerUser(t.app, { name: 'Ana' });
    const priv = await registerUser(t.app, { name: 'Pia' });
    const friend = await registerUser(t.app, { name: 'Fay' });
    const blocked = await registerUser(t.app, { name: 'Blake' });
    await attend(t.db, eventId, anon.user.id, priv.user.id, friend.user.id, blocked.user.id);
    const photo = (await upload(ben, eventId, base64(await twoTone(8, 8).jpeg().toBuffer()))).json() as Photo;
    for (const u of [maya, anon, priv, friend, blocked]) {
      expect((await like(u, eventId, photo.id)).statusCode).toBe(200);
      t.clock.advance(1_000); // likes are listed in the order they came
    }
    await updateUser(t.db, anon.user.id, { visibilityMode: 'anonymous' });
    await updateUser(t.db, priv.user.id, { visibilityMode: 'private' });
    await updateUser(t.db, friend.user.id, { visibilityMode: 'friends' });
    await connect(t.db, maya.user.id, friend.user.id, eventId);
    await block(t.db, maya.user.id, blocked.user.id);

    const [forMaya] = PhotoListSchema.parse((await list(maya, eventId)).json());
    expect(forMaya!.likes).toEqual([
      { user_id: maya.user.id, name: 'Maya' },
      { user_id: null, name: 'Anonymous attendee' },
      { user_id: null, name: 'Anonymous attendee' },
      { user_id: friend.user.id, name: 'Fay' },
    ]);
    expect(forMaya!.like_count).toBe(4); // Maya, Ana, Pia, Fay; Blake is blocked
    expect(forMaya!.liked_by_me).toBe(true);

    const [forBen] = PhotoListSchema.parse((await list(ben, eventId)).json());
    expect(forBen!.likes).toEqual([
      { user_id: maya.user.id, name: 'Maya' },
      { user_id: null, name: 'Anonymous attendee' },
      { user_id: null, name: 'Anonymous attendee' },
      { user_id: null, name: 'Anonymous attendee' }, // friends only, and Ben is not a friend
      { user_id: blocked.user.id, name: 'Blake' },
    ]);
    expect(forBen!.like_count).toBe(5);
    expect(forBen!.liked_by_me).toBe(false);
  });

  it('answers 401 without a session, 403 for another acting id or a non-attendee, 404 for an unknown event', async () => {
    const { maya, ben, outsider, eventId } = await scene();
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/photos` })).statusCode).toBe(401);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/photos?user_id=${ben.user.id}`,
      headers: maya.headers,
    });
    expect(other.statusCode).toBe(403);
    expect((await list(outsider, eventId)).statusCode).toBe(403);
    expect((await list(maya, crypto.randomUUID())).statusCode).toBe(404);
    expect((await list(maya, 'not-an-id')).json().detail).toMatch(/^id: must be a valid id/);
  });
});

describe('POST /api/events/:id/photos/:photoId/like', () => {
  it('likes, then takes the like back', async () => {
    const { maya, ben, eventId } = await scene();
    const photo = (await upload(maya, eventId, base64(await twoTone(8, 8).jpeg().toBuffer()))).json() as Photo;
    const first = PhotoLikeAnswerSchema.parse((await like(ben, eventId, photo.id)).json());
    expect(first).toEqual({ success: true, liked: true, like_count: 1, likes: [{ user_id: ben.user.id, name: 'Ben' }] });
    const second = PhotoLikeAnswerSchema.parse((await like(maya, eventId, photo.id)).json());
    expect(second.like_count).toBe(2);
    const undo = PhotoLikeAnswerSchema.parse((await like(ben, eventId, photo.id)).json());
    expect(undo).toEqual({ success: true, liked: false, like_count: 1, likes: [{ user_id: maya.user.id, name: 'Maya' }] });
    const rows = await t.db.select().from(photoLikes).where(eq(photoLikes.photoId, photo.id));
    expect(rows.map((r) => r.userId)).toEqual([maya.user.id]);
  });

  it('answers 404 for a photo of another event, an unknown photo, or one by someone blocked', async () => {
    const { maya, ben, eventId } = await scene();
    const elsewhere = await insertEvent(t.db);
    await attend(t.db, elsewhere, maya.user.id);
    const there = (await upload(maya, elsewhere, base64(await twoTone(8, 8).jpeg().toBuffer()))).json() as Photo;
    expect((await like(maya, eventId, there.id)).statusCode).toBe(404);
    expect((await like(maya, eventId, crypto.randomUUID())).statusCode).toBe(404);
    const bens = (await upload(ben, eventId, base64(await twoTone(8, 8).jpeg().toBuffer()))).json() as Photo;
    await block(t.db, ben.user.id, maya.user.id);
    const res = await like(maya, eventId, bens.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Photo not found');
  });

  it('answers 401, 403 for another acting id or a non-attendee, 404 for an unknown event, 400 for a bad id', async () => {
    const { maya, ben, outsider, eventId } = await scene();
    const photo = (await upload(maya, eventId, base64(await twoTone(8, 8).jpeg().toBuffer()))).json() as Photo;
    const url = `/api/events/${eventId}/photos/${photo.id}/like?user_id=${maya.user.id}`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await like(ben, eventId, photo.id, maya.user.id)).statusCode).toBe(403);
    expect((await like(outsider, eventId, photo.id)).statusCode).toBe(403);
    expect((await like(maya, crypto.randomUUID(), photo.id)).statusCode).toBe(404);
    const bad = await like(maya, eventId, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^photoId: /);
    expect(await t.db.select().from(photoLikes).where(eq(photoLikes.photoId, photo.id))).toEqual([]);
  });
});
