/**
 * Compatibility between two users (SPEC 1, 3): a score from 0 to 1 plus a few kind,
 * plain-language reasons. Pure and deterministic; symmetric in its two arguments.
 */
import { BATTERY_DEFAULT, BATTERY_MAX, BATTERY_MIN, type CommunicationStyle } from '../../contract/constants';

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
}

export const MAX_REASONS = 4;
export const FALLBACK_REASON = 'A chance to discover something new together';

/**
 * Weights of the parts of the score; they sum to 1. Two profiles with nothing in their
 * lists but the same style and battery land at BASE + STYLE + BATTERY = 0.34.
 */
const W = {
  base: 0.06,
  interests: 0.42,
  preferences: 0.13,
  traits: 0.08,
  style: 0.16,
  battery: 0.12,
  occupation: 0.03,
} as const;

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

/** Order-independent overlap of two lists. */
function overlap(a: string[], b: string[]): Overlap {
  const spell = (xs: string[]): Map<string, string> => {
    const m = new Map<string, string>();
    for (const x of strings(xs)) {
      const k = itemKey(x);
      const t = tidy(x);
      const prev = m.get(k);
      // The largest spelling by code unit wins (lower case sorts after upper case, so
      // "small groups" beats "Small groups"); the result depends only on the spellings.
      if (prev === undefined || t > prev) m.set(k, t);
    }
    return m;
  };
  const ma = spell(a);
  const mb = spell(b);
  const keys: string[] = [];
  for (const k of ma.keys()) if (mb.has(k)) keys.push(k);
  keys.sort(cmp);
  const shared = keys.map((k) => {
    const x = ma.get(k) as string;
    const y = mb.get(k) as string;
    return x > y ? x : y;
  });
  return { shared, union: ma.size + mb.size - keys.length };
}

const cmp = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);

/**
 * Interest similarity in [0,1]: a Jaccard part plus a count bonus that rises by 0.2 for
 * each of the first 3 shared interests and by 0.4/7 for each of the next 7, then stays.
 * The bonus keeps the overall score rising by at least 0.01 per shared interest up to
 * 10 shared, even after rounding to two decimals.
 */
function interestSimilarity(shared: number, union: number): number {
  const jaccard = union === 0 ? 0 : shared / union;
  const bonus = Math.min(shared, 3) * 0.2 + Math.max(0, Math.min(shared, 10) - 3) * (0.4 / 7);
  return 0.35 * jaccard + 0.65 * bonus;
}

/** Similarity of short lists (preferences, traits): Jaccard plus a bonus that saturates at 3. */
function listSimilarity(shared: number, union: number): number {
  const jaccard = union === 0 ? 0 : shared / union;
  return 0.5 * jaccard + 0.5 * (Math.min(shared, 3) / 3);
}

const STYLE_RANK: Record<CommunicationStyle, number> = { introverted: 0, balanced: 1, extroverted: 2 };

/** 1 for the same style, 0.5 for neighbours, 0 for introverted vs extroverted. */
function styleSimilarity(a: CommunicationStyle, b: CommunicationStyle): number {
  const ra = STYLE_RANK[a] ?? STYLE_RANK.balanced;
  const rb = STYLE_RANK[b] ?? STYLE_RANK.balanced;
  return 1 - Math.abs(ra - rb) / 2;
}

/** A battery level clamped to 1..10; anything not a finite number counts as the default. */
export function battery(n: number): number {
  if (typeof n !== 'number' || !Number.isFinite(n)) return BATTERY_DEFAULT;
  return Math.min(BATTERY_MAX, Math.max(BATTERY_MIN, n));
}

function occupationKey(o: string | null | undefined): string {
  return typeof o === 'string' ? itemKey(o) : '';
}

/** "a", "a and b", "a, b and c", "a, b, c and 2 more". */
function listPhrase(items: string[], max = 3): string {
  const shown = items.slice(0, max);
  const rest = items.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/** "a" or "an" before a word, good enough for job titles. */
export function article(word: string): 'a' | 'an' {
  const w = word.trim().toLowerCase();
  if (/^(hour|honest|honou?r|heir)/.test(w)) return 'an';
  if (/^(uni|use|usu|ura|eu|one|once)/.test(w)) return 'a';
  return /^[aeiou]/.test(w) ? 'an' : 'a';
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

export function compatibility(a: CompatProfile, b: CompatProfile): Compatibility {
  const interests = overlap(a.interests, b.interests);
  const prefs = overlap(a.social_preferences, b.social_preferences);
  const traits = overlap(a.personality_traits, b.personality_traits);
  const style = styleSimilarity(a.communication_style, b.communication_style);
  const batA = battery(a.social_battery);
  const batB = battery(b.social_battery);
  const batteryGap = Math.abs(batA - batB);
  const batterySim = 1 - batteryGap / (BATTERY_MAX - BATTERY_MIN);
  const occA = occupationKey(a.occupation);
  const sameOccupation = occA !== '' && occA === occupationKey(b.occupation);

  const raw =
    W.base +
    W.interests * interestSimilarity(interests.shared.length, interests.union) +
    W.preferences * listSimilarity(prefs.shared.length, prefs.union) +
    W.traits * listSimilarity(traits.shared.length, traits.union) +
    W.style * style +
    W.battery * batterySim +
    W.occupation * (sameOccupation ? 1 : 0);
  const overall_score = Math.min(1, Math.max(0, round2(raw)));

  const reasons: string[] = [];
  if (interests.shared.length > 0) reasons.push(`You both enjoy ${listPhrase(interests.shared)}`);
  if (sameOccupation) {
    const ta = tidy(a.occupation as string);
    const tb = tidy(b.occupation as string);
    const occ = ta > tb ? ta : tb;
    reasons.push(`You both work as ${article(occ)} ${occ}`);
  }
  if (prefs.shared.length > 0) reasons.push(`You both prefer ${listPhrase(prefs.shared)}`);
  if (traits.shared.length > 0) reasons.push(`You have traits in common: ${listPhrase(traits.shared)}`);
  if (style === 1) reasons.push('You have similar communication styles');
  if (batA <= 4 && batB <= 4) reasons.push('You might both enjoy a calm, low-key chat right now');
  else if (batteryGap <= 1) reasons.push("You're both feeling similarly energetic right now");

  const compatibility_reasons = reasons.slice(0, MAX_REASONS);
  if (compatibility_reasons.length === 0) compatibility_reasons.push(FALLBACK_REASON);
  return { overall_score, compatibility_reasons };
}
