/** The English words of an event's analytics view and its charts (SPEC 3 "Event analytics"). */
import { plural, t } from '@lingui/core/macro';
import type { Level } from '../../../contract/constants';
import { COMPATIBILITY_BANDS } from '../../../machines/event/analytics.machine';
import { english, say } from '../i18n';
import { messages } from '../locales/en/analytics.po';

english(messages);

/** A band's count, as the ring's summary lists it: "3 lots in common (over 70%)". */
const bandCount = (level: Level, count: number): string =>
  level === 'green'
    ? t({ id: 'eventAnalytics.bandCount.green', message: `${count} lots in common (over 70%)` })
    : level === 'yellow'
      ? t({ id: 'eventAnalytics.bandCount.yellow', message: `${count} some common ground (over 40%, up to 70%)` })
      : t({ id: 'eventAnalytics.bandCount.red', message: `${count} something to discover (40% or less)` });

export const EVENT_ANALYTICS = () => ({
  title: t({ id: 'eventAnalytics.title', message: 'Analytics' }),
  openFirst: t({ id: 'eventAnalytics.openFirst', message: 'Open an event first to see how it is going.' }),
  howGoing: (event: string) => t({ id: 'eventAnalytics.howGoing', message: `How ${event} is going, from what its attendees do here.` }),
  loading: t({ id: 'eventAnalytics.loading', message: 'Loading analytics…' }),
  failed: t({ id: 'eventAnalytics.failed', message: "We couldn't load the analytics just now." }),
  refreshing: t({ id: 'eventAnalytics.refreshing', message: 'Refreshing…' }),
  refresh: t({ id: 'eventAnalytics.refresh', message: 'Refresh' }),
  attendees: t({ id: 'eventAnalytics.attendees', message: 'Attendees' }),
  activeConversations: t({ id: 'eventAnalytics.activeConversations', message: 'Active conversations' }),
  successfulConnections: t({ id: 'eventAnalytics.successfulConnections', message: 'Successful connections' }),
  photosShared: t({ id: 'eventAnalytics.photosShared', message: 'Photos shared' }),
  averageCompatibility: t({ id: 'eventAnalytics.averageCompatibility', message: 'Average compatibility' }),
  connectionRate: t({ id: 'eventAnalytics.connectionRate', message: 'Connection rate' }),
  /** The compatibility bands, strongest first, as the ring's legend names them. */
  bands: Object.fromEntries(COMPATIBILITY_BANDS.map((b) => [b.level, say(b.label)])) as Record<Level, string>,
  matchedCaption: t({ id: 'eventAnalytics.matchedCaption', message: 'How well matched people are' }),
  /** The ring for screen readers: `made` when the pairs are connections made here, else all pairs of attendees. */
  matchedSummary: (total: number, made: boolean, bands: ReadonlyArray<{ count: number; level: Level }>, average: string) => {
    if (total === 0) return t({ id: 'eventAnalytics.matchedNone', message: 'Compatibility: no pairs to compare yet.' });
    const counts = bands.map((b) => bandCount(b.level, b.count)).join(', ');
    return made
      ? t({ id: 'eventAnalytics.matchedMade', message: `Compatibility across ${total} connections made here: ${counts}. Average ${average}.` })
      : t({ id: 'eventAnalytics.matchedPairs', message: `Compatibility across ${total} pairs of attendees: ${counts}. Average ${average}.` });
  },
  matchedNote: (total: number, made: boolean) =>
    total === 0
      ? t({ id: 'eventAnalytics.noteNone', message: 'Nobody to compare yet.' })
      : made
        ? t({ id: 'eventAnalytics.noteMade', message: `Across the ${plural(total, { one: '# connection', other: '# connections' })} made here.` })
        : t({
            id: 'eventAnalytics.notePairs',
            message: `Across ${plural(total, { one: '# pair', other: '# pairs' })} of attendees, before anyone has connected.`,
          }),
  average: t({ id: 'eventAnalytics.average', message: 'average' }),
  bandsLabel: t({ id: 'eventAnalytics.bandsLabel', message: 'Compatibility bands' }),
  byHourCaption: t({ id: 'eventAnalytics.byHourCaption', message: 'Connections by hour' }),
  /** The hour chart for screen readers: the busiest hour's count and start. */
  byHourSummary: (total: number, hours: number, most: number, from: string) =>
    total === 0
      ? t({ id: 'eventAnalytics.byHourNone', message: `No connections in the last ${hours} hours.` })
      : t({
          id: 'eventAnalytics.byHourSummary',
          message: `${plural(total, { one: '# connection', other: '# connections' })} in the last ${hours} hours; the most, ${most}, in the hour from ${from}.`,
        }),
  byHourNote: (total: number, hours: number) =>
    total === 0
      ? t({ id: 'eventAnalytics.byHourNoteNone', message: 'No connections in the last 12 hours yet.' })
      : t({ id: 'eventAnalytics.byHourNote', message: `The last ${hours} hours, oldest first.` }),
  series: t({ id: 'eventAnalytics.series', message: 'Connections' }),
  byHourTable: t({ id: 'eventAnalytics.byHourTable', message: 'Connections made in each hour' }),
  hourFrom: t({ id: 'eventAnalytics.hourFrom', message: 'Hour from' }),
});
