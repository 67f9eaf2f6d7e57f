import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { User } from '../../../contract/common';
import { ApiError } from '../../../machines/api/client';
import {
  centredCrop,
  clampCrop,
  cropPlacement,
  movedCrop,
  ZOOM_MAX,
  zoomedCrop,
  type Crop,
  type OpenedImage,
} from '../../../machines/profile/photo-crop';
import type { ChosenFile } from '../../../machines/event/photo-gallery.machine';
import {
  PROFILE_PHOTO_MESSAGES,
  PROFILE_PICK_MAX_BYTES,
  profilePhotoMachine,
  selectCropPlacement,
  selectPhotoMode,
} from '../../../machines/profile/profile-photo.machine';
import { ada } from '../app.fakes';
import { asChild, deferred, flush } from '../discovery.fakes';
import { english } from '../../../contract/said';

const PHOTO = 'SQUAREJPEG';
const landscape: OpenedImage = { url: 'blob:landscape', width: 1200, height: 800 };

const file = (over: Partial<ChosenFile> = {}): ChosenFile => ({
  name: 'me.jpg',
  type: 'image/jpeg',
  size: 2_000_000,
  blob: new Blob(['jpeg bytes'], { type: 'image/jpeg' }),
  ...over,
});

type RenderInput = { file: ChosenFile; image: OpenedImage; crop: Crop };

interface Answers {
  open?: (f: ChosenFile) => Promise<OpenedImage>;
  render?: (i: RenderInput) => Promise<string>;
  upload?: (i: { userId: string; photoData: string }) => Promise<User>;
  remove?: (i: { userId: string }) => Promise<User>;
}

function start(a: Answers = {}, user: User = ada) {
  const calls = {
    open: vi.fn(a.open ?? (async () => landscape)),
    render: vi.fn(a.render ?? (async () => 'RENDERED')),
    upload: vi.fn(a.upload ?? (async () => ({ ...user, photo_data: PHOTO }))),
    remove: vi.fn(a.remove ?? (async () => ({ ...user, photo_data: null }))),
    released: vi.fn(),
    logged: vi.fn(),
  };
  const machine = profilePhotoMachine.provide({
    actors: {
      openImage: fromPromise<OpenedImage, { file: ChosenFile }>(({ input }) => calls.open(input.file)),
      renderPhoto: fromPromise<string, RenderInput>(({ input }) => calls.render(input)),
      uploadPhoto: fromPromise<User, { userId: string; photoData: string }>(({ input }) => calls.upload(input)),
      removePhoto: fromPromise<User, { userId: string }>(({ input }) => calls.remove(input)),
    },
    actions: {
      releasePreview: ({ context }) => {
        if (context.image) calls.released(context.image.url);
      },
      logFailure: (_, params: { what: string }) => calls.logged(params.what),
    },
  });
  const t = asChild(machine, { user });
  const snap = () => t.child.getSnapshot();
  return { ...t, calls, snap, mode: () => selectPhotoMode(snap()), ctx: () => snap().context };
}

/** Picked and opened: the crop step on screen. */
async function cropping(a: Answers = {}, user: User = ada) {
  const t = start(a, user);
  t.child.send({ type: 'photo.picked', file: file() });
  expect(t.mode()).toBe('opening');
  await flush();
  expect(t.mode()).toBe('cropping');
  return t;
}

describe('the crop (machines/profile/photo-crop.ts)', () => {
  const size = { width: 1200, height: 800 };

  it('starts on the largest square in the middle', () => {
    expect(centredCrop(size)).toEqual({ x: 600, y: 400, zoom: 1 });
    expect(cropPlacement(size, centredCrop(size))).toEqual({ width: 150, left: -25, top: 0 });
  });

  it('moves the photo by shares of the frame and never lets the square leave the image', () => {
    const c = centredCrop(size);
    // Dragging the photo right by a tenth of the frame shows what was to its left.
    expect(movedCrop(size, c, 0.1, 0)).toEqual({ x: 520, y: 400, zoom: 1 });
    expect(movedCrop(size, c, 5, 0)).toEqual({ x: 400, y: 400, zoom: 1 });
    expect(movedCrop(size, c, -5, 0)).toEqual({ x: 800, y: 400, zoom: 1 });
    // At zoom 1 the square is as tall as the image: it cannot move up or down.
    expect(movedCrop(size, c, 0, 0.3)).toEqual(c);
  });

  it('zooms between 1 and 4, keeping the square inside as it grows back', () => {
    const c = centredCrop(size);
    expect(zoomedCrop(size, c, 2)).toEqual({ x: 600, y: 400, zoom: 2 });
    expect(zoomedCrop(size, c, 9).zoom).toBe(ZOOM_MAX);
    expect(zoomedCrop(size, c, 0.2).zoom).toBe(1);
    expect(zoomedCrop(size, c, Number.NaN).zoom).toBe(1);
    // Zoomed in and moved to the top left corner, then zoomed out: pushed back inside.
    const corner = movedCrop(size, zoomedCrop(size, c, 4), 9, 9);
    expect(corner).toEqual({ x: 100, y: 100, zoom: 4 });
    expect(zoomedCrop(size, corner, 1)).toEqual({ x: 400, y: 400, zoom: 1 });
    expect(clampCrop(size, { x: -50, y: 9999, zoom: 2 })).toEqual({ x: 200, y: 600, zoom: 2 });
  });
});

describe('profilePhotoMachine', () => {
  it('picks, frames, scales on the device, uploads and shows the photo', async () => {
    const t = await cropping();
    expect(t.calls.open).toHaveBeenCalledWith(expect.objectContaining({ name: 'me.jpg' }));
    expect(t.ctx().crop).toEqual({ x: 600, y: 400, zoom: 1 });
    expect(selectCropPlacement(t.snap())).toEqual({ width: 150, left: -25, top: 0 });

    t.child.send({ type: 'photo.cropZoomed', zoom: 2 });
    t.child.send({ type: 'photo.cropMoved', dx: 0.25, dy: -0.25 });
    expect(t.ctx().crop).toEqual({ x: 500, y: 500, zoom: 2 });

    t.child.send({ type: 'photo.saved' });
    expect(t.mode()).toBe('saving');
    expect(t.calls.render).toHaveBeenCalledWith({ file: t.ctx().file, image: landscape, crop: { x: 500, y: 500, zoom: 2 } });
    await flush();
    expect(t.calls.upload).toHaveBeenCalledWith({ userId: ada.id, photoData: 'RENDERED' });
    await flush();
    expect(t.mode()).toBe('idle');
    expect(t.ctx().user.photo_data).toBe(PHOTO);
    expect(t.ctx().note).toBeNull();
    expect(t.ctx().image).toBeNull();
    expect(t.calls.released).toHaveBeenCalledWith(landscape.url);
    expect(t.received).toEqual([
      { type: 'user.updated', user: { ...ada, photo_data: PHOTO } },
      { type: 'toast.show', message: PROFILE_PHOTO_MESSAGES.saved, kind: 'success' },
    ]);
  });

  it.each([
    ['a file that is not an image', file({ type: 'application/pdf', name: 'cv.pdf' }), PROFILE_PHOTO_MESSAGES.notAnImage],
    ['an image too large to open on the device', file({ size: PROFILE_PICK_MAX_BYTES + 1 }), PROFILE_PHOTO_MESSAGES.tooLarge],
  ])('refuses %s before opening it', (_what, picked, note) => {
    const t = start();
    t.child.send({ type: 'photo.picked', file: picked });
    expect(t.mode()).toBe('idle');
    expect(t.ctx().note).toBe(note);
    expect(t.calls.open).not.toHaveBeenCalled();
  });

  it('says so when the file cannot be opened as a photo, and lets another be picked', async () => {
    const t = start({ open: async () => Promise.reject(new Error('decode failed')) });
    t.child.send({ type: 'photo.picked', file: file() });
    await flush();
    expect(t.mode()).toBe('idle');
    expect(t.ctx().note).toBe(PROFILE_PHOTO_MESSAGES.unreadable);
    expect(t.calls.logged).toHaveBeenCalledWith('open profile photo');
    t.calls.open.mockImplementation(async () => landscape);
    t.child.send({ type: 'photo.picked', file: file() });
    await flush();
    expect(t.mode()).toBe('cropping');
    expect(t.ctx().note).toBeNull();
  });

  it("keeps the frame and shows the server's reason when the upload is refused, then saves on a second try", async () => {
    const t = await cropping({
      upload: vi.fn<(i: { userId: string; photoData: string }) => Promise<User>>().mockRejectedValueOnce(
        new ApiError(413, 'The profile photo must be at most 2 MB'),
      ),
    });
    t.calls.upload.mockResolvedValueOnce({ ...ada, photo_data: PHOTO });
    t.child.send({ type: 'photo.cropZoomed', zoom: 1.5 });
    t.child.send({ type: 'photo.saved' });
    await flush();
    await flush();
    expect(t.mode()).toBe('cropping');
    expect(english(t.ctx().note)).toBe(english('The profile photo must be at most 2 MB'));
    expect(t.ctx().crop.zoom).toBe(1.5);
    expect(t.ctx().user.photo_data).toBeNull();
    expect(t.received).toEqual([]);
    t.child.send({ type: 'photo.saved' });
    expect(t.ctx().note).toBeNull();
    await flush();
    await flush();
    expect(t.mode()).toBe('idle');
    expect(t.ctx().user.photo_data).toBe(PHOTO);
  });

  it('says the photo could not be saved when there is no answer at all', async () => {
    const t = await cropping({ upload: async () => Promise.reject(new ApiError(0, null)) });
    t.child.send({ type: 'photo.saved' });
    await flush();
    await flush();
    expect(t.mode()).toBe('cropping');
    expect(t.ctx().note).toBe(PROFILE_PHOTO_MESSAGES.saveFailed);
  });

  it('says so when the device cannot draw the square, without uploading', async () => {
    const t = await cropping({ render: async () => Promise.reject(new Error('canvas')) });
    t.child.send({ type: 'photo.saved' });
    await flush();
    expect(t.mode()).toBe('cropping');
    expect(t.ctx().note).toBe(PROFILE_PHOTO_MESSAGES.prepareFailed);
    expect(t.calls.upload).not.toHaveBeenCalled();
  });

  it('ends the session when the server no longer knows it', async () => {
    const t = await cropping({ upload: async () => Promise.reject(new ApiError(401, 'Not signed in')) });
    t.child.send({ type: 'photo.saved' });
    await flush();
    await flush();
    expect(t.types()).toEqual(['session.expired']);
  });

  it('shows "saving" for the whole way, so Save cannot be pressed twice', async () => {
    const upload = deferred<User>();
    const t = await cropping({ upload: () => upload.promise });
    t.child.send({ type: 'photo.saved' });
    await flush();
    expect(t.mode()).toBe('saving');
    t.child.send({ type: 'photo.saved' });
    expect(t.calls.render).toHaveBeenCalledTimes(1);
    upload.resolve({ ...ada, photo_data: PHOTO });
    await flush();
    expect(t.mode()).toBe('idle');
  });

  it('lets go of the preview on Cancel, and of the first one when another photo is picked', async () => {
    const portrait: OpenedImage = { url: 'blob:portrait', width: 600, height: 900 };
    const t = await cropping();
    t.calls.open.mockImplementationOnce(async () => portrait);
    t.child.send({ type: 'photo.picked', file: file({ name: 'other.png', type: 'image/png' }) });
    expect(t.calls.released).toHaveBeenCalledWith(landscape.url);
    await flush();
    expect(t.ctx().image).toEqual(portrait);
    expect(t.ctx().crop).toEqual({ x: 300, y: 450, zoom: 1 });
    t.child.send({ type: 'photo.cancelled' });
    expect(t.mode()).toBe('idle');
    expect(t.calls.released).toHaveBeenLastCalledWith(portrait.url);
    expect(t.ctx().image).toBeNull();
    expect(t.calls.upload).not.toHaveBeenCalled();
  });

  it('removes the photo after a confirm, and tells the app', async () => {
    const t = start({}, { ...ada, photo_data: PHOTO });
    t.child.send({ type: 'photo.removeRequested' });
    expect(t.mode()).toBe('confirmingRemove');
    t.child.send({ type: 'photo.cancelled' });
    expect(t.mode()).toBe('idle');
    expect(t.calls.remove).not.toHaveBeenCalled();
    t.child.send({ type: 'photo.removeRequested' });
    t.child.send({ type: 'photo.removeConfirmed' });
    expect(t.mode()).toBe('removing');
    await flush();
    expect(t.mode()).toBe('idle');
    expect(t.ctx().user.photo_data).toBeNull();
    expect(t.received).toEqual([
      { type: 'user.updated', user: { ...ada, photo_data: null } },
      { type: 'toast.show', message: PROFILE_PHOTO_MESSAGES.removed, kind: 'success' },
    ]);
  });

  it('offers no removal without a photo, and keeps the photo when removing fails', async () => {
    const none = start();
    none.child.send({ type: 'photo.removeRequested' });
    expect(none.mode()).toBe('idle');

    const t = start({ remove: async () => Promise.reject(new ApiError(503, null)) }, { ...ada, photo_data: PHOTO });
    t.child.send({ type: 'photo.removeRequested' });
    t.child.send({ type: 'photo.removeConfirmed' });
    await flush();
    expect(t.mode()).toBe('idle');
    expect(t.ctx().user.photo_data).toBe(PHOTO);
    expect(t.ctx().note).toBe(PROFILE_PHOTO_MESSAGES.removeFailed);
    expect(t.received).toEqual([]);
  });
});
