/**
 * Presence (issue 39 item 1): the person's own answer to "who can see me, and do requests
 * wait?", asked of the very rules that decide what others get (visibility.ts for the lists,
 * status.ts for requests), so the two cannot drift apart. Pure.
 */
import { PRESENCE_REASONS, type Presence, type PresenceReasonCode } from '../../contract/presence-words';
import { holdsRequests, type StatusColumns } from './status';
import { helloHeld } from './nearby';
import { isVisibleTo, quietToStrangers, type VisibleCandidate } from './visibility';

export interface PresenceFacts {
  /** The person as the lists take them (repositories/people.ts candidateOf). */
  person: VisibleCandidate;
  /** What holdsRequests reads of them. */
  requests: Pick<StatusColumns, 'status' | 'statusUntil'> & { safeSpaceMode: boolean; socialBattery: number; quietWhenLowBattery: boolean };
  /** Inside a quiet zone of an event that is on now (repositories/quiet.ts inQuietZone). */
  inQuietZone: boolean;
  /** Others are told of it (domain/nearby.ts quietShown): false in a quiet room too small to tell of (issue 40). */
  quietZoneTold: boolean;
  /** A restricted zone hides them by auto-hide's rule (cache/event-people.ts restrictedOf, geo.ts zoneMayShow). */
  inRestrictedZone: boolean;
  /** Their kept position is inside a restricted zone too small to hide them in (issue 40); optional, false unless known. */
  inSmallRestrictedZone?: boolean;
  /** They chose "Happy to be approached" (issue 43). */
  openToHello: boolean;
}

/** Someone who is neither the person nor blocked either way: '' is nobody's id. */
const SOMEONE = '';

/** Which reasons hold, in the order the "How others see you" place lists them. */
function reasonsOf({ person, requests, inQuietZone, quietZoneTold, inRestrictedZone, inSmallRestrictedZone }: PresenceFacts): PresenceReasonCode[] {
  const mode = person.privacy.visibility_mode;
  const holds: Record<PresenceReasonCode, boolean> = {
    on_break: person.is_away,
    unavailable: !person.is_available,
    privacy_private: mode === 'private',
    privacy_friends: mode === 'friends',
    anonymous: mode === 'anonymous',
    battery_low: quietToStrangers(person),
    safe_space: requests.safeSpaceMode,
    quiet_zone: inQuietZone && quietZoneTold,
    quiet_zone_untold: inQuietZone && !quietZoneTold,
    restricted_zone: inRestrictedZone && person.privacy.auto_hide_in_restricted_zones,
    restricted_zone_shown: !inRestrictedZone && (inSmallRestrictedZone ?? false) && person.privacy.auto_hide_in_restricted_zones,
  };
  return (Object.keys(PRESENCE_REASONS) as PresenceReasonCode[]).filter((code) => holds[code]);
}

/**
 * The person's presence at `now`. The flags are isVisibleTo asked for a stranger and for a
 * connection where people are found ('nearby': the list that respects the most), and
 * holdsRequests. A review hold (issue 16) is left out: the person is not told of reports
 * about them, so the answer is about what they chose and where they are.
 */
export function presenceOf(facts: PresenceFacts, now: Date): Presence {
  const person: VisibleCandidate = { ...facts.person, under_review: false };
  const seenBy = (connected: boolean) => isVisibleTo(SOMEONE, person, { connected, blockedEitherWay: false, inRestrictedZone: facts.inRestrictedZone }, 'nearby');
  return {
    visible_to_strangers: seenBy(false),
    visible_to_connections: seenBy(true),
    requests_held: holdsRequests(facts.requests, now),
    open_to_hello: facts.openToHello,
    // As others' cards are written (domain/nearby.ts helloShown).
    open_to_hello_shown:
      facts.openToHello &&
      !helloHeld({ away: person.is_away, socialBattery: facts.requests.socialBattery, inQuietZone: facts.inQuietZone && facts.quietZoneTold }),
    reasons: reasonsOf({ ...facts, person }).map((code) => ({ code, text: PRESENCE_REASONS[code].message })),
  };
}
