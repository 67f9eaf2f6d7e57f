/**
 * Event photos as one viewer sees them (GET /events/{id}/photos, an upload, a like, the
 * live `new_photo`): the uploader's id only when the viewer may see who they are, and
 * the likers as DESIGN 5 shows them.
 */
import type { Photo, PhotoLike } from '../../contract/media';
import type { Liker, PhotoParts, PhotoRow } from '../db/repositories/photos';
import { type ViewerContext, exists } from '../domain/visibility';
import { authorAs } from './people';

export interface LikeView {
  likes: PhotoLike[];
  like_count: number;
  liked_by_me: boolean;
}

/**
 * The likes of one photo for the viewer, each liker as DESIGN 5 lets the viewer see
 * them (named, or "Anonymous attendee" without an id); likers blocked either way or
 * gone are left out of the list and the count alike, so a count never hints at
 * someone the viewer has blocked.
 */
export function likeView(viewer: ViewerContext, likers: Liker[]): LikeView {
  const view: LikeView = { likes: [], like_count: 0, liked_by_me: false };
  for (const p of likers) {
    if (!exists(viewer, p)) continue;
    view.like_count++;
    if (p.id === viewer.id) view.liked_by_me = true;
    const liker = authorAs(viewer, p);
    view.likes.push({ user_id: liker.id, name: liker.name });
  }
  return view;
}

/** The photos as one viewer sees them (uploader and likers as DESIGN 5 shows them). */
export function photosAsSeen(viewer: ViewerContext, rows: readonly PhotoRow[], parts: PhotoParts): Photo[] {
  return rows.map((r) => {
    const uploader = parts.uploaders.get(r.userId);
    return {
      id: r.id,
      event_id: r.eventId,
      user_id: uploader ? authorAs(viewer, uploader).id : null,
      photo_data: r.photoData,
      caption: r.caption,
      created_at: r.createdAt.toISOString(),
      ...likeView(viewer, parts.likers.get(r.id) ?? []),
    };
  });
}
