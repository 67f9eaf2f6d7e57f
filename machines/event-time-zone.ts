/**
 * An event's times as its organizer writes them (issue 17): wall-clock times in the
 * event's own time zone, whatever the zone of the device in hand. A `datetime-local` field
 * holds "2030-05-01T18:00" with no zone; these turn such a value into the instant it
 * names in a zone, and back. Intl knows the zones' rules (daylight saving included), so
 * nothing here carries a table of offsets.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/** A formatter giving an instant's wall clock in `timeZone`, made once per zone. */
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
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
    formats.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at instant `ms`, read as if it were UTC (so two can be subtracted). */
function wallClockMs(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of wallClockFormat(timeZone).formatToParts(ms)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** How far `timeZone` is ahead of UTC at instant `ms`, in milliseconds (whole seconds). */
const offsetAt = (ms: number, timeZone: string): number => wallClockMs(ms - (ms % 1000), timeZone) - (ms - (ms % 1000));

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A `datetime-local` value ("2030-05-01T18:00") read as a wall-clock time in `timeZone`,
 * as an ISO instant; null when it is not a date and time (or the zone is unknown).
 *
 * Twice a year a wall-clock time is not one instant. In the hour skipped when clocks go
 * forward the time is read with the offset from before the change, so it lands as far
 * past the change as it was meant to be after the hour began (02:30 in Berlin on the
 * spring morning is 03:30 summer time); in the hour that happens twice when clocks go
 * back, the first of the two is meant. Both as JavaScript's Temporal reads them ("compatible").
 */
export function zonedLocalToIso(local: string, timeZone: string): string | null {
  const m = LOCAL.exec(local.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  // Date.UTC rolls an impossible date over (31 February is 3 March): that is no date.
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  try {
    // The offsets in force a day either side: the wall-clock time is read with each, and
    // a reading counts when the zone has that offset at the instant it gives.
    const before = offsetAt(asUtc - DAY_MS, timeZone);
    const after = offsetAt(asUtc + DAY_MS, timeZone);
    const readings = [...new Set([before, after])].map((offset) => asUtc - offset).filter((ms) => offsetAt(ms, timeZone) === asUtc - ms);
    const instant = readings.length > 0 ? Math.min(...readings) : asUtc - before;
    return new Date(instant).toISOString();
  } catch {
    return null;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the `datetime-local` value of its wall clock in `timeZone` ("2030-05-01T18:00"); '' for no date. */
export function isoToZonedLocal(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  try {
    const wall = new Date(wallClockMs(ms, timeZone));
    return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
  } catch {
    return '';
  }
}

/** The device's own time zone, as Intl names it ('UTC' when it will not say). */
export const deviceTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
