/**
 * When an event happens, as attendees read it (issue 17): on the clock of the place it
 * happens (its `time_zone`, UTC for events made before there was one), and, when the
 * person's own clock reads differently, on theirs too:
 * "Mon 1 Dec, 09:00 – 17:00 (Berlin time)" and "08:00 – 16:00 your time". Wording only,
 * no behaviour; the viewer's zone and locale can be given, so tests do not depend on the
 * machine they run on.
 */
import { canonicalTimeZone } from '../../contract/rules';
import { WHEN } from '../i18n/en/events';

/** contract/events.ts DEFAULT_TIME_ZONE, the zone of events made before they had one (that module brings zod along). */
const DEFAULT_TIME_ZONE = 'UTC';

export interface EventTimes {
  /** On the event's clock; its zone is named when the viewer's clock reads differently. */
  local: string;
  /** The same times on the viewer's clock, or null when it reads the same. */
  yours: string | null;
}

export interface Viewer {
  /** The viewer's IANA time zone; the device's by default. */
  zone?: string;
  /** The locale to write in; the browser's by default. */
  locale?: string;
  /** The words around the times, in the language shown (English by default). */
  words?: ReturnType<typeof WHEN>;
}

type Kind = 'dayTime' | 'time' | 'dayKey' | 'day' | 'zoneName';

const OPTIONS: Record<Kind, Intl.DateTimeFormatOptions> = {
  dayTime: { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit' },
  // Which calendar day it is there, to tell whether start and end fall on one day.
  dayKey: { year: 'numeric', month: '2-digit', day: '2-digit' },
  day: { weekday: 'short', day: 'numeric', month: 'short' },
  zoneName: { timeZoneName: 'short' },
};

/**
 * Formatters made on first use and kept: making one costs far more than using it (locale
 * and zone data), and a list shows many events in a few zones.
 */
const made = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: Kind, zone: string, locale: string | undefined): Intl.DateTimeFormat {
  const key = `${kind}|${zone}|${locale ?? ''}`;
  let f = made.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...OPTIONS[kind], timeZone: zone });
    made.set(key, f);
  }
  return f;
}

const known = new Map<string, string>();
/** A zone this browser knows, in its canonical spelling; UTC for one it does not (an older browser's zone data). */
function knownZone(zone: string | undefined): string {
  if (!zone) return DEFAULT_TIME_ZONE;
  let canonical = known.get(zone);
  if (canonical === undefined) {
    canonical = canonicalTimeZone(zone) ?? DEFAULT_TIME_ZONE;
    known.set(zone, canonical);
  }
  return canonical;
}

let device: { offset: number; zone: string } | null = null;
/**
 * The device's own time zone. Asking Intl costs a formatter each time, so it is kept
 * until the device's clock moves (travel, or a change in its settings).
 */
export function deviceZone(): string {
  const offset = new Date().getTimezoneOffset();
  if (device?.offset !== offset) device = { offset, zone: Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE };
  return device.zone;
}

/**
 * A zone as people say it: its city ("Europe/Berlin" is "Berlin time", "America/New_York"
 * "New York time"), or its short name where it has no city ("UTC", "GMT-5").
 */
export function zoneLabel(zone: string, at: Date, locale?: string, words: ReturnType<typeof WHEN> = WHEN()): string {
  const slash = zone.lastIndexOf('/');
  if (slash > 0 && !zone.startsWith('Etc/')) return words.zoneTime(zone.slice(slash + 1).replace(/_/g, ' '));
  return formatter('zoneName', zone, locale).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

/** Start and end fall on one calendar day on a zone's clock. */
function oneDay(start: Date, end: Date, zone: string, locale: string | undefined): boolean {
  const dayKey = formatter('dayKey', zone, locale);
  return !Number.isNaN(end.getTime()) && dayKey.format(start) === dayKey.format(end);
}

/** "Mon 1 Dec, 09:00 – 17:00" on a zone's clock, or both days in full when it spans two there. */
function range(start: Date, end: Date, zone: string, locale: string | undefined): string {
  const dayTime = formatter('dayTime', zone, locale);
  if (Number.isNaN(end.getTime())) return dayTime.format(start);
  return `${dayTime.format(start)} – ${oneDay(start, end, zone, locale) ? formatter('time', zone, locale).format(end) : dayTime.format(end)}`;
}

/**
 * The event's times on its own clock and, when the viewer's reads differently, on theirs:
 * only the hours when it is one day on both clocks, the days too when not.
 */
export function eventTimes(
  event: { start_time: string; end_time: string; time_zone?: string },
  viewer: Viewer = {},
): EventTimes {
  const start = new Date(event.start_time);
  const end = new Date(event.end_time);
  if (Number.isNaN(start.getTime())) return { local: '', yours: null };
  const { locale, words = WHEN() } = viewer;
  const there = knownZone(event.time_zone);
  const here = knownZone(viewer.zone ?? deviceZone());
  const local = range(start, end, there, locale);
  const mine = range(start, end, here, locale);
  if (here === there || mine === local) return { local, yours: null };
  const day = (zone: string) => formatter('day', zone, locale).format(start);
  const time = formatter('time', here, locale);
  const hours = day(here) === day(there) && oneDay(start, end, here, locale) ? `${time.format(start)} – ${time.format(end)}` : mine;
  return { local: `${local} (${zoneLabel(there, start, locale, words)})`, yours: words.yourTime(hours) };
}
