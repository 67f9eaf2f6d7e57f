/** The announcement cap (server/domain/announcements.ts): a few an hour per event, counted from when each was sent. */
import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENTS_PER_HOUR, ANNOUNCEMENT_WINDOW_MS } from '../../../contract/organizer';
import { announcementCap } from '../../../server/domain/announcements';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 22, 10, 0) + minutes * 60_000);

describe('announcementCap', () => {
  it('leaves the whole hourly allowance when none were sent', () => {
    expect(announcementCap([], at(0))).toEqual({ left: ANNOUNCEMENTS_PER_HOUR, nextAt: null });
  });

  it('counts only those sent within the last hour', () => {
    expect(announcementCap([at(-61), at(-60), at(-5)], at(0))).toEqual({ left: ANNOUNCEMENTS_PER_HOUR - 1, nextAt: null });
  });

  it('at the cap, the next may go when the oldest of the hour leaves it', () => {
    const sent = [at(-50), at(-20), at(-1)];
    expect(announcementCap(sent, at(0))).toEqual({ left: 0, nextAt: new Date(at(-50).getTime() + ANNOUNCEMENT_WINDOW_MS) });
    expect(announcementCap(sent, at(10))).toEqual({ left: 1, nextAt: null });
  });

  it('past the cap (several sent at once), waits for enough of them to leave', () => {
    const sent = [at(-30), at(-30), at(-10), at(-10)];
    expect(announcementCap(sent, at(0)).nextAt).toEqual(new Date(at(-30).getTime() + ANNOUNCEMENT_WINDOW_MS));
  });
});
