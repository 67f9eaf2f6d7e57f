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
import type { Photo, PhotoLikeAnswer } from '../../contract/media';
import { detailOr } from '../api/client';
import { isSessionGone, reportSessionGone, isEventGone, leaveGoneEvent } from '../session-gone';
import { mediaApi, PHOTOS_PAGE_SIZE } from '../api/media';
import { logFailure } from '../log';
import { base64Of, fileRefusal, mergePhotos, PHOTO_NOTES, readFileAsDataUrl, toggledLike } from './photos';
import type { LikeInput, LikeReport, PhotoDraft, PhotoGalleryContext, PhotoGalleryEvent } from './photo-gallery.types';

export {
  base64Of,
  fileRefusal,
  jpegSize,
  likedByText,
  mergePhotos,
  PHOTO_MAX_BYTES,
  PHOTO_NOTES,
  PHOTO_TYPES,
  readFileAsDataUrl,
  toggledLike,
  type ChosenFile,
} from './photos';
export type { LikeInput, LikeReport, PhotoDraft, PhotoGalleryContext, PhotoGalleryEvent, UploadNote } from './photo-gallery.types';

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

const emptyDraft: PhotoDraft = { dataUrl: null, fileName: null, caption: '' };

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

