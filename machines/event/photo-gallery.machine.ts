/**
 * The photo-gallery view (SPEC 2, SPEC 5 "Photo upload"): the event's photos, newest
 * first, with likes; sharing a photo (image files only, an optional caption); and
 * photos others share arriving live. Photo and like failures are only logged (SPEC 8):
 * the person sees a quiet note beside the form, never the error banner.
 */
import {
  assertEvent,
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import type { User } from '../../contract/common';
import type { Event } from '../../contract/events';
import type { Photo, PhotoLike, PhotoLikeAnswer } from '../../contract/media';
import { detailOr } from '../api/client';
import { isSessionGone, reportSessionGone, isEventGone, leaveGoneEvent, type EventChanged } from '../session-gone';
import { mediaApi, PHOTOS_PAGE_SIZE } from '../api/media';
import { logFailure } from '../log';

/** The types the server accepts (it checks the bytes; this spares a pointless upload). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The server's cap on a decoded upload (server/domain/images.ts IMAGE_LIMITS.maxBytes). */
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;

export const PHOTO_NOTES = {
  notAnImage: 'Only JPEG, PNG or WebP images are accepted',
  tooLarge: `That photo is larger than ${PHOTO_MAX_BYTES / (1024 * 1024)} MB. Please choose a smaller one.`,
  unreadable: "That file couldn't be read. Please choose another.",
  uploadFailed: "Your photo couldn't be shared just now. Please try again.",
  shared: 'Your photo is shared.',
} as const;

/** The file the person picked, as the browser describes it. */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
  /** The bytes, read by the readFile actor; a File is a Blob. */
  blob: Blob;
}

export interface PhotoDraft {
  /** A data: URL of the chosen image, for the preview; its base64 part is what is sent. */
  dataUrl: string | null;
  fileName: string | null;
  caption: string;
}

export type UploadNote = { kind: 'refused' | 'failed' | 'shared'; text: string };

export interface PhotoGalleryContext {
  user: User;
  event: Event | null;
  photos: Photo[];
  /** The last page was full, so older photos may follow. */
  hasMore: boolean;
  draft: PhotoDraft;
  note: UploadNote | null;
  /** Photos that came live while the list was loading: the loaded page may predate them. */
  arrived: Photo[];
  /** Photos whose like is on its way, as they were before the toggle (to restore on failure). */
  pendingLikes: Record<string, Photo>;
}

export type PhotoGalleryEvent =
  | { type: 'gallery.reloaded' }
  | { type: 'gallery.moreRequested' }
  | { type: 'upload.fileChosen'; file: ChosenFile | null }
  | { type: 'upload.captionChanged'; caption: string }
  | { type: 'upload.cleared' }
  | { type: 'upload.submitted' }
  | { type: 'photo.likeToggled'; photoId: string }
  | LikeReport
  // Forwarded by the live channel (SPEC 7 new_photo); reconnecting reloads (DESIGN 6).
  | { type: 'live.new_photo'; photo: Photo; event_id?: string }
  | { type: 'live.reconnected' }
  | EventChanged;

export type LikeReport =
  | { type: 'like.settled'; photoId: string; answer: PhotoLikeAnswer }
  | { type: 'like.failed'; photoId: string; error: unknown };

export type LikeInput = { userId: string; eventId: string; photoId: string };
type Ids = { userId: string; eventId: string };

/**
 * A like on its way. Several can be under way at once (one per photo), so each runs as
 * a spawned child that reports back by event rather than through a state's onDone.
 */
export const likeRequest = (call: (input: LikeInput) => Promise<PhotoLikeAnswer>) =>
  fromCallback<{ type: never }, LikeInput>(({ input, sendBack }) => {
    call(input).then(
      (answer) => sendBack({ type: 'like.settled', photoId: input.photoId, answer } satisfies LikeReport),
      (error: unknown) => sendBack({ type: 'like.failed', photoId: input.photoId, error } satisfies LikeReport),
    );
  });

/** Reads a picked file as a data: URL (FileReader, so it only runs in a browser). */
export const readFileAsDataUrl = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });

const emptyDraft: PhotoDraft = { dataUrl: null, fileName: null, caption: '' };

/** Why a picked file is refused before any reading, or null when it may be shared. */
export function fileRefusal(file: Pick<ChosenFile, 'type' | 'size'>): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return PHOTO_NOTES.notAnImage;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_NOTES.tooLarge;
  return null;
}

/** The base64 part of a data: URL (SPEC 5: the photo is sent as base64). */
export const base64Of = (dataUrl: string): string => dataUrl.slice(dataUrl.indexOf(',') + 1);

/** The photo as it looks the moment the person taps Like, before the server answers. */
export function toggledLike(photo: Photo, me: PhotoLike): Photo {
  const liked = !photo.liked_by_me;
  const others = photo.likes.filter((l) => l.user_id !== me.user_id);
  return {
    ...photo,
    liked_by_me: liked,
    like_count: Math.max(0, photo.like_count + (liked ? 1 : -1)),
    likes: liked ? [...others, me] : others,
  };
}

/** Adds photos not yet shown, newest first; a photo already shown keeps its place. */
export function mergePhotos(shown: Photo[], incoming: Photo[]): Photo[] {
  const known = new Set(shown.map((p) => p.id));
  const fresh = incoming.filter((p) => !known.has(p.id));
  return [...fresh, ...shown];
}

const ids = ({ context }: { context: PhotoGalleryContext }): Ids => ({ userId: context.user.id, eventId: context.event!.id });

export const photoGalleryMachine = setup({
  types: {
    context: {} as PhotoGalleryContext,
    input: {} as { user: User; event: Event | null },
    events: {} as PhotoGalleryEvent,
  },
  actors: {
    loadPhotos: fromPromise<Photo[], Ids & { before?: string }>(({ input }) =>
      mediaApi.listPhotos(input.userId, input.eventId, input.before),
    ),
    readFile: fromPromise<string, { blob: Blob }>(({ input }) => readFileAsDataUrl(input.blob)),
    uploadPhoto: fromPromise<Photo, Ids & { photoData: string; caption: string | null }>(({ input }) =>
      mediaApi.uploadPhoto(input.userId, input.eventId, input.photoData, input.caption),
    ),
    likePhoto: likeRequest((input) => mediaApi.likePhoto(input.userId, input.eventId, input.photoId)),
  },
  guards: {
    hasEvent: ({ context }) => context.event !== null,
    isSessionGone,
    isEventGone,
    isFileRefused: ({ event }) => {
      assertEvent(event, 'upload.fileChosen');
      return event.file !== null && fileRefusal(event.file) !== null;
    },
    isNoFile: ({ event }) => {
      assertEvent(event, 'upload.fileChosen');
      return event.file === null;
    },
    hasChosenPhoto: ({ context }) => context.draft.dataUrl !== null,
    hasMorePhotos: ({ context }) => context.hasMore,
    isLikeable: ({ context, event }) => {
      assertEvent(event, 'photo.likeToggled');
      return context.photos.some((p) => p.id === event.photoId) && !(event.photoId in context.pendingLikes);
    },
    // The channel may carry another event's photo if the person switched events.
    isForThisEvent: ({ context, event }) => {
      assertEvent(event, 'live.new_photo');
      return context.event !== null && event.photo.event_id === context.event.id;
    },
  },
  actions: {
    // An older page: photos already shown (arrived live meanwhile) are not shown twice.
    appendPage: assign(({ context }, params: { page: Photo[] }) => {
      const known = new Set(context.photos.map((p) => p.id));
      return {
        photos: [...context.photos, ...params.page.filter((p) => !known.has(p.id))],
        hasMore: params.page.length === PHOTOS_PAGE_SIZE,
      };
    }),
    noteFileName: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'upload.fileChosen');
        return { ...context.draft, dataUrl: null, fileName: event.file!.name };
      },
    }),
    reportSessionGone: reportSessionGone(),
    leaveGoneEvent: leaveGoneEvent(),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
    refuseFile: assign({
      draft: ({ context }) => ({ ...context.draft, dataUrl: null, fileName: null }),
      note: ({ event }) => {
        assertEvent(event, 'upload.fileChosen');
        return { kind: 'refused' as const, text: fileRefusal(event.file!)! };
      },
    }),
    addPhotos: assign({
      photos: ({ context }, params: { photos: Photo[] }) => mergePhotos(context.photos, params.photos),
    }),
    startLike: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'photo.likeToggled');
      const photo = context.photos.find((p) => p.id === event.photoId)!;
      const me = { user_id: context.user.id, name: context.user.name };
      enqueue.assign({
        pendingLikes: { ...context.pendingLikes, [photo.id]: photo },
        photos: context.photos.map((p) => (p.id === photo.id ? toggledLike(p, me) : p)),
      });
      enqueue.spawnChild('likePhoto', {
        id: `like-${photo.id}`,
        input: { userId: context.user.id, eventId: photo.event_id, photoId: photo.id },
      });
    }),
    settleLike: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'like.settled');
      const { [event.photoId]: _before, ...pending } = context.pendingLikes;
      const { liked, like_count, likes } = event.answer;
      enqueue.stopChild(`like-${event.photoId}`);
      enqueue.assign({
        pendingLikes: pending,
        photos: context.photos.map((p) => (p.id === event.photoId ? { ...p, liked_by_me: liked, like_count, likes } : p)),
      });
    }),
    restoreLike: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'like.failed');
      const { [event.photoId]: before, ...pending } = context.pendingLikes;
      enqueue.stopChild(`like-${event.photoId}`);
      enqueue.assign({
        pendingLikes: pending,
        photos: context.photos.map((p) => (p.id === event.photoId && before ? before : p)),
      });
    }),
  },
}).createMachine({
  id: 'photo-gallery',
  context: ({ input }) => ({
    user: input.user,
    event: input.event,
    photos: [],
    hasMore: false,
    draft: emptyDraft,
    note: null,
    arrived: [],
    pendingLikes: {},
  }),
  on: {
    // Cancelled or taken down: back to the events list, calmly (session-gone.ts).
    'live.event_changed': { guard: 'isEventGone', actions: 'leaveGoneEvent' },
    'photo.likeToggled': { guard: 'isLikeable', actions: 'startLike' },
    'like.settled': { actions: 'settleLike' },
    'like.failed': {
      actions: ['restoreLike', { type: 'logFailure', params: ({ event }) => ({ what: 'like photo', error: event.error }) }],
    },
    'live.new_photo': {
      guard: 'isForThisEvent',
      actions: { type: 'addPhotos', params: ({ event }) => ({ photos: [event.photo] }) },
    },
  },
  initial: 'choosing',
  states: {
    // The gallery belongs to an event; opened without one, it says so and does nothing.
    choosing: { always: [{ guard: 'hasEvent', target: 'open' }, { target: 'noEvent' }] },
    noEvent: {},
    open: {
      type: 'parallel',
      states: {
        list: {
          initial: 'loading',
          on: { 'live.reconnected': '.loading' },
          states: {
            loading: {
              entry: assign({ arrived: [] }),
              on: {
                'live.new_photo': {
                  guard: 'isForThisEvent',
                  actions: [
                    { type: 'addPhotos', params: ({ event }) => ({ photos: [event.photo] }) },
                    assign({ arrived: ({ context, event }) => [...context.arrived, event.photo] }),
                  ],
                },
              },
              invoke: {
                src: 'loadPhotos',
                input: ids,
                onDone: {
                  target: 'ready',
                  actions: assign({
                    photos: ({ context, event }) => mergePhotos(event.output, context.arrived),
                    arrived: [],
                    hasMore: ({ event }) => event.output.length === PHOTOS_PAGE_SIZE,
                  }),
                },
                onError: [
                  { guard: 'isSessionGone', actions: 'reportSessionGone' },
                  {
                    target: 'failed',
                    actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load photos', error: event.error }) },
                  },
                ],
              },
            },
            ready: {
              on: {
                'gallery.reloaded': 'loading',
                'gallery.moreRequested': { guard: 'hasMorePhotos', target: 'loadingMore' },
              },
            },
            loadingMore: {
              invoke: {
                src: 'loadPhotos',
                input: ({ context }) => ({ ...ids({ context }), before: context.photos.at(-1)?.id }),
                onDone: {
                  target: 'ready',
                  actions: { type: 'appendPage', params: ({ event }) => ({ page: event.output }) },
                },
                onError: {
                  target: 'ready',
                  actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load more photos', error: event.error }) },
                },
              },
            },
            failed: { on: { 'gallery.reloaded': 'loading' } },
          },
        },
        upload: {
          initial: 'idle',
          // A new pick replaces the last, even while the last is still being read.
          on: {
            'upload.fileChosen': [
              {
                guard: 'isNoFile',
                target: '.idle',
                actions: assign({ draft: ({ context }) => ({ ...context.draft, dataUrl: null, fileName: null }) }),
              },
              { guard: 'isFileRefused', target: '.idle', actions: 'refuseFile' },
              { target: '.reading', reenter: true, actions: assign({ note: null }) },
            ],
          },
          states: {
            idle: {
              on: {
                'upload.captionChanged': {
                  actions: assign({ draft: ({ context, event }) => ({ ...context.draft, caption: event.caption }) }),
                },
                'upload.cleared': { actions: assign({ draft: emptyDraft, note: null }) },
                'upload.submitted': { guard: 'hasChosenPhoto', target: 'uploading' },
              },
            },
            reading: {
              invoke: {
                src: 'readFile',
                input: ({ event }) => {
                  assertEvent(event, 'upload.fileChosen');
                  return { blob: event.file!.blob };
                },
                onDone: {
                  target: 'idle',
                  actions: assign({
                    draft: ({ context, event }) => ({ ...context.draft, dataUrl: event.output }),
                  }),
                },
                onError: {
                  target: 'idle',
                  actions: [
                    assign({ note: { kind: 'refused', text: PHOTO_NOTES.unreadable } }),
                    { type: 'logFailure', params: ({ event }) => ({ what: 'read photo file', error: event.error }) },
                  ],
                },
              },
              // The name is known at once; the preview follows when the bytes are read.
              entry: 'noteFileName',
              on: {
                'upload.captionChanged': {
                  actions: assign({ draft: ({ context, event }) => ({ ...context.draft, caption: event.caption }) }),
                },
              },
            },
            uploading: {
              entry: assign({ note: null }),
              // The photo on its way is the one shown; a pick now waits for the answer.
              on: { 'upload.fileChosen': { actions: [] } },
              invoke: {
                src: 'uploadPhoto',
                input: ({ context }) => ({
                  ...ids({ context }),
                  photoData: base64Of(context.draft.dataUrl!),
                  caption: context.draft.caption.trim() || null,
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'addPhotos', params: ({ event }) => ({ photos: [event.output] }) },
                    assign({ draft: emptyDraft, note: { kind: 'shared', text: PHOTO_NOTES.shared } }),
                  ],
                },
                onError: [
                  { guard: 'isSessionGone', actions: 'reportSessionGone' },
                  {
                    target: 'idle',
                    actions: [
                      assign({
                        note: ({ event }) => ({ kind: 'failed' as const, text: detailOr(event.error, PHOTO_NOTES.uploadFailed) }),
                      }),
                      { type: 'logFailure', params: ({ event }) => ({ what: 'upload photo', error: event.error }) },
                    ],
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
});

export type PhotoGalleryActorRef = ActorRefFrom<typeof photoGalleryMachine>;
export type PhotoGallerySnapshot = SnapshotFrom<typeof photoGalleryMachine>;

export const selectListStatus = (s: PhotoGallerySnapshot): 'noEvent' | 'loading' | 'failed' | 'ready' | 'loadingMore' =>
  s.matches('noEvent')
    ? 'noEvent'
    : s.matches({ open: { list: 'loading' } })
      ? 'loading'
      : s.matches({ open: { list: 'failed' } })
        ? 'failed'
        : s.matches({ open: { list: 'loadingMore' } })
          ? 'loadingMore'
          : 'ready';

export const selectUploadStatus = (s: PhotoGallerySnapshot): 'idle' | 'reading' | 'uploading' =>
  s.matches({ open: { upload: 'reading' } }) ? 'reading' : s.matches({ open: { upload: 'uploading' } }) ? 'uploading' : 'idle';

export const selectCanUpload = (s: PhotoGallerySnapshot): boolean => s.can({ type: 'upload.submitted' });

/**
 * "Liked by you, Sam and 2 others": the likers the viewer may see by name, then a count
 * of the rest (shown to the viewer as "Anonymous attendee", without an id), so that
 * name is never repeated down the line.
 */
export function likedByText(photo: Photo, viewerId: string): string {
  if (photo.like_count === 0) return '';
  const names = photo.likes.flatMap((l) => (l.user_id === null ? [] : [l.user_id === viewerId ? 'you' : l.name]));
  const others = Math.max(0, photo.like_count - names.length);
  if (others > 0) names.push(others === 1 ? '1 other' : `${others} others`);
  if (names.length === 1) return `Liked by ${names[0]}`;
  return `Liked by ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The pixel size of a JPEG from its base64, read from the frame header near the start,
 * so the page can reserve the photo's space before it loads. Null when it is not there.
 */
export function jpegSize(base64: string): { width: number; height: number } | null {
  let bytes: Uint8Array;
  try {
    // The frame header follows the quantisation tables, well inside the first 64 KB.
    const head = atob(base64.slice(0, 87_376));
    bytes = Uint8Array.from(head, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2;
      continue;
    }
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    const isFrameHeader = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrameHeader) {
      const height = (bytes[i + 5]! << 8) | bytes[i + 6]!;
      const width = (bytes[i + 7]! << 8) | bytes[i + 8]!;
      return width > 0 && height > 0 ? { width, height } : null;
    }
    i += 2 + length;
  }
  return null;
}
