/**
 * Connections and connection requests as each side sees them (SPEC 7, DESIGN 5): the
 * lists, an answer to a request, and the live `connection_request` and `connection_accepted`.
 */
import type { ConnectionType } from '../../contract/constants';
import type { Connection, ReceivedRequest } from '../../contract/social';
import type { ConnectionRow, RequestRow } from '../db/repositories/connections';
import { privacyOf } from '../db/repositories/people';
import type { UserRow } from '../db/repositories/users';
import { sharedItems } from '../domain/compatibility';
import { statusLineFor } from '../domain/status';
import { shownPhoto } from '../domain/visibility';

/**
 * A connection seen by `viewer`. Connections know who each other are, so name,
 * username and occupation show; interests and photo still follow the other's
 * show_interests / show_profile_picture, and so do the shared interests. Their status
 * (a break, a line, an emoji) is shown to connections only (issue 16).
 */
export function connectionView(viewer: UserRow, other: UserRow, row: ConnectionRow, now: Date): Connection {
  const interests = other.showInterests ? [...other.interests] : [];
  return {
    id: row.id,
    connected_user: {
      id: other.id,
      name: other.name,
      username: other.username,
      occupation: other.occupation,
      interests,
      photo_data: shownPhoto({ photo_data: other.photoData, privacy: privacyOf(other) }, false),
      status: statusLineFor(other, now),
    },
    shared_interests: sharedItems(viewer.interests, interests),
    event_id: row.eventId,
    connection_type: row.connectionType as ConnectionType,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A request as its recipient sees it. The sender chose to reach out, so their name,
 * username, occupation and interests show as stored; the photo follows
 * show_profile_picture.
 */
export function receivedRequestView(row: RequestRow, sender: UserRow): ReceivedRequest {
  return {
    id: row.id,
    sender: {
      id: sender.id,
      name: sender.name,
      username: sender.username,
      occupation: sender.occupation,
      interests: [...sender.interests],
    },
    sender_photo: shownPhoto({ photo_data: sender.photoData, privacy: privacyOf(sender) }, false),
    message: row.message,
    event_id: row.eventId,
    created_at: row.createdAt.toISOString(),
  };
}
