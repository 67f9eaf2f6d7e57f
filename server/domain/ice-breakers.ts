/**
 * Ice-breaker suggestions (SPEC 1, 3) for a sender `a` about to talk to `b`. Built only
 * from what they share, b's occupation, the event and gentle general openers.
 * Pure and deterministic.
 */
import { hash } from 'node:crypto';
import { withArticle } from './articles';
import { type CompatProfile, itemKey, sharedItems, tidy } from './compatibility';

export type IceBreakerCategory = 'shared_interest' | 'occupation' | 'event' | 'general';

export interface IceBreakerDraft {
  suggestion_text: string;
  category: IceBreakerCategory;
}

export interface IceBreakerEvent {
  name: string;
  event_type: string;
}

export const ICE_BREAKERS_MIN = 3;
export const ICE_BREAKERS_MAX = 5;
const SHARED_INTEREST_MAX = 3;

const INTEREST_TEMPLATES: ReadonlyArray<(x: string) => string> = [
  (x) => `I noticed you're into ${x} too — what got you started?`,
  (x) => `How did you first get into ${x}?`,
  (x) => `I'm into ${x} as well! Anything you've been enjoying about it lately?`,
  (x) => `What do you like most about ${x}?`,
  (x) => `Looks like we both like ${x}! Any favourites you'd recommend?`,
];

const GENERAL: readonly string[] = [
  'Hi! How is your day going so far?',
  "What's something you're looking forward to this week?",
  'Is this your first time at an event like this?',
  "What's something fun you've done recently?",
  'Hi! No pressure at all — would you like to chat for a bit?',
];

/** FNV-1a, 32 bit: a stable small hash to pick a template from the text itself. */
export function stableHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const pick = <T>(xs: ReadonlyArray<T>, key: string): T => xs[stableHash(key) % xs.length] as T;

const text = (s: unknown): string => (typeof s === 'string' ? tidy(s) : '');

/** All a pair's suggestions depend on: the same facts make the same suggestions. */
export interface IceBreakerFacts {
  /** Shared interests, at most SHARED_INTEREST_MAX, in the sender's spelling and order. */
  shared: string[];
  /** b's occupation as b chose to show it ('' for none). */
  occupation: string;
  /** Whether a works as the same. */
  sameOccupation: boolean;
  eventName: string;
}

export function iceBreakerFacts(a: CompatProfile, b: CompatProfile, event?: IceBreakerEvent | null): IceBreakerFacts {
  const occupation = text(b.occupation);
  return {
    shared: sharedItems(
      Array.isArray(a.interests) ? a.interests : [],
      Array.isArray(b.interests) ? b.interests : [],
    ).slice(0, SHARED_INTEREST_MAX),
    occupation,
    sameOccupation: occupation !== '' && itemKey(occupation) === itemKey(text(a.occupation)),
    eventName: text(event?.name),
  };
}

export function iceBreakers(
  a: CompatProfile & { name?: string },
  b: CompatProfile & { name?: string },
  event?: IceBreakerEvent | null,
): IceBreakerDraft[] {
  return iceBreakersFrom(iceBreakerFacts(a, b, event));
}

/** The suggestions the facts make. */
export function iceBreakersFrom({ shared, occupation: occB, sameOccupation, eventName }: IceBreakerFacts): IceBreakerDraft[] {
  const out: IceBreakerDraft[] = [];
  const seen = new Set<string>();
  const add = (suggestion_text: string, category: IceBreakerCategory): void => {
    const k = itemKey(suggestion_text);
    if (out.length >= ICE_BREAKERS_MAX || seen.has(k)) return;
    seen.add(k);
    out.push({ suggestion_text, category });
  };

  // Shared interests first, in the sender's spelling and order.
  for (const interest of shared) {
    add(pick(INTEREST_TEMPLATES, itemKey(interest))(interest), 'shared_interest');
  }

  // Occupation: b's, as b chose to show it.
  if (occB !== '') {
    add(
      sameOccupation
        ? `I work as ${withArticle(occB)} too — how did you get into it?`
        : `What's the most interesting part of working as ${withArticle(occB)}?`,
      'occupation',
    );
  }

  // The event.
  if (eventName !== '') add(`What brought you to ${eventName}?`, 'event');

  // Gentle general openers, only as many as needed to reach the minimum; the first one
  // is chosen from the pair's shared context so different pairs see some variety.
  if (out.length < ICE_BREAKERS_MIN) {
    const start = stableHash(`${shared.map(itemKey).join('|')}#${itemKey(occB)}#${itemKey(eventName)}`) % GENERAL.length;
    for (let i = 0; i < GENERAL.length && out.length < ICE_BREAKERS_MIN; i++) {
      add(GENERAL[(start + i) % GENERAL.length] as string, 'general');
    }
  }
  return out;
}

/**
 * An ice breaker's id: a UUID (version 8, RFC 9562) made of the SHA-256 of whom it is
 * for, about whom, at which event (or none) and what it says. The same suggestion has
 * the same id wherever and whenever it is offered, on every instance, with nothing read
 * or stored: a row is stored only when a chat message uses it (use-cases/chat.ts).
 * Migration 0011 gave the rows stored before the same ids, computing this in SQL.
 */
export function iceBreakerId(viewerId: string, otherId: string, eventId: string | null, suggestionText: string): string {
  const h = hash('sha256', `${viewerId}|${otherId}|${eventId ?? ''}|${suggestionText}`, 'hex');
  const variant = '89ab'[Number.parseInt(h[16]!, 16) & 3];
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
