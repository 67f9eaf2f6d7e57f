/** What the photo gallery (photo-gallery.machine.ts) holds, hears and is told by its likes. */
import type { User } from '../../contract/common';
import type { Event } from '../../contract/events';
import type { Photo, PhotoLikeAnswer } from '../../contract/media';
import type { EventChanged } from '../session-gone';
import type { ChosenFile } from './photos';
import type { Said } from '../../contract/said';

export interface PhotoDraft {
  /** A data: URL of the chosen image, for the preview; its base64 part is what is sent. */
  dataUrl: string | null;
  fileName: string | null;
  caption: string;
}

export type UploadNote = { kind: 'refused' | 'failed' | 'shared'; text: Said };

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
