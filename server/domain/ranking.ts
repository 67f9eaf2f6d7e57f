/**
 * The ranking of nearby people and recommendations: who of an event's people a viewer
 * may see, best first. The event is indexed once per load (RankIndex), asking DESIGN 5's
 * `isVisibleTo` once per person and relation; a viewer is then scored against everyone
 * on typed arrays, and only their page is ordered and built.
 */
import { type PreparedProfile, scoreOfParts } from './compatibility';
import { type NearbyPerson, type NearbyPurpose, type RankedPerson, helloShown, shownDistance } from './nearby';
import { type ViewerRelation, type VisibleCandidate, isAnonymousTo, isVisibleTo } from './visibility';

/** Who ranks: their settings and position (their profile comes prepared on its own). */
export type Viewer = Pick<NearbyPerson, 'candidate' | 'location'>;

function distanceBetween(a: Viewer, b: NearbyPerson): number | null {
  if (!a.candidate.privacy.show_location || !b.candidate.privacy.show_location) return null;
  if (!a.location || !b.location) return null;
  return shownDistance(a.location, b.location);
}

/**
 * Best first: compatibility, then the nearer band (unknown distance last), then id so
 * pages are stable. Distances are only ever a band's figure (nearby.ts shownDistance), so
 * within a band the order follows the id, never the exact distance (issue 40).
 */
export function compareRanked(x: RankedPerson, y: RankedPerson): number {
  return compareOrder(x.score, x.distance_m, x.person.candidate.id, y.score, y.distance_m, y.person.candidate.id);
}

function compareOrder(sx: number, dx: number | null, ix: string, sy: number, dy: number | null, iy: string): number {
  if (sx !== sy) return sy - sx;
  if (dx !== dy) {
    if (dx === null) return 1;
    if (dy === null) return -1;
    return dx - dy;
  }
  return ix < iy ? -1 : ix > iy ? 1 : 0;
}

/**
 * An event's people prepared for ranking, once per load of the event: each person's
 * interest, preference and trait keys (as any viewer may see them) turned into small
 * integers and laid end to end in one typed array per list, with their battery, style
 * and occupation as numbers, so that scoring a viewer against a thousand people walks
 * typed arrays instead of objects and strings; and `isVisibleTo`'s answer for each
 * person and each relation a viewer may have to them, asked of that function once here.
 * Positions and restricted-zone presence are read from the people themselves, which a
 * new report patches in place.
 */
export interface RankIndex {
  readonly people: readonly NearbyPerson[];
  readonly indexOf: ReadonlyMap<string, number>;
  /** Per person: bit visibilityBit(purpose, connected, restricted) set when visible so. */
  readonly visible: Uint8Array;
  /** Per person: bit 1 seen anonymously by a stranger, bit 2 by a connection (isAnonymousTo). */
  readonly anonymous: Uint8Array;
  readonly keyIds: {
    readonly interests: ReadonlyMap<string, number>;
    readonly preferences: ReadonlyMap<string, number>;
    readonly traits: ReadonlyMap<string, number>;
    readonly occupations: ReadonlyMap<string, number>;
  };
  /** Each list's key ids, person after person; person i's are at start[i]..start[i + 1]. */
  readonly interests: KeyLists;
  readonly preferences: KeyLists;
  readonly traits: KeyLists;
  /** Per person, as `seen` holds them. */
  readonly battery: Float64Array;
  readonly styleRank: Uint8Array;
  /** The occupation's key id, -1 when they state none. */
  readonly occupation: Int32Array;
}

export interface KeyLists {
  readonly start: Int32Array;
  readonly ids: Int32Array;
}

const PURPOSE_BIT: Record<NearbyPurpose, number> = { nearby: 0, recommendations: 4 };
const visibilityBit = (purpose: NearbyPurpose, connected: boolean, restricted: boolean): number =>
  1 << (PURPOSE_BIT[purpose] + (connected ? 1 : 0) + (restricted ? 2 : 0));

/** Whether `c` may be seen at all, by each relation a viewer who is not blocked may have. */
function visibilityBits(c: VisibleCandidate): number {
  let bits = 0;
  for (const purpose of ['nearby', 'recommendations'] as const) {
    for (const connected of [false, true]) {
      for (const inRestrictedZone of [false, true]) {
        // The viewer is never the person itself (ranking skips them), so any other id does.
        if (isVisibleTo('', c, { connected, blockedEitherWay: false, inRestrictedZone }, purpose)) {
          bits |= visibilityBit(purpose, connected, inRestrictedZone);
        }
      }
    }
  }
  return bits;
}

function idOf(map: Map<string, number>, key: string): number {
  let id = map.get(key);
  if (id === undefined) map.set(key, (id = map.size));
  return id;
}

function keyListsOf(lists: ReadonlyArray<readonly string[]>, map: Map<string, number>): KeyLists {
  const start = new Int32Array(lists.length + 1);
  for (let i = 0; i < lists.length; i++) start[i + 1] = start[i]! + lists[i]!.length;
  const ids = new Int32Array(start[lists.length]!);
  lists.forEach((keys, i) => keys.forEach((k, j) => (ids[start[i]! + j] = idOf(map, k))));
  return { start, ids };
}

export function rankIndexOf(people: Iterable<NearbyPerson>): RankIndex {
  const list = [...people];
  const maps = {
    interests: new Map<string, number>(),
    preferences: new Map<string, number>(),
    traits: new Map<string, number>(),
    occupations: new Map<string, number>(),
  };
  // `seen` and `seenAnonymous` share their lists (only the occupation differs).
  return {
    people: list,
    indexOf: new Map(list.map((p, i) => [p.candidate.id, i])),
    visible: Uint8Array.from(list, (p) => visibilityBits(p.candidate)),
    anonymous: Uint8Array.from(
      list,
      (p) => (isAnonymousTo(p.candidate, { connected: false }) ? 1 : 0) | (isAnonymousTo(p.candidate, { connected: true }) ? 2 : 0),
    ),
    keyIds: maps,
    interests: keyListsOf(list.map((p) => p.seen.interests.keys), maps.interests),
    preferences: keyListsOf(list.map((p) => p.seen.preferences.keys), maps.preferences),
    traits: keyListsOf(list.map((p) => p.seen.traits.keys), maps.traits),
    battery: Float64Array.from(list, (p) => p.seen.battery),
    styleRank: Uint8Array.from(list, (p) => p.seen.styleRank),
    occupation: Int32Array.from(list, (p) => (p.seen.occupationKey === '' ? -1 : idOf(maps.occupations, p.seen.occupationKey))),
  };
}

/** The viewer's keys as flags over an event's key ids (keys nobody else has are left out). */
function flagsOf(keys: readonly string[], ids: ReadonlyMap<string, number>): Uint8Array {
  const flags = new Uint8Array(ids.size);
  for (const k of keys) {
    const id = ids.get(k);
    if (id !== undefined) flags[id] = 1;
  }
  return flags;
}

/** How many of person i's keys the viewer has (flags from flagsOf). */
function countFlagged(flags: Uint8Array, lists: KeyLists, i: number): number {
  const { start, ids } = lists;
  let n = 0;
  for (let j = start[i]!, end = start[i + 1]!; j < end; j++) n += flags[ids[j]!]!;
  return n;
}

const lengthAt = (lists: KeyLists, i: number): number => lists.start[i + 1]! - lists.start[i]!;

export interface ViewerRelations {
  /** The viewer's connections. */
  connected?: ReadonlySet<string>;
  /** The people the viewer blocked or was blocked by. */
  blocked?: ReadonlySet<string>;
}

export interface RankOptions {
  purpose: NearbyPurpose;
  /** Leave out the viewer's connections (recommendations). */
  withoutConnections?: boolean;
  offset?: number;
  limit?: number;
  /**
   * The viewer is open to a hello themself (issue 43), at this time (ms): the people
   * others see as open to one (helloShown) come first, each group best match first.
   */
  helloFirstAt?: number;
}

/** The viewer's relations as flags by position: a few lookups instead of two per person. */
function flagsAt(index: RankIndex, ids: ReadonlySet<string> | undefined): Uint8Array {
  const flags = new Uint8Array(index.people.length);
  for (const id of ids ?? []) {
    const i = index.indexOf.get(id);
    if (i !== undefined) flags[i] = 1;
  }
  return flags;
}

/**
 * Everyone the viewer may see for the purpose, with their score, as the first `m` slots
 * of two parallel arrays (no object per person). A function of its own, so that nothing
 * the ordering's closures hold is touched in this loop over every attendee.
 */
function scoreVisible(index: RankIndex, viewerId: string, viewerProfile: PreparedProfile, relations: ViewerRelations, opts: RankOptions) {
  const { people, visible, anonymous, interests, preferences, traits, battery, styleRank, occupation } = index;
  const iFlags = flagsOf(viewerProfile.interests.keys, index.keyIds.interests);
  const pFlags = flagsOf(viewerProfile.preferences.keys, index.keyIds.preferences);
  const tFlags = flagsOf(viewerProfile.traits.keys, index.keyIds.traits);
  const iLen = viewerProfile.interests.keys.length;
  const pLen = viewerProfile.preferences.keys.length;
  const tLen = viewerProfile.traits.keys.length;
  const isConnected = flagsAt(index, relations.connected);
  const isBlocked = flagsAt(index, relations.blocked);
  const viewerAt = index.indexOf.get(viewerId) ?? -1;
  const withoutConnections = opts.withoutConnections === true;
  const purposeBits = visibilityBit(opts.purpose, false, false);
  const vBattery = viewerProfile.battery;
  const vStyle = viewerProfile.styleRank;
  const vOccupation = viewerProfile.occupationKey === '' ? -1 : (index.keyIds.occupations.get(viewerProfile.occupationKey) ?? -1);

  const slotPerson = new Int32Array(people.length);
  const slotScore = new Float64Array(people.length);
  // 1 for the people who come first (RankOptions.helloFirstAt); all 0 otherwise.
  const slotFirst = new Uint8Array(people.length);
  const helloAt = opts.helloFirstAt;
  let m = 0;
  for (let i = 0; i < people.length; i++) {
    if (i === viewerAt || isBlocked[i] === 1) continue;
    const conn = isConnected[i] === 1;
    if (conn && withoutConnections) continue;
    if ((visible[i]! & (purposeBits << ((conn ? 1 : 0) + (people[i]!.restricted ? 2 : 0)))) === 0) continue;
    // Seen anonymously, their occupation is not seen, so it cannot match.
    const sameOccupation = vOccupation !== -1 && occupation[i] === vOccupation && (anonymous[i]! & (conn ? 2 : 1)) === 0;
    const si = countFlagged(iFlags, interests, i);
    const sp = countFlagged(pFlags, preferences, i);
    const st = countFlagged(tFlags, traits, i);
    slotPerson[m] = i;
    if (helloAt !== undefined && helloShown(people[i]!, helloAt)) slotFirst[m] = 1;
    slotScore[m] = scoreOfParts(
      vBattery,
      battery[i]!,
      vStyle,
      styleRank[i]!,
      sameOccupation,
      si,
      iLen + lengthAt(interests, i) - si,
      sp,
      pLen + lengthAt(preferences, i) - sp,
      st,
      tLen + lengthAt(traits, i) - st,
    );
    m++;
  }
  return { m, slotPerson, slotScore, slotFirst };
}

/**
 * The page `offset`..`offset + limit` of everyone of the event the viewer may see for
 * `purpose`, best first (compareRanked). The viewer's own profile is taken in full (they
 * see themself); the viewer never appears. Only the visibility gate and the score run
 * for everyone, on the prepared keys; only the page is ordered completely and only its
 * entries are built. `projectedUser` and `compatibilityWith` answer the page from the
 * same functions (DESIGN 5's `projectFor`, the compatibility domain).
 */
export function rankPage(
  index: RankIndex,
  viewer: Viewer,
  viewerProfile: PreparedProfile,
  relations: ViewerRelations,
  opts: RankOptions,
): RankedPerson[] {
  const { people } = index;
  const connected = relations.connected;
  const blocked = relations.blocked;
  const { m, slotPerson, slotScore, slotFirst } = scoreVisible(index, viewer.candidate.id, viewerProfile, relations, opts);

  const offset = Math.max(0, opts.offset ?? 0);
  const want = Math.min(m, offset + Math.max(0, opts.limit ?? m));
  if (offset >= want) return [];
  // Distances only break ties of score, so each is worked out the first time it is needed.
  const slotDistance: Array<number | null | undefined> = new Array(m);
  const distanceOf = (slot: number): number | null => {
    let d = slotDistance[slot];
    if (d === undefined) slotDistance[slot] = d = distanceBetween(viewer, people[slotPerson[slot]!]!);
    return d;
  };
  const cmp = (a: number, b: number): number => {
    if (slotFirst[a] !== slotFirst[b]) return slotFirst[b]! - slotFirst[a]!;
    const sa = slotScore[a]!;
    const sb = slotScore[b]!;
    if (sa !== sb) return sb - sa;
    return compareOrder(0, distanceOf(a), people[slotPerson[a]!]!.candidate.id, 0, distanceOf(b), people[slotPerson[b]!]!.candidate.id);
  };
  const best = topSlots(m, want, cmp, slotScore, slotFirst);

  return best.slice(offset).map((slot) => {
    const person = people[slotPerson[slot]!]!;
    const id = person.candidate.id;
    const relation: ViewerRelation = {
      connected: connected?.has(id) ?? false,
      blockedEitherWay: blocked?.has(id) ?? false,
      inRestrictedZone: person.restricted,
    };
    return { person, relation, anonymous: isAnonymousTo(person.candidate, relation), score: slotScore[slot]!, distance_m: distanceOf(slot) };
  });
}

/**
 * The `k` best of slots 0..m-1 by `cmp`, in order. Scores lie in [0, 1] with two
 * decimals, so they are counted in 101 buckets first (101 more above them for the people
 * who come first, `first`): everyone in a bucket above the one
 * where the page ends is on it, and only they and that bucket are ordered (ties of score
 * need distances, which are worked out only for them). The buckets only narrow the
 * candidates: `cmp` alone decides the order, whatever the scores' precision.
 */
function topSlots(m: number, k: number, cmp: (a: number, b: number) => number, score: Float64Array, first: Uint8Array): number[] {
  if (k * 4 >= m) {
    const all = Array.from({ length: m }, (_, i) => i);
    return all.sort(cmp).slice(0, k);
  }
  const bucketOf = (slot: number) => Math.round(score[slot]! * 100) + (first[slot] === 1 ? 101 : 0);
  const counts = new Int32Array(202);
  for (let slot = 0; slot < m; slot++) counts[bucketOf(slot)]!++;
  let lowest = 201;
  for (let above = 0; lowest > 0 && above + counts[lowest]! < k; lowest--) above += counts[lowest]!;
  const chosen: number[] = [];
  for (let slot = 0; slot < m; slot++) if (bucketOf(slot) >= lowest) chosen.push(slot);
  return chosen.sort(cmp).slice(0, k);
}

/** Everyone of `people` the viewer may see for `purpose`, best first (rankPage without a page). */
export function rankNearby(
  viewer: Viewer,
  viewerProfile: PreparedProfile,
  people: Iterable<NearbyPerson>,
  relations: ViewerRelations,
  purpose: NearbyPurpose,
): RankedPerson[] {
  return rankPage(rankIndexOf(people), viewer, viewerProfile, relations, { purpose });
}
