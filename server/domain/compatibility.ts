/**
 * Compatibility between two users (SPEC 1, 3): a score from 0 to 1 plus a few kind,
 * plain-language reasons. Pure and deterministic; symmetric in its two arguments.
 */
import { BATTERY_DEFAULT, BATTERY_MAX, BATTERY_MIN, type CommunicationStyle } from '../../contract/constants';
import { asWritten, codedOf, sentence, type Said } from '../../contract/said';
import { article, inSentence } from './articles';

export interface CompatProfile {
  interests: string[];
  social_preferences: string[];
  personality_traits: string[];
  communication_style: CommunicationStyle;
  /** 1..10 */
  social_battery: number;
  occupation?: string | null;
}

export interface Compatibility {
  overall_score: number;
  compatibility_reasons: string[];
  /** Each reason's message id and values, by which the app says it in another language (issue 38). */
  compatibility_reason_codes: Array<{ code: string; params: Record<string, string | number | Said> }>;
}

export const MAX_REASONS = 4;
const FALLBACK: Said = /*i18n*/ { id: 'compat.fallback', message: 'A chance to discover something new together' };
export const FALLBACK_REASON = FALLBACK.message;

// The reasons, in English and by message id. Interests, preferences, traits and jobs are as
// the people wrote them.
const twoThings = sentence(
  /*i18n*/ { id: 'compat.twoThings', message: '{first} and {last}' },
  ({ first, last }: { first: string; last: string }) => `${first} and ${last}`,
);
const threeThings = sentence(
  /*i18n*/ { id: 'compat.threeThings', message: '{first}, {second} and {third}' },
  ({ first, second, third }: { first: string; second: string; third: string }) => `${first}, ${second} and ${third}`,
);
const threeThingsAndMore = sentence(
  /*i18n*/ { id: 'compat.threeThingsAndMore', message: '{first}, {second}, {third} and {count} more' },
  ({ first, second, third, count }: { first: string; second: string; third: string; count: number }) => `${first}, ${second}, ${third} and ${count} more`,
);
const bothEnjoy = sentence(/*i18n*/ { id: 'compat.bothEnjoy', message: 'You both enjoy {things}' }, ({ things }: { things: Said }) => `You both enjoy ${things.message}`);
const bothWorkAs = sentence(
  /*i18n*/ { id: 'compat.bothWorkAs', message: '{article, select, an {You both work as an {occupation}} other {You both work as a {occupation}}}' },
  ({ article: a, occupation }: { article: 'a' | 'an'; occupation: string }) => `You both work as ${a} ${occupation}`,
);
const bothPrefer = sentence(/*i18n*/ { id: 'compat.bothPrefer', message: 'You both prefer {things}' }, ({ things }: { things: Said }) => `You both prefer ${things.message}`);
const traitsInCommon = sentence(
  /*i18n*/ { id: 'compat.traitsInCommon', message: 'You have traits in common: {things}' },
  ({ things }: { things: Said }) => `You have traits in common: ${things.message}`,
);
const SIMILAR_STYLES: Said = /*i18n*/ { id: 'compat.similarStyles', message: 'You have similar communication styles' };
const BOTH_CALM: Said = /*i18n*/ { id: 'compat.bothCalm', message: 'You might both enjoy a calm, low-key chat right now' };
const SIMILAR_ENERGY: Said = /*i18n*/ { id: 'compat.similarEnergy', message: "You're both feeling similarly energetic right now" };

/**
 * Weights of the parts of the score; at their best they sum to 1. Calibrated on the demo
 * events (tests/server/seed-compatibility.test.ts), so the bands of SPEC 1 mean what
 * their words say:
 * - sharing three interests and the same style is always over 0.7 (green), whatever the
 *   batteries: several interests and a way of talking in common are a lot in common;
 * - one shared interest, or the same style with a preference or trait, is some common
 *   ground (yellow);
 * - nobody scores below the base: meeting a stranger is something to discover, never 0%.
 * Interests count by how many are shared, most for the first three; a small part for
 * the shared share of both lists keeps a long list from matching everyone equally.
 */
const W = {
  base: 0.14,
  /** Points for 0, 1, 2 and 3 shared interests; see interestPoints for more. */
  interestCounts: [0, 0.17, 0.3, 0.35],
  /** Points at INTEREST_COUNT_CAP shared interests; the steps from three up are equal. */
  interestCountMax: 0.425,
  interestOverlap: 0.025,
  preferences: 0.07,
  traits: 0.04,
  style: 0.22,
  battery: 0.06,
  occupation: 0.02,
} as const;

/** Shared interests beyond this add nothing more. */
const INTEREST_COUNT_CAP = 10;

/** Neighbouring styles (balanced with either) get on nearly as well as the same style. */
const NEIGHBOUR_STYLE = 0.75;

/** Trimmed, inner whitespace collapsed to one space. */
export const tidy = (s: string): string => s.trim().replace(/\s+/g, ' ');
/** Matching key: tidy and lower case. */
export const itemKey = (s: string): string => tidy(s).toLowerCase();

const strings = (xs: unknown): string[] =>
  Array.isArray(xs) ? xs.filter((x): x is string => typeof x === 'string' && tidy(x) !== '') : [];

/**
 * Items of `a` that also appear in `b` (case- and space-insensitive), in `a`'s spelling
 * (tidied), deduplicated, in `a`'s order.
 */
export function sharedItems(a: string[], b: string[]): string[] {
  const inB = new Set(strings(b).map(itemKey));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of strings(a)) {
    const k = itemKey(item);
    if (!inB.has(k) || seen.has(k)) continue;
    seen.add(k);
    out.push(tidy(item));
  }
  return out;
}

interface Overlap {
  /** Shared items in a spelling that does not depend on argument order, sorted by key. */
  shared: string[];
  /** Size of the union of distinct keys. */
  union: number;
}

/**
 * A list reduced to its distinct keys, each with the largest spelling by code unit
 * (lower case sorts after upper case, so "small groups" beats "Small groups"); the
 * result depends only on the spellings, never on the order of the arguments.
 */
export interface SpelledSet {
  /** Distinct keys, in first-seen order (an array: walking it allocates nothing). */
  readonly keys: readonly string[];
  readonly spelling: ReadonlyMap<string, string>;
}

export function spelledSet(xs: string[]): SpelledSet {
  const m = new Map<string, string>();
  for (const x of strings(xs)) {
    const k = itemKey(x);
    const t = tidy(x);
    const prev = m.get(k);
    if (prev === undefined || t > prev) m.set(k, t);
  }
  return { keys: [...m.keys()], spelling: m };
}

/** How many keys two sets share; the smaller set is walked. */
function sharedCount(a: SpelledSet, b: SpelledSet): number {
  const small = a.keys.length <= b.keys.length ? a : b;
  const large = small === a ? b : a;
  let n = 0;
  for (let i = 0; i < small.keys.length; i++) if (large.spelling.has(small.keys[i]!)) n++;
  return n;
}

/** Order-independent overlap of two lists. */
function overlap(ma: SpelledSet, mb: SpelledSet): Overlap {
  const keys = ma.keys.filter((k) => mb.spelling.has(k)).sort(cmp);
  const shared = keys.map((k) => {
    const x = ma.spelling.get(k) as string;
    const y = mb.spelling.get(k) as string;
    return x > y ? x : y;
  });
  return { shared, union: ma.keys.length + mb.keys.length - keys.length };
}

const cmp = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);

/**
 * Interest points: by the number shared (most for the first three, then 0.075/7 for each
 * of the next seven, so the overall score rises by more than 0.01 per shared interest up
 * to 10, even after rounding to two decimals), plus the Jaccard share of both lists.
 */
function interestPoints(shared: number, union: number): number {
  const jaccard = union === 0 ? 0 : shared / union;
  const [, , , three] = W.interestCounts;
  const count =
    shared <= 3
      ? W.interestCounts[shared]!
      : three + ((Math.min(shared, INTEREST_COUNT_CAP) - 3) * (W.interestCountMax - three)) / (INTEREST_COUNT_CAP - 3);
  return count + W.interestOverlap * jaccard;
}

/** Similarity of short lists (preferences, traits): Jaccard plus a bonus that saturates at 3. */
function listSimilarity(shared: number, union: number): number {
  const jaccard = union === 0 ? 0 : shared / union;
  return 0.5 * jaccard + 0.5 * (Math.min(shared, 3) / 3);
}

const STYLE_RANK: Record<CommunicationStyle, number> = { introverted: 0, balanced: 1, extroverted: 2 };

/** Unknown styles count as balanced. */
const styleRank = (s: CommunicationStyle): number => (Object.hasOwn(STYLE_RANK, s) ? STYLE_RANK[s] : STYLE_RANK.balanced);

/** 1 for the same style, NEIGHBOUR_STYLE for neighbours, 0 for introverted vs extroverted (by styleRank). */
function styleSimilarity(ra: number, rb: number): number {
  const gap = Math.abs(ra - rb);
  return gap === 0 ? 1 : gap === 1 ? NEIGHBOUR_STYLE : 0;
}

/** A battery level clamped to 1..10; anything not a finite number counts as the default. */
export function battery(n: number): number {
  if (typeof n !== 'number' || !Number.isFinite(n)) return BATTERY_DEFAULT;
  return Math.min(BATTERY_MAX, Math.max(BATTERY_MIN, n));
}

function occupationKey(o: string | null | undefined): string {
  return typeof o === 'string' ? itemKey(o) : '';
}

/** "a", "a and b", "a, b and c", "a, b, c and 2 more" (of one or more items). */
function listPhrase(items: string[]): Said {
  const [first = '', second = '', third = ''] = items;
  if (items.length > 3) return threeThingsAndMore({ first, second, third, count: items.length - 3 });
  if (items.length === 3) return threeThings({ first, second, third });
  if (items.length === 2) return twoThings({ first, last: second });
  return asWritten(first);
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * A profile with its lists reduced to keys once. Ranking one viewer against a
 * thousand attendees prepares each profile once instead of once per pair; the
 * answers are the same as `compatibility` on the raw profiles.
 */
export interface PreparedProfile {
  interests: SpelledSet;
  preferences: SpelledSet;
  traits: SpelledSet;
  style: CommunicationStyle;
  /** The style's place from introverted to extroverted, looked up once. */
  styleRank: number;
  battery: number;
  /** Tidied occupation, '' when none. */
  occupation: string;
  occupationKey: string;
}

export function prepareProfile(p: CompatProfile): PreparedProfile {
  const occupation = typeof p.occupation === 'string' ? tidy(p.occupation) : '';
  return {
    interests: spelledSet(p.interests),
    preferences: spelledSet(p.social_preferences),
    traits: spelledSet(p.personality_traits),
    style: p.communication_style,
    styleRank: styleRank(p.communication_style),
    battery: battery(p.social_battery),
    occupation,
    occupationKey: occupationKey(occupation),
  };
}

/**
 * The score from the shared counts and union sizes of the three lists (the rest comes
 * from the two profiles). Ranking counts the shared items its own way and calls this,
 * so a score is always computed by this one formula.
 */
export function scoreFromCounts(
  a: PreparedProfile,
  b: PreparedProfile,
  interestsShared: number,
  interestsUnion: number,
  prefsShared: number,
  prefsUnion: number,
  traitsShared: number,
  traitsUnion: number,
): number {
  return scoreOfParts(
    a.battery,
    b.battery,
    a.styleRank,
    b.styleRank,
    sameOccupation(a, b),
    interestsShared,
    interestsUnion,
    prefsShared,
    prefsUnion,
    traitsShared,
    traitsUnion,
  );
}

/**
 * The one formula, on plain numbers: batteries (already clamped), style ranks, whether
 * the occupations match, and the shared counts and union sizes of the three lists.
 * Ranking a thousand people calls it with numbers read from typed arrays.
 */
export function scoreOfParts(
  batteryA: number,
  batteryB: number,
  styleRankA: number,
  styleRankB: number,
  sameOccupation: boolean,
  interestsShared: number,
  interestsUnion: number,
  prefsShared: number,
  prefsUnion: number,
  traitsShared: number,
  traitsUnion: number,
): number {
  const batterySim = 1 - Math.abs(batteryA - batteryB) / (BATTERY_MAX - BATTERY_MIN);
  const raw =
    W.base +
    interestPoints(interestsShared, interestsUnion) +
    W.preferences * listSimilarity(prefsShared, prefsUnion) +
    W.traits * listSimilarity(traitsShared, traitsUnion) +
    W.style * styleSimilarity(styleRankA, styleRankB) +
    W.battery * batterySim +
    W.occupation * (sameOccupation ? 1 : 0);
  return Math.min(1, Math.max(0, round2(raw)));
}

const sameOccupation = (a: PreparedProfile, b: PreparedProfile): boolean =>
  a.occupationKey !== '' && a.occupationKey === b.occupationKey;

/** The overall score alone, without building reasons: cheap enough to rank thousands. */
export function compatibilityScore(a: PreparedProfile, b: PreparedProfile): number {
  const i = sharedCount(a.interests, b.interests);
  const p = sharedCount(a.preferences, b.preferences);
  const t = sharedCount(a.traits, b.traits);
  return scoreFromCounts(
    a,
    b,
    i,
    a.interests.keys.length + b.interests.keys.length - i,
    p,
    a.preferences.keys.length + b.preferences.keys.length - p,
    t,
    a.traits.keys.length + b.traits.keys.length - t,
  );
}

export function compatibilityOf(a: PreparedProfile, b: PreparedProfile): Compatibility {
  const interests = overlap(a.interests, b.interests);
  const prefs = overlap(a.preferences, b.preferences);
  const traits = overlap(a.traits, b.traits);
  const overall_score = scoreFromCounts(
    a,
    b,
    interests.shared.length,
    interests.union,
    prefs.shared.length,
    prefs.union,
    traits.shared.length,
    traits.union,
  );
  const style = styleSimilarity(a.styleRank, b.styleRank);
  const batteryGap = Math.abs(a.battery - b.battery);

  const reasons: Said[] = [];
  if (interests.shared.length > 0) reasons.push(bothEnjoy({ things: listPhrase(interests.shared) }));
  if (sameOccupation(a, b)) {
    const occupation = inSentence(a.occupation > b.occupation ? a.occupation : b.occupation);
    reasons.push(bothWorkAs({ article: article(occupation), occupation }));
  }
  if (prefs.shared.length > 0) reasons.push(bothPrefer({ things: listPhrase(prefs.shared) }));
  if (traits.shared.length > 0) reasons.push(traitsInCommon({ things: listPhrase(traits.shared) }));
  if (style === 1) reasons.push(SIMILAR_STYLES);
  if (a.battery <= 4 && b.battery <= 4) reasons.push(BOTH_CALM);
  else if (batteryGap <= 1) reasons.push(SIMILAR_ENERGY);

  const shown = reasons.slice(0, MAX_REASONS);
  if (shown.length === 0) shown.push(FALLBACK);
  return { overall_score, compatibility_reasons: shown.map((r) => r.message), compatibility_reason_codes: shown.map(codedOf) };
}

export function compatibility(a: CompatProfile, b: CompatProfile): Compatibility {
  return compatibilityOf(prepareProfile(a), prepareProfile(b));
}
