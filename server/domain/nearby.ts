/**
 * Nearby people (SPEC 7 GET /discover, GET /recommendations): who a viewer sees at an
 * event and in which order. Pure: the caller loads the event's people once and this
 * ranks them in memory (ranking.ts), so a thousand attendees cost one pass, not a
 * thousand queries. Here: the people as prepared once per load, the distances shown, and
 * the answered entries. Visibility is decided by DESIGN 5's functions alone
 * (`isVisibleTo`, `isAnonymousTo`, `projectFor`); compatibility is computed on what the
 * viewer may see of the other, by the domain's one formula, so a hidden interest never
 * raises a score.
 */
import { QUIET_PRESENCE_FRESH_MS } from '../../contract/safety-words';
import { LOW_BATTERY_MAX } from '../../contract/constants';
import type { OpeningMove } from '../../contract/opening-move-words';
import type { PublicUser } from '../../contract/common';
import type { ConnectionStatus, DistanceBand } from '../../contract/constants';
import type { Compatibility, IceBreaker, NearbyEntry } from '../../contract/discovery';
import { type CompatProfile, type PreparedProfile, compatibilityOf, prepareProfile } from './compatibility';
import { COARSE_CELL_M, type Fix, type Point, type Zone, cellOf, distanceMeters, zoneMayShow } from './geo';
import { type Purpose, type ViewerRelation, type VisibleCandidate, isVisibleTo, projectFor } from './visibility';

/** One attendee, prepared once per load of the event. */
export interface NearbyPerson {
  candidate: VisibleCandidate;
  social_battery: number;
  /** The latest stored position at this event and when it was reported; null when none is stored. */
  location: Fix | null;
  /** Their latest position lies in a restricted zone of the event (DESIGN 5 auto-hide). */
  restricted: boolean;
  /** When they last reported a position inside a quiet zone of the event (ms), or null (issue 18). */
  quietAt: number | null;
  /** Whether others may be told of that quiet zone (quietMayBeTold): false when it would place them closer than 50 m. */
  quietTold: boolean;
  /** Their id at this event for viewers they are anonymous to (event_attendees.pseudonym, issue 40). */
  pseudonym: string | null;
  /** As any viewer may see them: interests left out when they hide them. */
  seen: PreparedProfile;
  /** As a viewer sees them anonymously: no occupation either. */
  seenAnonymous: PreparedProfile;
  /**
   * What projectFor answered for them, by name ([0]) and anonymously ([1]), with its
   * JSON: once visible, the projection depends on nothing else, so a thousand viewers
   * share two. Filled when first answered; a changed person is a new NearbyPerson.
   */
  shown: [ShownUser?, ShownUser?];
  /** Whether they chose "Happy to be approached" (issue 43); helloShown says whether others see it now. */
  openToHello: boolean;
  /** Their opening moves as JSON (`[{ "id", "text" }]`), written once per load (issue 43). */
  openingMovesJson: string;
}

/** A projected user and its JSON text, built once per person and way of being seen. */
export interface ShownUser {
  readonly user: Readonly<PublicUser>;
  readonly json: string;
}

export interface RankedPerson {
  person: NearbyPerson;
  relation: ViewerRelation;
  /** The viewer sees them anonymously (so without their occupation). */
  anonymous: boolean;
  score: number;
  /** shownDistance's band figure: only ever one of DISTANCE_BAND_LIMITS' `shownM`, so ties within a band go by id. */
  distance_m: number | null;
}

export type NearbyPurpose = Extract<Purpose, 'nearby' | 'recommendations'>;

/**
 * How far another attendee is, as shown (DESIGN 5, issue 40): a band of the distance
 * between the centres of the two COARSE_CELL_M (200 m) squares the positions fall in
 * (geo.ts cellOf), never of the positions themselves. Whatever viewers combine, the band
 * depends on the two squares alone, so the most it tells is the square (about 80 m of
 * median error for a guess at its centre), stable while neither leaves their square.
 *
 * - close: the same square or one of the eight around it (centres up to 300 m apart: a
 *   few minutes' walk, people 0-580 m apart); the first band is three squares wide;
 * - venue: centres up to 1 km apart (people up to about 1.3 km apart);
 * - far: anything further.
 *
 * `shownM` is the band's round figure for `distance_m` (far's 2000 says "further than
 * 1 km"); the app shows the band in words only.
 */
export const DISTANCE_BAND_LIMITS: ReadonlyArray<{ readonly band: DistanceBand; readonly upToM: number; readonly shownM: number }> = [
  { band: 'close', upToM: 1.5 * COARSE_CELL_M, shownM: 300 },
  { band: 'venue', upToM: 1000, shownM: 1000 },
  { band: 'far', upToM: Number.POSITIVE_INFINITY, shownM: 2000 },
];

/** The band of a distance between squares' centres. */
function bandLimitOf(cellDistance: number): (typeof DISTANCE_BAND_LIMITS)[number] {
  return DISTANCE_BAND_LIMITS.find((b) => cellDistance <= b.upToM) ?? DISTANCE_BAND_LIMITS[DISTANCE_BAND_LIMITS.length - 1]!;
}

/** The distance another attendee is shown between two positions (its band's figure); null when it cannot be worked out. */
export function shownDistance(a: Point, b: Point): number | null {
  const d = distanceMeters(cellOf(a), cellOf(b));
  return Number.isFinite(d) ? bandLimitOf(d).shownM : null;
}

/** The band a shown distance (shownDistance's figure) stands for; null for none. */
export function distanceBandOf(shownM: number | null): DistanceBand | null {
  if (shownM === null) return null;
  return DISTANCE_BAND_LIMITS.find((b) => b.shownM === shownM)?.band ?? null;
}

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

/**
 * Whether being in `zone` quiets a person now: a quiet zone (the safe-space kind) holds
 * pings and shows its people recharging only while its event is on (issue 39). Before the
 * event starts it is a place on a plan, so an organizer placing it where they stand the
 * day before is not "Recharging — please don't approach" to anyone.
 */
export function quietsNow(zone: Pick<Zone, 'zone_type'> | null, event: { startTime: Date; endTime: Date }, now: Date): boolean {
  return zone?.zone_type === 'safe_space' && event.startTime <= now && now < event.endTime;
}

/**
 * Whether others may be told that a person is in the quiet zone `zone` (issue 40): as
 * geo.ts zoneMayShow says, from the position kept for others' distances. "Recharging" on
 * their card and "Happy to be approached" held by the zone follow it; a smaller quiet room
 * still holds the person's pings, which nobody else sees. Connections are held to the same
 * promise: DESIGN 5 says nothing another attendee sees may place a person closer than
 * 50 m, and a connection is another attendee (they can still ask in a chat, and the
 * answer is the person's to give).
 */
export function quietMayBeTold(zone: Zone | null, location: Point | null): boolean {
  return zoneMayShow(zone, location);
}

export function nearbyPerson(
  candidate: VisibleCandidate,
  social_battery: number,
  location: Fix | null,
  restricted: boolean,
  quietAt: number | null = null,
  pseudonym: string | null = null,
  card: { openingMoves: readonly OpeningMove[]; openToHello: boolean } = { openingMoves: [], openToHello: false },
  quietTold = false,
): NearbyPerson {
  const full = compatProfileOf(candidate, social_battery);
  const visible = { ...full, interests: candidate.privacy.show_interests ? full.interests : [] };
  return {
    candidate,
    social_battery,
    location,
    restricted,
    quietAt,
    quietTold,
    pseudonym,
    seen: prepareProfile(visible),
    seenAnonymous: prepareProfile({ ...visible, occupation: null }),
    shown: [],
    openToHello: card.openToHello,
    // Only the two fields, whatever else a stored entry may hold.
    openingMovesJson: JSON.stringify(card.openingMoves.map(({ id, text }) => ({ id, text }))),
  };
}

/**
 * The ranked person as the viewer may see them (DESIGN 5's `projectFor`), with its JSON.
 * The gate is asked again for every viewer; the projection itself is kept on the person.
 */
export function shownUser(viewerId: string, ranked: RankedPerson, purpose: NearbyPurpose): ShownUser {
  const { person, relation } = ranked;
  // rankPage only keeps people the same gate let through.
  if (!isVisibleTo(viewerId, person.candidate, relation, purpose)) throw new Error('a ranked person must be visible');
  const slot = ranked.anonymous ? 1 : 0;
  const kept = person.shown[slot];
  if (kept) return kept;
  const user = projectFor(viewerId, person.candidate, relation, purpose, person.pseudonym);
  // Every attendee of a kept event has a pseudonym; without one, fail closed rather than name them.
  if (!user) throw new Error('an anonymous attendee must have a pseudonym');
  return (person.shown[slot] = { user: Object.freeze(user), json: JSON.stringify(user) });
}

/** The full compatibility (with its reasons) of one ranked person; only built for answered entries. */
export function compatibilityWith(viewerProfile: PreparedProfile, ranked: RankedPerson): Compatibility {
  return compatibilityOf(viewerProfile, ranked.anonymous ? ranked.person.seenAnonymous : ranked.person.seen);
}

/** One answered entry of nearby people or recommendations, before it is written out. */
export interface EntryParts {
  ranked: RankedPerson;
  shown: ShownUser;
  compatibility: Compatibility;
  /** Its ice breakers as a JSON list (offeredIceBreakersJson). */
  ice_breakers: string;
  /** Where the viewer stands with them, so the card offers the right button from the start. */
  connection_status: ConnectionStatus;
  /** In a quiet zone now, as the viewer may be told (rechargingAs). */
  recharging: boolean;
  /** Their opening moves as a JSON list: '[]' when the viewer sees them anonymously (openingMovesAs). */
  opening_moves: string;
  /** "Happy to be approached", as others see it now (helloShown). */
  open_to_hello: boolean;
}

/** Opening moves as the viewer may see them: none when anonymous (a prompt is the person's own words, the same at every event). */
export function openingMovesAs(ranked: RankedPerson): string {
  return ranked.anonymous ? '[]' : ranked.person.openingMovesJson;
}

/** Whether others are told the person is in a quiet zone now: a fresh presence (QUIET_PRESENCE_FRESH_MS) in a zone that may be told (quietMayBeTold). */
export function quietShown(person: Pick<NearbyPerson, 'quietAt' | 'quietTold'>, now: number): boolean {
  return person.quietTold && person.quietAt !== null && now - person.quietAt < QUIET_PRESENCE_FRESH_MS;
}

/**
 * Whether the viewer is told the person is in a quiet zone now (issue 18): as quietShown
 * says, and, since it says where they are, only to connections unless the person shares
 * their location anyway. In a quiet zone too small to be told (quietMayBeTold), nobody is.
 */
export function rechargingAs(person: NearbyPerson, connected: boolean, now: number): boolean {
  if (!quietShown(person, now)) return false;
  return connected || person.candidate.privacy.show_location;
}

/**
 * Whether others see the person as "Happy to be approached" now (issue 43): their choice,
 * held while they are on a break, their social battery is LOW_BATTERY_MAX or lower, or
 * they are in a quiet zone others may be told of (quietShown); it comes back by itself
 * when none of these holds any more. Presence tells the person, asking helloHeld of the
 * same facts (domain/presence.ts).
 *
 * Unlike `recharging`, the quiet zone is not kept from strangers who do not share the
 * person's location: they only see the badge go. A quiet room too small to be told does
 * not hold it: the badge going exactly while someone is inside it (their battery shown
 * high) would place them there as surely as "recharging" (issue 40).
 */
export function helloShown(person: NearbyPerson, now: number): boolean {
  if (!person.openToHello) return false;
  return !helloHeld({ away: person.candidate.is_away, socialBattery: person.social_battery, inQuietZone: quietShown(person, now) });
}

/** What holds "Happy to be approached" (helloShown; presence asks it too, so the two say one thing). */
export function helloHeld(facts: { away: boolean; socialBattery: number; inQuietZone: boolean }): boolean {
  return facts.away || facts.socialBattery <= LOW_BATTERY_MAX || facts.inQuietZone;
}

export function nearbyEntry(p: EntryParts): NearbyEntry {
  return {
    user: p.shown.user,
    compatibility: p.compatibility,
    ice_breakers: JSON.parse(p.ice_breakers) as IceBreaker[],
    social_battery: p.ranked.person.social_battery,
    distance_m: p.ranked.distance_m,
    distance_band: distanceBandOf(p.ranked.distance_m),
    connection_status: p.connection_status,
    recharging: p.recharging,
    opening_moves: JSON.parse(p.opening_moves) as OpeningMove[],
    open_to_hello: p.open_to_hello,
  };
}

/**
 * The entries as JSON text, the same as `JSON.stringify(parts.map(nearbyEntry))`, with
 * each person's projection from the text kept with them (shownUser). What belongs to the
 * pair (compatibility, ice breakers) is written out afresh: kept per pair it grew with
 * viewers × people (a million objects at a 1,000-person event) and its collections held
 * the server for up to 270 ms (issue 15, 2026-11-28).
 */
export function nearbyJson(parts: readonly EntryParts[]): string {
  let out = '[';
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (i > 0) out += ',';
    out += `{"user":${p.shown.json},"compatibility":${JSON.stringify(p.compatibility)},"ice_breakers":${p.ice_breakers}`;
    const { social_battery } = p.ranked.person;
    out += `,"social_battery":${JSON.stringify(social_battery)},"distance_m":${JSON.stringify(p.ranked.distance_m)},"distance_band":${JSON.stringify(distanceBandOf(p.ranked.distance_m))},"connection_status":"${p.connection_status}","recharging":${p.recharging},"opening_moves":${p.opening_moves},"open_to_hello":${p.open_to_hello}}`;
  }
  return `${out}]`;
}
