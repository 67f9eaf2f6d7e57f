/** The English words of an event's analytics view and its charts (SPEC 3 "Event analytics"). */
import type { Level } from '../../../contract/constants';
import { COMPATIBILITY_BANDS } from '../../../machines/event/analytics.machine';
import { plural } from '../../components/format';
import type { Part } from '../i18n';

const connections = (n: number) => plural('en', n, { one: '# connection', other: '# connections' });

export const EVENT_ANALYTICS = {
  id: 'eventAnalytics',
  en: {
    title: 'Analytics',
    openFirst: 'Open an event first to see how it is going.',
    howGoing: (event: string) => `How ${event} is going, from what its attendees do here.`,
    loading: 'Loading analytics…',
    failed: "We couldn't load the analytics just now.",
    refreshing: 'Refreshing…',
    refresh: 'Refresh',
    attendees: 'Attendees',
    activeConversations: 'Active conversations',
    successfulConnections: 'Successful connections',
    photosShared: 'Photos shared',
    averageCompatibility: 'Average compatibility',
    connectionRate: 'Connection rate',
    /** The compatibility bands, strongest first, as the ring's legend names them. */
    bands: Object.fromEntries(COMPATIBILITY_BANDS.map((b) => [b.level, b.label])) as Record<Level, string>,
    matchedCaption: 'How well matched people are',
    /** The ring for screen readers: `made` when the pairs are connections made here, else all pairs of attendees. */
    matchedSummary: (total: number, made: boolean, bands: ReadonlyArray<{ count: number; label: string }>, average: string) =>
      total === 0
        ? 'Compatibility: no pairs to compare yet.'
        : `Compatibility across ${total} ${made ? 'connections made here' : 'pairs of attendees'}: ` +
          bands.map((b) => `${b.count} ${b.label.toLowerCase()}`).join(', ') +
          `. Average ${average}.`,
    matchedNote: (total: number, made: boolean) =>
      total === 0
        ? 'Nobody to compare yet.'
        : made
          ? `Across the ${connections(total)} made here.`
          : `Across ${plural('en', total, { one: '# pair', other: '# pairs' })} of attendees, before anyone has connected.`,
    average: 'average',
    bandsLabel: 'Compatibility bands',
    byHourCaption: 'Connections by hour',
    /** The hour chart for screen readers: the busiest hour's count and start. */
    byHourSummary: (total: number, hours: number, most: number, from: string) =>
      total === 0
        ? `No connections in the last ${hours} hours.`
        : `${connections(total)} in the last ${hours} hours; the most, ${most}, in the hour from ${from}.`,
    byHourNote: (total: number, hours: number) =>
      total === 0 ? 'No connections in the last 12 hours yet.' : `The last ${hours} hours, oldest first.`,
    series: 'Connections',
    byHourTable: 'Connections made in each hour',
    hourFrom: 'Hour from',
  },
} satisfies Part<unknown>;
