/** An organizer's announcement as SPEC 7 answers it (issue 17): sent, and listed for attendees (without who sent it). */
import type { Announcement } from '../../contract/organizer';
import type { AnnouncementRow } from '../db/repositories/organizers';

export const toAnnouncement = (r: AnnouncementRow): Announcement => ({
  id: r.id,
  event_id: r.eventId,
  message: r.message,
  created_at: r.createdAt.toISOString(),
});
