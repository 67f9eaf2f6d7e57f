import { describe, expect, it } from 'vitest';
import { DEFAULT_STATUS } from '../../../contract/status';
import { breakRanOut, holdsRequests, isAway, ownStatus, statusLineFor, type StatusColumns } from '../../../server/domain/status';

const NOW = new Date('2026-11-22T10:00:00Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);
const row = (over: Partial<StatusColumns> = {}): StatusColumns => ({ status: 'available', statusMessage: null, statusEmoji: null, statusUntil: null, ...over });

describe('isAway and breakRanOut', () => {
  it('is away until the end, and not from the end on; with no end, until the person comes back', () => {
    expect(isAway(row({ status: 'away', statusUntil: later(1) }), NOW)).toBe(true);
    expect(isAway(row({ status: 'away', statusUntil: NOW }), NOW)).toBe(false);
    expect(isAway(row({ status: 'away' }), NOW)).toBe(true);
    expect(isAway(row(), NOW)).toBe(false);
    expect(breakRanOut(row({ status: 'away', statusUntil: NOW }), NOW)).toBe(true);
    expect(breakRanOut(row({ status: 'away' }), NOW)).toBe(false);
    expect(breakRanOut(row({ status: 'away', statusUntil: later(1) }), NOW)).toBe(false);
  });
});

describe('holdsRequests', () => {
  const energy = { socialBattery: 4, quietWhenLowBattery: true };
  it('holds requests in safe space mode and on a break, and not after either', () => {
    expect(holdsRequests({ ...row(), ...energy, safeSpaceMode: true }, NOW)).toBe(true);
    expect(holdsRequests({ ...row({ status: 'away' }), ...energy, safeSpaceMode: false }, NOW)).toBe(true);
    expect(holdsRequests({ ...row({ status: 'away', statusUntil: NOW }), ...energy, safeSpaceMode: false }, NOW)).toBe(false);
    expect(holdsRequests({ ...row(), ...energy, safeSpaceMode: false }, NOW)).toBe(false);
  });
  it('holds them at a battery of 3 or lower unless the person switched that off (issue 18)', () => {
    const calm = { ...row(), safeSpaceMode: false };
    expect(holdsRequests({ ...calm, socialBattery: 3, quietWhenLowBattery: true }, NOW)).toBe(true);
    expect(holdsRequests({ ...calm, socialBattery: 1, quietWhenLowBattery: true }, NOW)).toBe(true);
    expect(holdsRequests({ ...calm, socialBattery: 4, quietWhenLowBattery: true }, NOW)).toBe(false);
    expect(holdsRequests({ ...calm, socialBattery: 2, quietWhenLowBattery: false }, NOW)).toBe(false);
  });
});

describe('ownStatus and statusLineFor', () => {
  it('reads a break that ran out as the default, and shows connections nothing then', () => {
    const over = row({ status: 'away', statusMessage: 'Resting', statusEmoji: '☕', statusUntil: NOW });
    expect(ownStatus(over, NOW)).toEqual(DEFAULT_STATUS);
    expect(statusLineFor(over, NOW)).toBeNull();
  });
  it('answers a break with its end, and connections see it without the end', () => {
    const resting = row({ status: 'away', statusMessage: 'Resting', statusEmoji: '☕', statusUntil: later(60_000) });
    expect(ownStatus(resting, NOW)).toEqual({ status: 'away', custom_message: 'Resting', emoji: '☕', until: later(60_000).toISOString() });
    expect(statusLineFor(resting, NOW)).toEqual({ status: 'away', custom_message: 'Resting', emoji: '☕' });
  });
  it('shows connections a line while available, and nothing when there is nothing to say', () => {
    expect(statusLineFor(row({ statusMessage: 'By the window' }), NOW)).toEqual({ status: 'available', custom_message: 'By the window', emoji: null });
    expect(statusLineFor(row(), NOW)).toBeNull();
  });
});
