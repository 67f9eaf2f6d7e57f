/** Wall-clock times in a named zone (issue 17), whatever zone the machine running the test is in. */
import { describe, expect, it } from 'vitest';
import { isoToZonedLocal, timeZoneChoices, timeZoneLabel, zonedLocalToIso } from '../../contract/zoned-time';

describe('zonedLocalToIso', () => {
  it('reads the wall clock in the zone given, not the machine’s', () => {
    // Berlin is UTC+1 in winter and UTC+2 in summer.
    expect(zonedLocalToIso('2030-01-15T00:30', 'Europe/Berlin')).toBe('2030-01-14T23:30:00.000Z');
    expect(zonedLocalToIso('2030-07-15T00:30', 'Europe/Berlin')).toBe('2030-07-14T22:30:00.000Z');
    expect(zonedLocalToIso('2030-01-15T09:00', 'America/New_York')).toBe('2030-01-15T14:00:00.000Z');
    expect(zonedLocalToIso('2030-01-15T09:00', 'Asia/Kolkata')).toBe('2030-01-15T03:30:00.000Z');
    expect(zonedLocalToIso('2030-01-15T09:00', 'UTC')).toBe('2030-01-15T09:00:00.000Z');
    expect(zonedLocalToIso('2030-01-15T09:00:30', 'UTC')).toBe('2030-01-15T09:00:30.000Z');
  });

  it('takes a zone in any case, as Intl names it', () => {
    expect(zonedLocalToIso('2030-01-15T00:30', 'europe/berlin')).toBe('2030-01-14T23:30:00.000Z');
  });

  it('moves a time the clocks skip on by the gap, as Temporal’s “compatible” does', () => {
    // Berlin, 31 March 2030: 02:00 becomes 03:00, so 02:30 never shows; 03:30 CEST does.
    expect(zonedLocalToIso('2030-03-31T02:30', 'Europe/Berlin')).toBe('2030-03-31T01:30:00.000Z');
    expect(zonedLocalToIso('2030-03-31T03:00', 'Europe/Berlin')).toBe('2030-03-31T01:00:00.000Z');
    // New York, 10 March 2030: 02:00 becomes 03:00.
    expect(zonedLocalToIso('2030-03-10T02:15', 'America/New_York')).toBe('2030-03-10T07:15:00.000Z');
  });

  it('takes the first of a time the clocks show twice', () => {
    // Berlin, 27 October 2030: 03:00 CEST goes back to 02:00 CET, so 02:30 shows twice.
    expect(zonedLocalToIso('2030-10-27T02:30', 'Europe/Berlin')).toBe('2030-10-27T00:30:00.000Z');
    expect(zonedLocalToIso('2030-10-27T03:30', 'Europe/Berlin')).toBe('2030-10-27T02:30:00.000Z');
    // Lord Howe Island moves its clocks by half an hour.
    expect(zonedLocalToIso('2030-04-07T01:45', 'Australia/Lord_Howe')).toBe('2030-04-06T14:45:00.000Z');
  });

  it('is null for no date, a day that does not exist, or an unknown zone', () => {
    expect(zonedLocalToIso('', 'Europe/Berlin')).toBeNull();
    expect(zonedLocalToIso('tomorrow at nine', 'Europe/Berlin')).toBeNull();
    expect(zonedLocalToIso('2030-02-31T09:00', 'Europe/Berlin')).toBeNull();
    expect(zonedLocalToIso('0099-01-01T09:00', 'UTC')).toBeNull();
    expect(zonedLocalToIso('2030-01-15T09:00', 'Mars/Olympus_Mons')).toBeNull();
    expect(zonedLocalToIso('2030-01-15T09:00', '+01:00')).toBeNull();
  });
});

describe('isoToZonedLocal', () => {
  it('is the wall clock in the zone, the inverse of zonedLocalToIso', () => {
    expect(isoToZonedLocal('2030-01-14T23:30:00.000Z', 'Europe/Berlin')).toBe('2030-01-15T00:30');
    expect(isoToZonedLocal('2030-07-14T22:30:00.000Z', 'Europe/Berlin')).toBe('2030-07-15T00:30');
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham']) {
      expect(isoToZonedLocal(zonedLocalToIso('2030-05-04T18:45', zone)!, zone)).toBe('2030-05-04T18:45');
    }
  });

  it('is null for no instant or an unknown zone', () => {
    expect(isoToZonedLocal('soon', 'Europe/Berlin')).toBeNull();
    expect(isoToZonedLocal('2030-01-15T09:00:00.000Z', 'Nowhere/Special')).toBeNull();
  });
});

describe('timeZoneChoices', () => {
  it('lists Intl’s zones, with the current one among them', () => {
    expect(timeZoneChoices('Europe/Berlin')).toContain('Europe/Berlin');
    expect(timeZoneChoices('Europe/Berlin')).toContain('America/New_York');
    const withOdd = timeZoneChoices('Etc/GMT-14');
    expect(withOdd).toContain('Etc/GMT-14');
    expect(withOdd).toContain('Europe/Berlin');
  });

  it('reads underscores as spaces', () => {
    expect(timeZoneLabel('America/New_York')).toBe('America/New York');
  });
});
