/** Wall-clock times in an event's own time zone, whatever the device's (issue 17). */
import { describe, expect, it } from 'vitest';
import { isoToZonedLocal, zonedLocalToIso } from '../../contract/zoned-time';

describe('zonedLocalToIso', () => {
  it('reads a wall-clock time in the zone given, not the device’s', () => {
    expect(zonedLocalToIso('2030-05-01T18:00', 'Europe/Berlin')).toBe('2030-05-01T16:00:00.000Z');
    expect(zonedLocalToIso('2030-01-15T18:00', 'Europe/Berlin')).toBe('2030-01-15T17:00:00.000Z');
    expect(zonedLocalToIso('2030-05-01T18:00', 'America/New_York')).toBe('2030-05-01T22:00:00.000Z');
    expect(zonedLocalToIso('2030-05-01T18:00', 'Asia/Kolkata')).toBe('2030-05-01T12:30:00.000Z');
    expect(zonedLocalToIso('2030-05-01T18:00', 'UTC')).toBe('2030-05-01T18:00:00.000Z');
    expect(zonedLocalToIso('2030-05-01T18:00:30', 'UTC')).toBe('2030-05-01T18:00:30.000Z');
  });

  it('crosses midnight into the UTC day before or after', () => {
    expect(zonedLocalToIso('2030-05-01T00:30', 'Europe/Berlin')).toBe('2030-04-30T22:30:00.000Z');
    expect(zonedLocalToIso('2030-12-31T20:00', 'America/Los_Angeles')).toBe('2031-01-01T04:00:00.000Z');
    expect(zonedLocalToIso('2030-01-01T05:00', 'Pacific/Auckland')).toBe('2029-12-31T16:00:00.000Z');
  });

  it('reads a time in the hour skipped in spring as after the change (Temporal’s "compatible")', () => {
    // Berlin, 29 March 2026: 02:00 CET becomes 03:00 CEST, so 02:30 never shows; it is 03:30 CEST.
    expect(zonedLocalToIso('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedLocalToIso('2026-03-29T01:59', 'Europe/Berlin')).toBe('2026-03-29T00:59:00.000Z');
    expect(zonedLocalToIso('2026-03-29T03:00', 'Europe/Berlin')).toBe('2026-03-29T01:00:00.000Z');
  });

  it('reads a time in the hour that happens twice in autumn as the first of the two', () => {
    // Berlin, 25 October 2026: 03:00 CEST becomes 02:00 CET, so 02:30 happens at 00:30Z and at 01:30Z.
    expect(zonedLocalToIso('2026-10-25T02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedLocalToIso('2026-10-25T03:30', 'Europe/Berlin')).toBe('2026-10-25T02:30:00.000Z');
    // New York, 1 November 2026: 01:30 happens twice, first in EDT.
    expect(zonedLocalToIso('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
  });

  it('answers null for what is not a date and time, or a zone nobody knows', () => {
    for (const bad of ['', 'tomorrow', '2030-05-01', '2030-02-31T10:00', '2030-05-01T24:00', '2030-13-01T10:00', '0050-05-01T10:00']) {
      expect(zonedLocalToIso(bad, 'Europe/Berlin'), bad).toBeNull();
    }
    expect(zonedLocalToIso('2030-05-01T18:00', 'Mars/Olympus_Mons')).toBeNull();
  });
});

describe('isoToZonedLocal', () => {
  it('shows an instant as the wall clock of the zone given', () => {
    expect(isoToZonedLocal('2030-05-01T16:00:00.000Z', 'Europe/Berlin')).toBe('2030-05-01T18:00');
    expect(isoToZonedLocal('2030-05-01T22:00:00.000Z', 'America/New_York')).toBe('2030-05-01T18:00');
    expect(isoToZonedLocal('2030-05-01T12:30:00.000Z', 'Asia/Kolkata')).toBe('2030-05-01T18:00');
    expect(isoToZonedLocal('2029-12-31T23:30:00.000Z', 'Europe/Berlin')).toBe('2030-01-01T00:30');
    expect(isoToZonedLocal('2030-05-01T00:05:00.000Z', 'UTC')).toBe('2030-05-01T00:05');
  });

  it('goes back and forth to the same instant all year, through both clock changes', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Kathmandu', 'UTC']) {
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 191 * 60 * 1000) {
        const local = isoToZonedLocal(new Date(ms).toISOString(), zone);
        const back = zonedLocalToIso(local!, zone)!;
        // The second pass of a repeated hour reads as the first: the same wall clock, an hour earlier.
        expect(isoToZonedLocal(back, zone), `${zone} ${new Date(ms).toISOString()}`).toBe(local);
        expect([0, 30 * 60 * 1000, 60 * 60 * 1000]).toContain(ms - Date.parse(back));
      }
    }
  }, 30_000); // about 14,000 conversions through Intl: seconds on a busy 2-core machine

  it('answers null for what is no date, or a zone nobody knows', () => {
    expect(isoToZonedLocal('not a date', 'Europe/Berlin')).toBeNull();
    expect(isoToZonedLocal('2030-05-01T16:00:00.000Z', 'Mars/Olympus_Mons')).toBeNull();
  });
});
