/**
 * SPEC 3's User status and taking a break (issue 16), as pure rules. A break ('away')
 * lasts until `statusUntil` (null: until the person comes back) and is compared with
 * the clock whenever it is read, so it ends on every instance at the same moment with
 * no timer to lose on a restart; server/use-cases/status.ts then writes the end down once
 * (delivering held requests and saying "Welcome back").
 */
import { LOW_BATTERY_MAX } from '../../contract/constants';
import { DEFAULT_STATUS, type StatusLine, type UserStatus, type UserStatusValue } from '../../contract/status';

export interface StatusColumns {
  status: string;
  statusMessage: string | null;
  statusEmoji: string | null;
  statusUntil: Date | null;
}

/** On a break now: away, and its end (if any) not reached. */
export function isAway(row: Pick<StatusColumns, 'status' | 'statusUntil'>, now: Date): boolean {
  return row.status === 'away' && (row.statusUntil === null || row.statusUntil > now);
}

/** A break that has run out but is still written down as one (the sweep ends it). */
export function breakRanOut(row: Pick<StatusColumns, 'status' | 'statusUntil'>, now: Date): boolean {
  return row.status === 'away' && row.statusUntil !== null && row.statusUntil <= now;
}

/**
 * Connection requests to the person wait quietly, without a notification, until they
 * can be delivered: while in safe space mode (DESIGN 5), while on a break, and while
 * their social battery is low (issue 18: requests come only from strangers).
 */
export function holdsRequests(
  row: Pick<StatusColumns, 'status' | 'statusUntil'> & { safeSpaceMode: boolean; socialBattery: number; quietWhenLowBattery: boolean },
  now: Date,
): boolean {
  return row.safeSpaceMode || isAway(row, now) || (row.quietWhenLowBattery && row.socialBattery <= LOW_BATTERY_MAX);
}

/** The person's own status as it stands at `now`: a break that ran out reads as the default. */
export function ownStatus(row: StatusColumns, now: Date): UserStatus {
  if (breakRanOut(row, now)) return { ...DEFAULT_STATUS };
  return {
    status: row.status as UserStatusValue,
    custom_message: row.statusMessage,
    emoji: row.statusEmoji,
    until: row.status === 'away' ? (row.statusUntil?.toISOString() ?? null) : null,
  };
}

/** The status a connection sees: null when there is nothing to show (available, no line, no emoji). */
export function statusLineFor(row: StatusColumns, now: Date): StatusLine | null {
  const own = ownStatus(row, now);
  if (own.status === 'available' && own.custom_message === null && own.emoji === null) return null;
  return { status: own.status, custom_message: own.custom_message, emoji: own.emoji };
}
