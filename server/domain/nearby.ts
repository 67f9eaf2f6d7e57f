/**
 * Nearby people (SPEC 7 GET /discover, GET /recommendations): who a viewer sees at an
 * event and in which order. Pure: the caller loads the event's people once and this
 * ranks them in memory, so a thousand attendees cost one pass, not a thousand queries.
 * Visibility is decided by `projectFor` alone (DESIGN 5); compatibility is computed on
 * what the viewer may see of the other, so a hidden interest never raises a score.
 */
import type { PublicUser } from '../../contract/common';
import type { Compatibility } from '../../contract/discovery';
import {
  type CompatProfile,
  type PreparedProfile,
  compatibilityOf,
  compatibilityScore,
  prepareProfile,
} from './compatibility';
import { type Point, type Zone, currentZone, distanceMeters } from './geo';
import { type Purpose, type ViewerRelation, type VisibleCandidate, isAnonymousTo, isVisibleTo, projectFor } from './visibility';

/** One attendee, prepared once per load of the event. */
export interface NearbyPerson {
  candidate: VisibleCandidate;
  social_battery: number;
  /** The latest stored position at this event; null when none is stored. */
  location: Point | null;
  /** Their latest position lies in a restricted zone of the event (DESIGN 5 auto-hide). */
  restricted: boolean;
  /** As any viewer may see them: interests left out when they hide them. */
  seen: PreparedProfile;
  /** As a viewer sees them anonymously: no occupation either. */
  seenAnonymous: PreparedProfile;
}

export interface PairRelation {
  connected: boolean;
  blockedEitherWay: boolean;
}

export interface RankedPerson {
  person: NearbyPerson;
  relation: ViewerRelation;
  /** The viewer sees them anonymously (so without their occupation). */
  anonymous: boolean;
  score: number;
  distance_m: number | null;
}

type NearbyPurpose = Extract<Purpose, 'nearby' | 'recommendations'>;

/** Distances are rounded to this many metres: enough to find someone, too coarse to pinpoint them. */
export const DISTANCE_STEP_M = 5;

/** The profile a compatibility is computed from: everything the user states about themself. */
export function compatProfileOf(c: VisibleCandidate, social_battery: number): CompatProfile {
  return {
    interests: c.interests,
    social_preferences: c.social_preferences,
    personality_traits: c.personality_traits,
    communication_style: c.communication_style,
    social_battery,
    occupation: c.occupation,
  };
}

/** What a viewer may see of another, as a compatibility profile (ice breakers use it too). */
export function publicProfileOf(user: PublicUser, social_battery: number): CompatProfile {
  return {
    interests: user.interests,
    social_preferences: user.social_preferences,
    personality_traits: user.personality_traits,
    communication_style: user.communication_style,
    social_battery,
    occupation: user.occupation,
  };
}

/** Whether the smallest zone containing `p` is a restricted one. */
export function inRestrictedZone(zones: Zone[], p: Point | null): boolean {
  return p !== null && currentZone(zones, p)?.zone_type === 'restricted';
}

export function nearbyPerson(
  candidate: VisibleCandidate,
  social_battery: number,
  location: Point | null,
  restricted: boolean,
): NearbyPerson {
  const full = compatProfileOf(candidate, social_battery);
  const visible = { ...full, interests: candidate.privacy.show_interests ? full.interests : [] };
  return {
    candidate,
    social_battery,
    location,
    restricted,
    seen: prepareProfile(visible),
    seenAnonymous: prepareProfile({ ...visible, occupation: null }),
  };
}

function distanceBetween(a: NearbyPerson, b: NearbyPerson): number | null {
  if (!a.candidate.privacy.show_location || !b.candidate.privacy.show_location) return null;
  if (!a.location || !b.location) return null;
  const d = distanceMeters(a.location, b.location);
  return Number.isFinite(d) ? Math.round(d / DISTANCE_STEP_M) * DISTANCE_STEP_M : null;
}

/** Best first: compatibility, then the nearer (unknown distance last), then id so pages are stable. */
export function compareRanked(x: RankedPerson, y: RankedPerson): number {
  if (x.score !== y.score) return y.score - x.score;
  if (x.distance_m !== y.distance_m) {
    if (x.distance_m === null) return 1;
    if (y.distance_m === null) return -1;
    return x.distance_m - y.distance_m;
  }
  const a = x.person.candidate.id;
  const b = y.person.candidate.id;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Everyone of `people` the viewer may see for `purpose`, best first. The viewer's own
 * profile is taken in full (they see themself); the viewer never appears. Only the
 * visibility gate runs for everyone here; `projectedUser` builds the answer for the
 * few that are answered, from the same function (DESIGN 5's `projectFor`).
 */
export function rankNearby(
  viewer: NearbyPerson,
  viewerProfile: PreparedProfile,
  people: Iterable<NearbyPerson>,
  relationTo: (otherId: string) => PairRelation,
  purpose: NearbyPurpose,
): RankedPerson[] {
  const out: RankedPerson[] = [];
  const viewerId = viewer.candidate.id;
  for (const person of people) {
    if (person.candidate.id === viewerId) continue;
    const pair = relationTo(person.candidate.id);
    const relation = { connected: pair.connected, blockedEitherWay: pair.blockedEitherWay, inRestrictedZone: person.restricted };
    if (!isVisibleTo(viewerId, person.candidate, relation, purpose)) continue;
    const anonymous = isAnonymousTo(person.candidate, relation);
    out.push({
      person,
      relation,
      anonymous,
      score: compatibilityScore(viewerProfile, anonymous ? person.seenAnonymous : person.seen),
      distance_m: distanceBetween(viewer, person),
    });
  }
  return out.sort(compareRanked);
}

/** The ranked person as the viewer may see them. */
export function projectedUser(viewerId: string, ranked: RankedPerson, purpose: NearbyPurpose): PublicUser {
  const user = projectFor(viewerId, ranked.person.candidate, ranked.relation, purpose);
  // rankNearby only keeps people the same gate let through.
  if (!user) throw new Error('a ranked person must be visible');
  return user;
}

/** The full compatibility (with its reasons) of one ranked person; only built for answered entries. */
export function compatibilityWith(viewerProfile: PreparedProfile, ranked: RankedPerson): Compatibility {
  return compatibilityOf(viewerProfile, ranked.anonymous ? ranked.person.seenAnonymous : ranked.person.seen);
}
