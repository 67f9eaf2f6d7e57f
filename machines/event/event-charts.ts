/**
 * The event view's charts, one chunk fetched as an event opens (lazy-charts.ts), by the
 * root's child id: the event itself, and its feed.
 */
import { NEARBY_PAGE_DEFAULT } from '../../contract/constants';
import { api } from '../api/client';
import { mediaApi } from '../api/media';
import { askAhead } from '../api/request';
import { eventMachine } from './event.machine';
import { feedMachine } from './feed.machine';
import { loadNearbyRange } from './nearby-people';

export const eventCharts = { event: eventMachine, feed: feedMachine };

/**
 * The reads the event chart and its feed make as they start (an attendee's), asked ahead
 * while the app opening at the event's address loads the event itself: the view's lists
 * then come one round trip sooner (issue 44 item 1). Someone who has not joined never
 * takes them; they lapse unused.
 */
export function askFirstLists(userId: string, eventId: string): void {
  askAhead(() => {
    // Each read's refusal waits for the chart that takes it; this page's own promise is no one's.
    loadNearbyRange(api.discover, { userId, eventId, offset: 0, count: NEARBY_PAGE_DEFAULT }).catch(() => {});
    void api.safeZones(userId, eventId);
    void api.microCommunities(userId, eventId);
    void api.groupChats(userId, eventId);
    void api.recommendations(userId, eventId);
    void mediaApi.feed(userId, eventId);
  });
}
