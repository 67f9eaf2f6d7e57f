/**
 * The profile photo (not in SPEC 7: PUT and DELETE /api/auth/profile/photo): cropped to a
 * centred square, re-encoded and stripped of metadata like event photos, and shown to
 * others only as DESIGN 5 and show_profile_picture allow, on every list that carries it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { UserSchema, type User } from '../../../contract/common';
import { LIMITS } from '../../../contract/constants';
import { NearbyListSchema, UserSearchAnswerSchema } from '../../../contract/discovery';
import { AttendeeWithPhotoSchema, ConnectionSchema, ReceivedRequestSchema } from '../../../contract/social';
import { users } from '../../../server/db/schema';
import { IMAGE_MESSAGES, PROFILE_PHOTO } from '../../../server/domain/images';
import { connect, createEvent, happeningNow, joinEvent, putPrivacy } from '../discovery-helpers';
import { registerUser, uniqueName, type TestUser } from '../helpers';
import {
  base64,
  block,
  expectCleanJpeg,
  expectLeaky,
  expectRedAndBlue,
  leakyJpeg,
  leakyPng,
  leakyWebp,
  mediaTestApp,
  twoTone,
  type MediaTestApp,
} from '../media-helpers';
import { refusalOf } from '../../../contract/said';

let t: MediaTestApp;
beforeAll(async () => {
  t = await mediaTestApp();
});
afterAll(async () => t.close());

const putPhoto = (u: TestUser, photo_data: unknown, userId = u.user.id) =>
  t.app.inject({ method: 'PUT', url: `/api/auth/profile/photo?user_id=${userId}`, headers: u.headers, payload: { photo_data } });

const deletePhoto = (u: TestUser, userId = u.user.id) =>
  t.app.inject({ method: 'DELETE', url: `/api/auth/profile/photo?user_id=${userId}`, headers: u.headers });

async function storedPhoto(userId: string): Promise<string | null> {
  const [row] = await t.db.select({ photo: users.photoData }).from(users).where(eq(users.id, userId));
  return row!.photo;
}

/** Uploads, then checks the answer, /auth/me and the stored row hold the same clean square JPEG. */
async function uploadClean(u: TestUser, bytes: Buffer | string) {
  const res = await putPhoto(u, typeof bytes === 'string' ? bytes : base64(bytes));
  expect(res.statusCode, res.body).toBe(200);
  const user = UserSchema.parse(res.json());
  const kept = await storedPhoto(u.user.id);
  expect(user.photo_data).toBe(kept);
  const me = UserSchema.parse((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: u.headers })).json());
  expect(me.photo_data).toBe(kept);
  const jpeg = Buffer.from(kept!, 'base64');
  const meta = await expectCleanJpeg(jpeg);
  return { user, jpeg, meta };
}

describe('PUT /api/auth/profile/photo', () => {
  it('crops a large JPEG with GPS EXIF, XMP, IPTC and ICC to a clean centred square of 256 px', async () => {
    const maya = await registerUser(t.app);
    // Red on the left half, blue on the right: the centred square keeps both halves.
    const original = await leakyJpeg(1200, 800);
    await expectLeaky(original, { gps: true, xmp: true, iptc: true });
    const { user, jpeg, meta } = await uploadClean(maya, original);
    expect([meta.width, meta.height]).toEqual([PROFILE_PHOTO.edge, PROFILE_PHOTO.edge]);
    expect(user).toMatchObject({ id: maya.user.id, name: maya.user.name });
    expect(jpeg.toString('latin1')).not.toContain('Berlin');
    await expectRedAndBlue(jpeg, [40, 128], [216, 128]);
  });

  it('keeps a small photo small: a square of its shorter side, never enlarged', async () => {
    const u = await registerUser(t.app);
    const { meta } = await uploadClean(u, await leakyJpeg(64, 48));
    expect([meta.width, meta.height]).toEqual([48, 48]);
  });

  it('turns an orientation-tagged JPEG upright before cropping', async () => {
    const u = await registerUser(t.app);
    // 40 x 20, red on the left; orientation 6 turns it to 20 x 40 with red on top.
    const { jpeg, meta } = await uploadClean(u, await leakyJpeg(40, 20, 6));
    expect([meta.width, meta.height]).toEqual([20, 20]);
    await expectRedAndBlue(jpeg, [10, 3], [10, 16]);
  });

  it('accepts a PNG with an eXIf chunk and XMP, and a WebP with EXIF as a data: URL', async () => {
    const u = await registerUser(t.app);
    expect((await uploadClean(u, await leakyPng(300, 200, true))).meta.width).toBe(200);
    const webp = `data:image/webp;base64,${base64(await leakyWebp(100, 120))}`;
    expect((await uploadClean(u, webp)).meta.height).toBe(100);
  });

  it('replaces the photo on a second upload', async () => {
    const u = await registerUser(t.app);
    const first = await uploadClean(u, await twoTone(40, 40).jpeg().toBuffer());
    const second = await uploadClean(u, await twoTone(30, 30).png().toBuffer());
    expect(second.user.photo_data).not.toBe(first.user.photo_data);
    expect(second.meta.width).toBe(30);
  });

  it.each([
    ['text that is not base64', 'not base64!!', IMAGE_MESSAGES.notBase64.message],
    ['base64 that is not an image', base64(Buffer.from('just some words, not a picture')), IMAGE_MESSAGES.wrongType.message],
    ['bytes that start like a PNG but are not one', base64(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])), IMAGE_MESSAGES.unreadable.message],
    ['an empty string', '', /^photo_data: /],
    ['a number', 42, /^photo_data: /],
    ['nothing', undefined, /^photo_data: /],
  ])('refuses %s with 400 and keeps the photo it had', async (_what, photoData, detail) => {
    const u = await registerUser(t.app);
    const { user } = await uploadClean(u, await twoTone(16, 16).jpeg().toBuffer());
    const res = await putPhoto(u, photoData);
    expect(res.statusCode).toBe(400);
    if (typeof detail === 'string') expect(res.json().detail).toBe(detail);
    else expect(res.json().detail).toMatch(detail);
    expect(await storedPhoto(u.user.id)).toBe(user.photo_data);
  });

  it('answers 413 for a body above its limit and for decoded bytes above 2 MB', async () => {
    const u = await registerUser(t.app);
    const tooBig = await putPhoto(u, 'A'.repeat(LIMITS.profilePhotoBodyBytes + 10));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().detail).toEqual(expect.any(String));

    // Fits the body limit, but decodes to more than the profile photo's cap.
    const bytes = Buffer.alloc(PROFILE_PHOTO.maxBytes + 1024, 0x11);
    bytes.set([0xff, 0xd8, 0xff, 0xe0]);
    expect(base64(bytes).length).toBeLessThan(LIMITS.profilePhotoBodyBytes - 1000);
    const decodedTooBig = await putPhoto(u, base64(bytes));
    expect(decodedTooBig.statusCode).toBe(413);
    expect(decodedTooBig.json()).toMatchObject(refusalOf(PROFILE_PHOTO.tooManyBytes));
    expect(await storedPhoto(u.user.id)).toBeNull();
  });

  it('answers 401 without a session and 403 for another acting id, storing nothing', async () => {
    const maya = await registerUser(t.app);
    const ben = await registerUser(t.app);
    const jpeg = base64(await twoTone(8, 8).jpeg().toBuffer());
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/profile/photo?user_id=${maya.user.id}`,
      payload: { photo_data: jpeg },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await putPhoto(maya, jpeg, ben.user.id)).statusCode).toBe(403);
    expect(await storedPhoto(ben.user.id)).toBeNull();
    expect(await storedPhoto(maya.user.id)).toBeNull();
  });
});

describe('DELETE /api/auth/profile/photo', () => {
  it('removes the photo, and removing again changes nothing', async () => {
    const u = await registerUser(t.app);
    await uploadClean(u, await twoTone(16, 16).jpeg().toBuffer());
    const res = await deletePhoto(u);
    expect(res.statusCode).toBe(200);
    expect(UserSchema.parse(res.json()).photo_data).toBeNull();
    expect(await storedPhoto(u.user.id)).toBeNull();
    const again = await deletePhoto(u);
    expect(again.statusCode).toBe(200);
    expect(again.json().photo_data).toBeNull();
  });

  it('answers 401 without a session and 403 for another acting id, removing nothing', async () => {
    const maya = await registerUser(t.app);
    const ben = await registerUser(t.app);
    const { user } = await uploadClean(ben, await twoTone(16, 16).jpeg().toBuffer());
    const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/auth/profile/photo?user_id=${ben.user.id}` });
    expect(anonymous.statusCode).toBe(401);
    expect((await deletePhoto(maya, ben.user.id)).statusCode).toBe(403);
    expect(await storedPhoto(ben.user.id)).toBe(user.photo_data);
  });
});

describe('PUT /api/auth/profile', () => {
  it('refuses photo_data with a pointer to the photo call, rather than dropping it', async () => {
    const u = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/profile?user_id=${u.user.id}`,
      headers: u.headers,
      payload: { name: 'New name', photo_data: base64(await twoTone(8, 8).jpeg().toBuffer()) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('photo_data: is set with PUT /api/auth/profile/photo');
    const [row] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, u.user.id));
    expect(row!.name).toBe(u.user.name);
  });
});

describe('who sees the profile photo', () => {
  /** A, with a photo, and B at an event happening now; C outside it. */
  async function scene(opts: { connected?: boolean } = {}) {
    const tag = uniqueName('tag');
    const a = await registerUser(t.app, { name: uniqueName('Ada '), interests: ['hiking', tag] });
    const b = await registerUser(t.app, { interests: ['hiking', tag] });
    if (opts.connected) await connect(t.db, a.user.id, b.user.id);
    const event = await createEvent(t, b, happeningNow(t.clock));
    await joinEvent(t.app, a, event.id);
    const { user } = await uploadClean(a, await twoTone(64, 64).jpeg().toBuffer());
    return { a, b, eventId: event.id, tag, photo: user.photo_data! };
  }

  /** A's photo as B gets it from every list that shows A (undefined: A is not on it). */
  async function seenBy(b: TestUser, a: User | TestUser['user'], eventId: string, tag: string) {
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: b.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const q = `user_id=${b.user.id}`;
    const nearby = NearbyListSchema.parse(await get(`/api/discover/${eventId}?${q}`)).find((e) => e.user.id === a.id);
    const attendees = AttendeeWithPhotoSchema.array().parse(await get(`/api/events/${eventId}/attendees-with-photos?${q}`)).find(
      (x) => x.id === a.id,
    );
    const search = await t.app.inject({ method: 'POST', url: `/api/users/search?${q}`, headers: b.headers, payload: { interests: [tag] } });
    const searched = UserSearchAnswerSchema.parse(search.json()).find((u) => u.id === a.id);
    const connection = ConnectionSchema.array().parse(await get(`/api/connections/mutual?${q}`)).find((c) => c.connected_user.id === a.id);
    return {
      nearby: nearby?.user.photo_data,
      attendee: attendees?.photo_data,
      searched: searched?.photo_data,
      connection: connection?.connected_user.photo_data,
    };
  }

  it('shows it to another attendee on every list, and hides it everywhere when show_profile_picture is off', async () => {
    const { a, b, eventId, tag, photo } = await scene();
    expect(await seenBy(b, a.user, eventId, tag)).toEqual({ nearby: photo, attendee: photo, searched: photo, connection: undefined });
    await putPrivacy(t.app, a, { show_profile_picture: false });
    expect(await seenBy(b, a.user, eventId, tag)).toEqual({ nearby: null, attendee: null, searched: null, connection: undefined });
    // The owner still sees their own.
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: a.headers });
    expect(me.json().photo_data).toBe(photo);
    await putPrivacy(t.app, a, { show_profile_picture: true });
    expect((await seenBy(b, a.user, eventId, tag)).nearby).toBe(photo);
  });

  it('shows it to a connection by the same rule', async () => {
    const { a, b, eventId, tag, photo } = await scene({ connected: true });
    expect((await seenBy(b, a.user, eventId, tag)).connection).toBe(photo);
    await putPrivacy(t.app, a, { show_profile_picture: false });
    expect((await seenBy(b, a.user, eventId, tag)).connection).toBeNull();
  });

  it('keeps it from a stranger while anonymous, and shows it to a connection', async () => {
    const stranger = await scene();
    await putPrivacy(t.app, stranger.a, { visibility_mode: 'anonymous' });
    // Anonymous to a stranger, they are known there by a pseudonym (issue 40), never by their own id...
    expect(await seenBy(stranger.b, stranger.a.user, stranger.eventId, stranger.tag)).toEqual({
      nearby: undefined,
      attendee: undefined,
      searched: undefined,
      connection: undefined,
    });
    // ...and their photo is on no entry of any list.
    for (const url of [`/api/discover/${stranger.eventId}`, `/api/events/${stranger.eventId}/attendees-with-photos`]) {
      const res = await t.app.inject({ method: 'GET', url: `${url}?user_id=${stranger.b.user.id}`, headers: stranger.b.headers });
      expect(res.body).not.toContain(stranger.photo);
    }
    const known = await scene({ connected: true });
    await putPrivacy(t.app, known.a, { visibility_mode: 'anonymous' });
    const seen = await seenBy(known.b, known.a.user, known.eventId, known.tag);
    expect([seen.nearby, seen.attendee, seen.connection]).toEqual([known.photo, known.photo, known.photo]);
  });

  it('shows it on a connection request as sender_photo, by the same rule', async () => {
    const { a, b, eventId, photo } = await scene();
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/connections/request?from_user_id=${a.user.id}`,
      headers: a.headers,
      payload: { to_user_id: b.user.id, event_id: eventId, message: null },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const received = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/connections/requests/received?user_id=${b.user.id}`, headers: b.headers });
      return ReceivedRequestSchema.array().parse(res.json()).find((r) => r.sender.id === a.user.id)!;
    };
    expect((await received()).sender_photo).toBe(photo);
    await putPrivacy(t.app, a, { show_profile_picture: false });
    expect((await received()).sender_photo).toBeNull();
  });

  it('never reaches someone blocked either way: A is on none of their lists', async () => {
    const { a, b, eventId, tag } = await scene();
    await block(t.db, b.user.id, a.user.id);
    const seen = await seenBy(b, a.user, eventId, tag);
    expect(JSON.stringify(seen)).toBe('{}');
  });

  it('is gone from the lists once removed', async () => {
    const { a, b, eventId, tag } = await scene();
    await deletePhoto(a);
    expect(await seenBy(b, a.user, eventId, tag)).toEqual({ nearby: null, attendee: null, searched: null, connection: undefined });
  });

  it('is stored as JPEG only: the stored bytes decode as a square JPEG', async () => {
    const { photo } = await scene();
    const meta = await sharp(Buffer.from(photo, 'base64')).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(meta.height);
  });
});
