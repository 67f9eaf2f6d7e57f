/**
 * The profile photo in the profile view: pick an image, frame a square of it (moved and
 * zoomed by pointer or keyboard), have the device scale it down, then upload it; or
 * remove the photo after a confirm. Who sees it is the server's part (DESIGN 5,
 * show_profile_picture). A failure keeps the person where they were, with a note.
 */
import { assertEvent, assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { User } from '../../contract/common';
import { api, detailOr } from '../api/client';
import { isSessionGone, reportSessionGone } from '../session-gone';
import { logFailure } from '../log';
import { PHOTO_TYPES, tooLarge, type ChosenFile } from '../event/photos';
import {
  centredCrop,
  cropPlacement,
  movedCrop,
  openImage,
  releaseImage,
  renderSquareJpeg,
  zoomedCrop,
  type Crop,
  type OpenedImage,
} from './photo-crop';
import type { Said } from '../../contract/said';

/** A picked file larger than this is not opened: the device would struggle, not the server. */
export const PROFILE_PICK_MAX_BYTES = 20 * 1024 * 1024;

// Not SPEC 8's texts: SPEC 8 has none for the profile photo.
export const PROFILE_PHOTO_MESSAGES = {
  notAnImage: /*i18n*/ { id: 'profilePhoto.notAnImage', message: 'Please choose a JPEG, PNG or WebP image.' },
  tooLarge: tooLarge({ mb: PROFILE_PICK_MAX_BYTES / (1024 * 1024) }),
  unreadable: /*i18n*/ { id: 'profilePhoto.unreadable', message: "That file couldn't be opened as a photo. Please choose another." },
  prepareFailed: /*i18n*/ { id: 'profilePhoto.prepareFailed', message: "Your photo couldn't be prepared on this device. Please try another." },
  saveFailed: /*i18n*/ { id: 'profilePhoto.saveFailed', message: "Your photo couldn't be saved just now. Please try again." },
  removeFailed: /*i18n*/ { id: 'profilePhoto.removeFailed', message: "Your photo couldn't be removed just now. Please try again." },
  saved: /*i18n*/ { id: 'profilePhoto.saved', message: 'Profile photo saved' },
  removed: /*i18n*/ { id: 'profilePhoto.removed', message: 'Profile photo removed' },
} as const;

export type ProfilePhotoEvent =
  | { type: 'photo.picked'; file: ChosenFile }
  | { type: 'photo.cropMoved'; dx: number; dy: number }
  | { type: 'photo.cropZoomed'; zoom: number }
  | { type: 'photo.saved' }
  | { type: 'photo.cancelled' }
  | { type: 'photo.removeRequested' }
  | { type: 'photo.removeConfirmed' };

export interface ProfilePhotoContext {
  user: User;
  /** The picked file while it is framed, and the image opened from it. */
  file: ChosenFile | null;
  image: OpenedImage | null;
  crop: Crop;
  /** The square as base64 JPEG, drawn on the device, on its way to the server. */
  photoData: string | null;
  /** Why the last step did not work, shown beside the photo. */
  note: Said | null;
}

/** Why a picked file is refused before it is opened, or null. */
export function pickRefusal(file: Pick<ChosenFile, 'type' | 'size'>): Said | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return PROFILE_PHOTO_MESSAGES.notAnImage;
  if (file.size > PROFILE_PICK_MAX_BYTES) return PROFILE_PHOTO_MESSAGES.tooLarge;
  return null;
}

const noImage = { file: null, image: null, crop: { x: 0, y: 0, zoom: 1 }, photoData: null } as const;

export const profilePhotoMachine = setup({
  types: {
    context: {} as ProfilePhotoContext,
    input: {} as { user: User },
    events: {} as ProfilePhotoEvent,
  },
  actors: {
    openImage: fromPromise<OpenedImage, { file: ChosenFile }>(({ input }) => openImage(input.file.blob)),
    renderPhoto: fromPromise<string, { file: ChosenFile; image: OpenedImage; crop: Crop }>(({ input }) =>
      renderSquareJpeg(input.file.blob, input.image, input.crop),
    ),
    uploadPhoto: fromPromise<User, { userId: string; photoData: string }>(({ input }) => api.setProfilePhoto(input.userId, input.photoData)),
    removePhoto: fromPromise<User, { userId: string }>(({ input }) => api.removeProfilePhoto(input.userId)),
  },
  guards: {
    isPickRefused: ({ event }) => {
      assertEvent(event, 'photo.picked');
      return pickRefusal(event.file) !== null;
    },
    hasPhoto: ({ context }) => context.user.photo_data !== null,
    isSessionGone,
  },
  actions: {
    reportSessionGone: reportSessionGone(),
    refusePick: assign({
      note: ({ event }) => {
        assertEvent(event, 'photo.picked');
        return pickRefusal(event.file);
      },
    }),
    keepFile: assign({
      file: ({ event }) => {
        assertEvent(event, 'photo.picked');
        return event.file;
      },
      note: null,
    }),
    // The preview's address holds the whole picked file in memory until it is let go.
    releasePreview: ({ context }) => releaseImage(context.image),
    forgetImage: assign(noImage),
    moveCrop: assign({
      crop: ({ context, event }) => {
        assertEvent(event, 'photo.cropMoved');
        return context.image ? movedCrop(context.image, context.crop, event.dx, event.dy) : context.crop;
      },
    }),
    zoomCrop: assign({
      crop: ({ context, event }) => {
        assertEvent(event, 'photo.cropZoomed');
        return context.image ? zoomedCrop(context.image, context.crop, event.zoom) : context.crop;
      },
    }),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
    toast: sendParent((_, params: { message: Said }) => ({ type: 'toast.show', message: params.message, kind: 'success' })),
    tellApp: sendParent(({ context }) => ({ type: 'user.updated', user: context.user })),
  },
}).createMachine({
  id: 'profile-photo',
  context: ({ input }) => ({ user: input.user, ...noImage, note: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'photo.picked': [
          { guard: 'isPickRefused', actions: 'refusePick' },
          { target: 'framing', actions: 'keepFile' },
        ],
        'photo.removeRequested': { guard: 'hasPhoto', target: 'confirmingRemove', actions: assign({ note: null }) },
      },
    },
    framing: {
      initial: 'opening',
      // Leaving the frame in any way lets the preview go.
      exit: ['releasePreview', 'forgetImage'],
      on: { 'photo.cancelled': { target: 'idle', actions: assign({ note: null }) } },
      states: {
        opening: {
          invoke: {
            src: 'openImage',
            input: ({ context }) => ({ file: context.file! }),
            onDone: {
              target: 'cropping',
              actions: assign({ image: ({ event }) => event.output, crop: ({ event }) => centredCrop(event.output) }),
            },
            onError: {
              target: '#profile-photo.idle',
              actions: [
                assign({ note: PROFILE_PHOTO_MESSAGES.unreadable }),
                { type: 'logFailure', params: ({ event }) => ({ what: 'open profile photo', error: event.error }) },
              ],
            },
          },
        },
        cropping: {
          on: {
            'photo.cropMoved': { actions: 'moveCrop' },
            'photo.cropZoomed': { actions: 'zoomCrop' },
            'photo.saved': 'preparing',
            'photo.picked': [
              { guard: 'isPickRefused', actions: 'refusePick' },
              { target: 'opening', actions: ['releasePreview', 'forgetImage', 'keepFile'] },
            ],
          },
        },
        preparing: {
          entry: assign({ note: null }),
          invoke: {
            src: 'renderPhoto',
            input: ({ context }) => ({ file: context.file!, image: context.image!, crop: context.crop }),
            onDone: { target: 'uploading', actions: assign({ photoData: ({ event }) => event.output }) },
            onError: {
              target: 'cropping',
              actions: [
                assign({ note: PROFILE_PHOTO_MESSAGES.prepareFailed }),
                { type: 'logFailure', params: ({ event }) => ({ what: 'prepare profile photo', error: event.error }) },
              ],
            },
          },
        },
        uploading: {
          invoke: {
            src: 'uploadPhoto',
            input: ({ context }) => ({ userId: context.user.id, photoData: context.photoData! }),
            onDone: {
              target: '#profile-photo.idle',
              actions: [
                assign({ user: ({ event }) => event.output, note: null }),
                'tellApp',
                { type: 'toast', params: { message: PROFILE_PHOTO_MESSAGES.saved } },
              ],
            },
            onError: [
              { guard: 'isSessionGone', actions: 'reportSessionGone' },
              { target: 'cropping', actions: assign({ note: ({ event }) => detailOr(event.error, PROFILE_PHOTO_MESSAGES.saveFailed) }) },
            ],
          },
        },
      },
    },
    confirmingRemove: {
      on: { 'photo.removeConfirmed': 'removing', 'photo.cancelled': 'idle' },
    },
    removing: {
      invoke: {
        src: 'removePhoto',
        input: ({ context }) => ({ userId: context.user.id }),
        onDone: {
          target: 'idle',
          actions: [assign({ user: ({ event }) => event.output }), 'tellApp', { type: 'toast', params: { message: PROFILE_PHOTO_MESSAGES.removed } }],
        },
        onError: [
          { guard: 'isSessionGone', actions: 'reportSessionGone' },
          {
            target: 'idle',
            actions: [
              assign({ note: PROFILE_PHOTO_MESSAGES.removeFailed }),
              { type: 'logFailure', params: ({ event }) => ({ what: 'remove profile photo', error: event.error }) },
            ],
          },
        ],
      },
    },
  },
});

export type ProfilePhotoActorRef = ActorRefFrom<typeof profilePhotoMachine>;
export type ProfilePhotoSnapshot = SnapshotFrom<typeof profilePhotoMachine>;

export type ProfilePhotoMode = 'idle' | 'opening' | 'cropping' | 'saving' | 'confirmingRemove' | 'removing';

export function selectPhotoMode(s: ProfilePhotoSnapshot): ProfilePhotoMode {
  if (s.matches({ framing: 'opening' })) return 'opening';
  if (s.matches({ framing: 'cropping' })) return 'cropping';
  if (s.matches('framing')) return 'saving';
  if (s.matches('confirmingRemove')) return 'confirmingRemove';
  if (s.matches('removing')) return 'removing';
  return 'idle';
}

/** Where the picked image sits in the square frame, in percent of the frame (null before it opens). */
export const selectCropPlacement = (s: ProfilePhotoSnapshot) =>
  s.context.image ? cropPlacement(s.context.image, s.context.crop) : null;
