import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Photo, PhotoLikeAnswer } from '../../../contract/media';
import { ApiError } from '../../../machines/api/client';
import { PHOTOS_PAGE_SIZE } from '../../../machines/api/media';
import {
  base64Of,
  fileRefusal,
  jpegSize,
  likeRequest,
  likedByText,
  mergePhotos,
  PHOTO_MAX_BYTES,
  PHOTO_NOTES,
  photoGalleryMachine,
  selectCanUpload,
  selectListStatus,
  selectUploadStatus,
  toggledLike,
  type ChosenFile,
  type LikeInput,
} from '../../../machines/event/photo-gallery.machine';
import { ada } from '../app.fakes';
import { asChild, deferred, flush, sampleEvent } from '../discovery.fakes';
import { meetup, samplePhoto } from '../media.fakes';
import { english } from '../../../contract/said';

type Ids = { userId: string; eventId: string };
type UploadInput = Ids & { photoData: string; caption: string | null };

interface Answers {
  photos?: (i: Ids & { before?: string }) => Promise<Photo[]>;
  read?: (i: { blob: Blob }) => Promise<string>;
  upload?: (i: UploadInput) => Promise<Photo>;
  like?: (i: LikeInput) => Promise<PhotoLikeAnswer>;
}

function start(a: Answers = {}, event: typeof meetup | null = meetup) {
  const calls = {
    photos: vi.fn(a.photos ?? (async () => [])),
    read: vi.fn(a.read ?? (async () => 'data:image/png;base64,iVBORw0KGgo=')),
    upload: vi.fn(a.upload ?? (async () => samplePhoto())),
    like: vi.fn(a.like ?? (async (): Promise<PhotoLikeAnswer> => ({ success: true, liked: true, like_count: 1, likes: [] }))),
    logged: vi.fn(),
  };
  const machine = photoGalleryMachine.provide({
    actors: {
      loadPhotos: fromPromise<Photo[], Ids & { before?: string }>(({ input }) => calls.photos(input)),
      readFile: fromPromise<string, { blob: Blob }>(({ input }) => calls.read(input)),
      uploadPhoto: fromPromise<Photo, UploadInput>(({ input }) => calls.upload(input)),
      likePhoto: likeRequest((input) => calls.like(input)),
    },
    actions: { logFailure: (_, params: { what: string }) => calls.logged(params.what) },
  });
  const t = asChild(machine, { user: ada, event });
  return { ...t, calls, snap: () => t.child.getSnapshot(), ctx: () => t.child.getSnapshot().context };
}

const failing = (detail: string | null = null, status = 500) => async (): Promise<never> => {
  throw new ApiError(status, detail);
};

const file = (overrides: Partial<ChosenFile> = {}): ChosenFile => ({
  name: 'sunset.png',
  type: 'image/png',
  size: 1200,
  blob: new Blob(['png bytes'], { type: 'image/png' }),
  ...overrides,
});

describe('photoGalleryMachine: the list', () => {
  it("loads the event's first page of photos, newest first as the server sends them", async () => {
    const photos = [samplePhoto(), samplePhoto()];
    const t = start({ photos: async () => photos });
    expect(selectListStatus(t.snap())).toBe('loading');
    expect(t.calls.photos).toHaveBeenCalledWith({ userId: ada.id, eventId: meetup.id });
    await flush();
    expect(selectListStatus(t.snap())).toBe('ready');
    expect(t.ctx().photos).toEqual(photos);
    expect(t.ctx().hasMore).toBe(false);
  });

  it('loads older photos after the last one shown when the page was full', async () => {
    const first = Array.from({ length: PHOTOS_PAGE_SIZE }, () => samplePhoto());
    const older = [samplePhoto()];
    const t = start({ photos: async ({ before }) => (before ? older : first) });
    await flush();
    expect(t.ctx().hasMore).toBe(true);
    t.child.send({ type: 'gallery.moreRequested' });
    expect(selectListStatus(t.snap())).toBe('loadingMore');
    expect(t.calls.photos).toHaveBeenLastCalledWith({ userId: ada.id, eventId: meetup.id, before: first.at(-1)!.id });
    await flush();
    expect(t.ctx().photos).toEqual([...first, ...older]);
    expect(t.ctx().hasMore).toBe(false);
    t.child.send({ type: 'gallery.moreRequested' });
    expect(t.calls.photos).toHaveBeenCalledTimes(2);
  });

  it('only logs a failed load (SPEC 8) and offers to try again', async () => {
    const photos = [samplePhoto()];
    const answers = [failing(), async () => photos];
    const t = start({ photos: () => answers.shift()!() });
    await flush();
    expect(selectListStatus(t.snap())).toBe('failed');
    expect(t.calls.logged).toHaveBeenCalledWith('load photos');
    expect(t.received).toEqual([]);
    t.child.send({ type: 'gallery.reloaded' });
    await flush();
    expect(t.ctx().photos).toEqual(photos);
  });

  it('tells the root when the session has gone', async () => {
    const t = start({ photos: failing('Not signed in', 401) });
    await flush();
    expect(t.types()).toEqual(['session.expired']);
  });

  it('does nothing without an event', () => {
    const t = start({}, null);
    expect(selectListStatus(t.snap())).toBe('noEvent');
    expect(t.calls.photos).not.toHaveBeenCalled();
  });
});

describe('photoGalleryMachine: live additions', () => {
  it('adds a photo shared by someone else at the top, once', async () => {
    const old = samplePhoto();
    const t = start({ photos: async () => [old] });
    await flush();
    const fresh = samplePhoto({ caption: 'From across the room' });
    t.child.send({ type: 'live.new_photo', photo: fresh, event_id: meetup.id });
    t.child.send({ type: 'live.new_photo', photo: fresh, event_id: meetup.id });
    expect(t.ctx().photos.map((p) => p.id)).toEqual([fresh.id, old.id]);
  });

  it("ignores another event's photo", async () => {
    const t = start();
    await flush();
    const elsewhere = samplePhoto({ event_id: sampleEvent({ id: 'e0000000-0000-4000-8000-000000000009' }).id });
    t.child.send({ type: 'live.new_photo', photo: elsewhere });
    expect(t.ctx().photos).toEqual([]);
  });

  it('keeps a photo that arrives while the list is loading, even if the page predates it', async () => {
    const page = deferred<Photo[]>();
    const old = samplePhoto();
    const t = start({ photos: () => page.promise });
    const fresh = samplePhoto();
    t.child.send({ type: 'live.new_photo', photo: fresh });
    page.resolve([old]);
    await flush();
    expect(t.ctx().photos.map((p) => p.id)).toEqual([fresh.id, old.id]);
  });

  it('reloads the list after the live channel reconnects', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'live.reconnected' });
    expect(t.calls.photos).toHaveBeenCalledTimes(2);
  });
});

describe('photoGalleryMachine: sharing a photo', () => {
  it('reads the chosen image, then uploads its base64 with the trimmed caption and shows it first', async () => {
    const shared = samplePhoto({ caption: 'Sunset' });
    const old = samplePhoto();
    const t = start({ photos: async () => [old], upload: async () => shared });
    await flush();
    expect(selectCanUpload(t.snap())).toBe(false);
    const chosen = file();
    t.child.send({ type: 'upload.fileChosen', file: chosen });
    expect(selectUploadStatus(t.snap())).toBe('reading');
    expect(t.calls.read).toHaveBeenCalledWith({ blob: chosen.blob });
    expect(t.ctx().draft.fileName).toBe('sunset.png');
    await flush();
    expect(t.ctx().draft.dataUrl).toBe('data:image/png;base64,iVBORw0KGgo=');
    t.child.send({ type: 'upload.captionChanged', caption: '  Sunset  ' });
    expect(selectCanUpload(t.snap())).toBe(true);
    t.child.send({ type: 'upload.submitted' });
    expect(selectUploadStatus(t.snap())).toBe('uploading');
    expect(t.calls.upload).toHaveBeenCalledWith({ userId: ada.id, eventId: meetup.id, photoData: 'iVBORw0KGgo=', caption: 'Sunset' });
    await flush();
    expect(t.ctx().photos.map((p) => p.id)).toEqual([shared.id, old.id]);
    expect(t.ctx().draft).toEqual({ dataUrl: null, fileName: null, caption: '' });
    expect(t.ctx().note).toEqual({ kind: 'shared', text: PHOTO_NOTES.shared });
    expect(t.received).toEqual([]);
  });

  it('sends no caption when it is left empty', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'upload.fileChosen', file: file() });
    await flush();
    t.child.send({ type: 'upload.captionChanged', caption: '   ' });
    t.child.send({ type: 'upload.submitted' });
    expect(t.calls.upload.mock.calls[0]![0].caption).toBeNull();
  });

  it('does not show a photo twice when its live copy arrives before the upload answer', async () => {
    const answer = deferred<Photo>();
    const shared = samplePhoto();
    const t = start({ upload: () => answer.promise });
    await flush();
    t.child.send({ type: 'upload.fileChosen', file: file() });
    await flush();
    t.child.send({ type: 'upload.submitted' });
    t.child.send({ type: 'live.new_photo', photo: shared });
    answer.resolve(shared);
    await flush();
    expect(t.ctx().photos.map((p) => p.id)).toEqual([shared.id]);
  });

  it.each([
    ['a PDF', file({ name: 'cv.pdf', type: 'application/pdf' }), PHOTO_NOTES.notAnImage],
    ['a GIF', file({ name: 'dance.gif', type: 'image/gif' }), PHOTO_NOTES.notAnImage],
    ['a HEIC photo', file({ name: 'IMG_1.heic', type: 'image/heic' }), PHOTO_NOTES.notAnImage],
    ['an image over the size cap', file({ size: PHOTO_MAX_BYTES + 1 }), PHOTO_NOTES.tooLarge],
  ])('refuses %s quietly, before reading it', async (_, chosen, note) => {
    const t = start();
    await flush();
    t.child.send({ type: 'upload.fileChosen', file: chosen });
    expect(t.calls.read).not.toHaveBeenCalled();
    expect(t.ctx().note).toEqual({ kind: 'refused', text: note });
    expect(selectCanUpload(t.snap())).toBe(false);
    t.child.send({ type: 'upload.submitted' });
    expect(t.calls.upload).not.toHaveBeenCalled();
    expect(t.received).toEqual([]);
  });

  it('accepts JPEG, PNG and WebP', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(fileRefusal({ type, size: 10 })).toBeNull();
  });

  it("says so when the file can't be read", async () => {
    const t = start({ read: async () => Promise.reject(new Error('NotReadableError')) });
    await flush();
    t.child.send({ type: 'upload.fileChosen', file: file() });
    await flush();
    expect(t.ctx().note).toEqual({ kind: 'refused', text: PHOTO_NOTES.unreadable });
    expect(selectCanUpload(t.snap())).toBe(false);
  });

  it("keeps the draft and shows the server's reason by the form when the upload is refused, with no banner", async () => {
    const t = start({ upload: failing('The photo must be at most 8 MB', 413) });
    await flush();
    t.child.send({ type: 'upload.fileChosen', file: file() });
    await flush();
    t.child.send({ type: 'upload.captionChanged', caption: 'Big one' });
    t.child.send({ type: 'upload.submitted' });
    await flush();
    expect(english(t.ctx().note)).toEqual(english({ kind: 'failed', text: 'The photo must be at most 8 MB' }));
    expect(t.ctx().draft.caption).toBe('Big one');
    expect(selectCanUpload(t.snap())).toBe(true);
    expect(t.calls.logged).toHaveBeenCalledWith('upload photo');
    expect(t.received).toEqual([]);
  });

  it('falls back to a plain sentence when the network fails', async () => {
    const t = start({ upload: failing(null, 0) });
    await flush();
    t.child.send({ type: 'upload.fileChosen', file: file() });
    await flush();
    t.child.send({ type: 'upload.submitted' });
    await flush();
    expect(t.ctx().note).toEqual({ kind: 'failed', text: PHOTO_NOTES.uploadFailed });
  });

  it('takes a second pick made while the first is still being read', async () => {
    const first = deferred<string>();
    const reads = [() => first.promise, async () => 'data:image/webp;base64,UklGRg=='];
    const t = start({ read: () => reads.shift()!() });
    await flush();
    t.child.send({ type: 'upload.fileChosen', file: file({ name: 'first.png' }) });
    t.child.send({ type: 'upload.fileChosen', file: file({ name: 'second.webp', type: 'image/webp' }) });
    first.resolve('data:image/png;base64,iVBORw0KGgo=');
    await flush();
    expect(t.ctx().draft).toMatchObject({ fileName: 'second.webp', dataUrl: 'data:image/webp;base64,UklGRg==' });
  });

  it('keeps the photo on its way when another is picked meanwhile', async () => {
    const answer = deferred<Photo>();
    const t = start({ upload: () => answer.promise });
    await flush();
    t.child.send({ type: 'upload.fileChosen', file: file() });
    await flush();
    t.child.send({ type: 'upload.submitted' });
    t.child.send({ type: 'upload.fileChosen', file: file({ name: 'other.png' }) });
    expect(t.calls.read).toHaveBeenCalledTimes(1);
    expect(t.ctx().draft.fileName).toBe('sunset.png');
    expect(selectUploadStatus(t.snap())).toBe('uploading');
  });

  it('forgets the chosen photo on Remove', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'upload.fileChosen', file: file() });
    await flush();
    t.child.send({ type: 'upload.cleared' });
    expect(t.ctx().draft).toEqual({ dataUrl: null, fileName: null, caption: '' });
    expect(selectCanUpload(t.snap())).toBe(false);
  });
});

describe('photoGalleryMachine: likes', () => {
  const sam = { user_id: 'a0000000-0000-4000-8000-000000000001', name: 'Sam' };

  it('shows the like at once, then takes the count and names from the server', async () => {
    const answer = deferred<PhotoLikeAnswer>();
    const photo = samplePhoto({ likes: [sam], like_count: 1 });
    const t = start({ photos: async () => [photo], like: () => answer.promise });
    await flush();
    t.child.send({ type: 'photo.likeToggled', photoId: photo.id });
    expect(t.calls.like).toHaveBeenCalledWith({ userId: ada.id, eventId: meetup.id, photoId: photo.id });
    expect(t.ctx().photos[0]).toMatchObject({ liked_by_me: true, like_count: 2, likes: [sam, { user_id: ada.id, name: ada.name }] });
    // A second tap while the first is on its way is not sent.
    t.child.send({ type: 'photo.likeToggled', photoId: photo.id });
    expect(t.calls.like).toHaveBeenCalledTimes(1);
    answer.resolve({ success: true, liked: true, like_count: 3, likes: [sam, { user_id: ada.id, name: ada.name }] });
    await flush();
    expect(t.ctx().photos[0]).toMatchObject({ liked_by_me: true, like_count: 3 });
    expect(t.ctx().pendingLikes).toEqual({});
    expect(t.snap().children[`like-${photo.id}`]).toBeUndefined();
  });

  it('toggles a like off', async () => {
    const photo = samplePhoto({ likes: [{ user_id: ada.id, name: ada.name }], like_count: 1, liked_by_me: true });
    const t = start({ photos: async () => [photo], like: async () => ({ success: true, liked: false, like_count: 0, likes: [] }) });
    await flush();
    t.child.send({ type: 'photo.likeToggled', photoId: photo.id });
    expect(t.ctx().photos[0]).toMatchObject({ liked_by_me: false, like_count: 0, likes: [] });
    await flush();
    expect(t.ctx().photos[0]).toMatchObject({ liked_by_me: false, like_count: 0, likes: [] });
  });

  it('likes two photos at once', async () => {
    const a = samplePhoto();
    const b = samplePhoto();
    const t = start({ photos: async () => [a, b], like: async ({ photoId }) => ({ success: true, liked: true, like_count: photoId === a.id ? 4 : 7, likes: [] }) });
    await flush();
    t.child.send({ type: 'photo.likeToggled', photoId: a.id });
    t.child.send({ type: 'photo.likeToggled', photoId: b.id });
    expect(t.calls.like).toHaveBeenCalledTimes(2);
    await flush();
    expect(t.ctx().photos.map((p) => p.like_count)).toEqual([4, 7]);
  });

  it('puts the photo back as it was, and only logs, when the like fails', async () => {
    const photo = samplePhoto({ likes: [sam], like_count: 1 });
    const t = start({ photos: async () => [photo], like: failing() });
    await flush();
    t.child.send({ type: 'photo.likeToggled', photoId: photo.id });
    await flush();
    expect(t.ctx().photos[0]).toEqual(photo);
    expect(t.calls.logged).toHaveBeenCalledWith('like photo');
    expect(t.received).toEqual([]);
  });

  it('ignores a like for a photo it does not show', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'photo.likeToggled', photoId: samplePhoto().id });
    expect(t.calls.like).not.toHaveBeenCalled();
  });
});

describe('photo helpers', () => {
  it('names who liked a photo, the viewer as "you", then counts the unnamed', () => {
    const photo = samplePhoto();
    const sam = { user_id: 'a0000000-0000-4000-8000-000000000001', name: 'Sam' };
    const kim = { user_id: 'a0000000-0000-4000-8000-000000000002', name: 'Kim' };
    expect(likedByText({ ...photo, like_count: 0, likes: [] }, ada.id)).toBeNull();
    expect(likedByText({ ...photo, like_count: 1, likes: [sam] }, ada.id)?.message).toBe('Liked by Sam');
    expect(likedByText({ ...photo, like_count: 2, likes: [{ user_id: ada.id, name: ada.name }, sam] }, ada.id)?.message).toBe('Liked by you and Sam');
    expect(likedByText({ ...photo, like_count: 3, likes: [sam, kim] }, ada.id)?.message).toBe('Liked by Sam, Kim and 1 other');
    expect(likedByText({ ...photo, like_count: 4, likes: [] }, ada.id)?.message).toBe('Liked by 4 others');
    const anonymous = { user_id: null, name: 'Anonymous attendee' };
    expect(likedByText({ ...photo, like_count: 3, likes: [anonymous, sam, anonymous] }, ada.id)?.message).toBe('Liked by Sam and 2 others');
    expect(likedByText({ ...photo, like_count: 1, likes: [anonymous] }, ada.id)?.message).toBe('Liked by 1 other');
  });

  it('toggles a like locally without counting below zero', () => {
    const me = { user_id: ada.id, name: ada.name };
    const odd = samplePhoto({ like_count: 0, liked_by_me: true, likes: [me] });
    expect(toggledLike(odd, me)).toMatchObject({ liked_by_me: false, like_count: 0, likes: [] });
  });

  it('merges photos newest first without duplicates', () => {
    const [a, b, c] = [samplePhoto(), samplePhoto(), samplePhoto()];
    expect(mergePhotos([b!, c!], [a!, b!]).map((p) => p.id)).toEqual([a!.id, b!.id, c!.id]);
  });

  it('takes the base64 part of a data URL', () => {
    expect(base64Of('data:image/webp;base64,UklGRg==')).toBe('UklGRg==');
  });

  it('reads the pixel size of a real JPEG, so the page can reserve its space', async () => {
    const jpeg = await sharp({ create: { width: 640, height: 427, channels: 3, background: '#3a6' } }).jpeg().toBuffer();
    expect(jpegSize(jpeg.toString('base64'))).toEqual({ width: 640, height: 427 });
    const progressive = await sharp({ create: { width: 300, height: 500, channels: 3, background: '#a36' } })
      .jpeg({ progressive: true })
      .toBuffer();
    expect(jpegSize(progressive.toString('base64'))).toEqual({ width: 300, height: 500 });
  });

  it('answers null for what is not a JPEG', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).png().toBuffer();
    expect(jpegSize(png.toString('base64'))).toBeNull();
    expect(jpegSize('not base64!')).toBeNull();
    expect(jpegSize('')).toBeNull();
  });
});
