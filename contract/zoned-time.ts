/**
 * Wall-clock times in a named time zone (issue 17): an event's organizer types its start
 * and end as the clocks at the venue read them, in the event's zone, whatever zone their
 * own device is in. Intl knows every zone's rules, so no library is needed. No zod here:
 * the forms' chunks import it.
 */
import { canonicalTimeZone } from './rules';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const DAY_MS = 24 * 60 * 60 * 1000;

const clocks = new Map<string, Intl.DateTimeFormat>();

/** A formatter giving every part of the wall clock in `timeZone`, kept per zone. */
function clockIn(timeZone: string): Intl.DateTimeFormat {
  let f = clocks.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (clocks.size >= 1_000) clocks.clear();
    clocks.set(timeZone, f);
  }
  return f;
}

/** The wall clock of an instant in a zone, as if it were UTC (milliseconds). */
function wallClockMs(at: number, timeZone: string): number {
  const parts = Object.fromEntries(clockIn(timeZone).formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/** How far the zone's clocks are ahead of UTC at an instant (whole seconds). */
const offsetAt = (at: number, timeZone: string): number => wallClockMs(at - (at % 1000), timeZone) - (at - (at % 1000));

/**
 * A datetime-local value ('2030-01-15T00:30') read as the wall clock in `timeZone`, as
 * an ISO instant; null when it is no date and time, or the zone is unknown. Daylight
 * saving is handled as Temporal's "compatible" choice does: a time the clocks skip
 * (02:30 on a spring-forward night) is moved on by the gap (03:30), and a time they show
 * twice (02:30 on a fall-back night) is the first of the two.
 */
export function zonedLocalToIso(value: string, timeZone: string): string | null {
  const m = LOCAL.exec(value.trim());
  const zone = canonicalTimeZone(timeZone);
  if (!m || !zone) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((p) => Number(p ?? 0)) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  // Date.UTC rolls 2030-02-31 over to March, and reads years below 100 as 19xx: neither is the date typed.
  const check = new Date(wall);
  if (y < 1000 || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  // The offsets in force around that wall time: a day either side covers any transition.
  const offsets = [...new Set([offsetAt(wall - DAY_MS, zone), offsetAt(wall, zone), offsetAt(wall + DAY_MS, zone)])];
  const matches = offsets.map((o) => wall - o).filter((t) => wallClockMs(t, zone) === wall);
  if (matches.length) return new Date(Math.min(...matches)).toISOString();
  // In a gap: read with the offset from before it, which lands after it by the gap's length.
  return new Date(wall - offsetAt(wall - DAY_MS, zone)).toISOString();
}

/** An instant as a datetime-local value ('2030-01-15T00:30') on the wall clock in `timeZone`; null when either is unusable. */
export function isoToZonedLocal(iso: string, timeZone: string): string | null {
  const at = Date.parse(iso);
  const zone = canonicalTimeZone(timeZone);
  if (Number.isNaN(at) || !zone) return null;
  return new Date(wallClockMs(at, zone)).toISOString().slice(0, 16);
}

/** The person's own time zone, as their device says; UTC when it says nothing usable. */
export function ownTimeZone(): string {
  return canonicalTimeZone(new Intl.DateTimeFormat().resolvedOptions().timeZone ?? '') ?? 'UTC';
}

let zones: readonly string[] | null = null;

/**
 * The time zones to choose from, as Intl lists them, with `current` among them (a
 * device's zone such as UTC may be missing from the list).
 */
export function timeZoneChoices(current: string): readonly string[] {
  zones ??= typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** A zone as people read it: 'America/New_York' is 'America/New York'. */
export const timeZoneLabel = (zone: string): string => zone.replace(/_/g, ' ');
