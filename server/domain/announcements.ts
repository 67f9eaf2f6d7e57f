/**
 * The announcement cap (issue 17): an event sends at most ANNOUNCEMENTS_PER_HOUR
 * announcements in any hour, so attendees get a few calm messages, never a stream.
 * Counted from the announcements kept in the database, by the app's clock, so it holds
 * on every instance.
 */
import { ANNOUNCEMENTS_PER_HOUR, ANNOUNCEMENT_WINDOW_MS } from '../../contract/organizer';

export interface AnnouncementCap {
  /** How many more may be sent now. */
  left: number;
  /** When the next may be sent, when none may now. */
  nextAt: Date | null;
}

/** What the cap leaves at `now`, given when the event's recent announcements were sent (oldest first). */
export function announcementCap(sent: readonly Date[], now: Date): AnnouncementCap {
  const since = now.getTime() - ANNOUNCEMENT_WINDOW_MS;
  const inWindow = sent.filter((at) => at.getTime() > since);
  const left = Math.max(0, ANNOUNCEMENTS_PER_HOUR - inWindow.length);
  if (left > 0) return { left, nextAt: null };
  // The one that must leave the window before another fits.
  const leaving = inWindow[inWindow.length - ANNOUNCEMENTS_PER_HOUR]!;
  return { left, nextAt: new Date(leaving.getTime() + ANNOUNCEMENT_WINDOW_MS) };
}
