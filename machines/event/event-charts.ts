/**
 * The event view's charts, one chunk fetched as an event opens (lazy-charts.ts), by the
 * root's child id: the event itself, and its feed.
 */
import { eventMachine } from './event.machine';
import { feedMachine } from './feed.machine';

export const eventCharts = { event: eventMachine, feed: feedMachine };
