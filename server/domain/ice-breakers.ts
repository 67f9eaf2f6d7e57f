/**
 * Ice-breaker suggestions (SPEC 1, 3) for a sender `a` about to talk to `b`. Built only
 * from what they share, b's occupation, the event and gentle general openers.
 * Pure and deterministic.
 */
import { hash } from 'node:crypto';
import { sentence, type Said } from '../../contract/said';
import { article, inSentence } from './articles';
import { type CompatProfile, itemKey, sharedItems, tidy } from './compatibility';

export type IceBreakerCategory = 'shared_interest' | 'occupation' | 'event' | 'general';

export interface IceBreakerDraft {
  suggestion_text: string;
  /** Its message id and values (issue 38), by which the app says it in another language. */
  suggestion_code: string;
  suggestion_params: Record<string, string>;
  category: IceBreakerCategory;
}

export interface IceBreakerEvent {
  name: string;
  event_type: string;
}

export const ICE_BREAKERS_MIN = 3;
export const ICE_BREAKERS_MAX = 5;
const SHARED_INTEREST_MAX = 3;

/** A suggestion about a shared interest `x`, one template picked by the interest. */
const interestSentence = (descriptor: { id: string; message: string }, english: (x: string) => string) =>
  sentence(descriptor, ({ x }: { x: string }) => english(x));

const INTEREST_TEMPLATES = [
  interestSentence(/*i18n*/ { id: 'iceBreaker.interest.gotStarted', message: "I noticed you're into {x} too — what got you started?" }, (x) => `I noticed you're into ${x} too — what got you started?`),
  interestSentence(/*i18n*/ { id: 'iceBreaker.interest.firstGotInto', message: 'How did you first get into {x}?' }, (x) => `How did you first get into ${x}?`),
  interestSentence(/*i18n*/ { id: 'iceBreaker.interest.asWell', message: "I'm into {x} as well! Anything you've been enjoying about it lately?" }, (x) => `I'm into ${x} as well! Anything you've been enjoying about it lately?`),
  interestSentence(/*i18n*/ { id: 'iceBreaker.interest.likeMost', message: 'What do you like most about {x}?' }, (x) => `What do you like most about ${x}?`),
  interestSentence(/*i18n*/ { id: 'iceBreaker.interest.favourites', message: "Looks like we both like {x}! Any favourites you'd recommend?" }, (x) => `Looks like we both like ${x}! Any favourites you'd recommend?`),
];

/** The other person works as the sender does; `article` is English's "a" or "an" before the job. */
const sameJob = sentence(
  /*i18n*/ { id: 'iceBreaker.sameJob', message: '{article, select, an {I work as an {occupation} too — how did you get into it?} other {I work as a {occupation} too — how did you get into it?}}' },
  ({ article: a, occupation }: { article: 'a' | 'an'; occupation: string }) => `I work as ${a} ${occupation} too — how did you get into it?`,
);
const theirJob = sentence(
  /*i18n*/ {
    id: 'iceBreaker.theirJob',
    message: "{article, select, an {What's the most interesting part of working as an {occupation}?} other {What's the most interesting part of working as a {occupation}?}}",
  },
  ({ article: a, occupation }: { article: 'a' | 'an'; occupation: string }) => `What's the most interesting part of working as ${a} ${occupation}?`,
);
const broughtYou = sentence(/*i18n*/ { id: 'iceBreaker.event', message: 'What brought you to {event}?' }, ({ event }: { event: string }) => `What brought you to ${event}?`);

const GENERAL: readonly Said[] = [
  /*i18n*/ { id: 'iceBreaker.general.day', message: 'Hi! How is your day going so far?' },
  /*i18n*/ { id: 'iceBreaker.general.week', message: "What's something you're looking forward to this week?" },
  /*i18n*/ { id: 'iceBreaker.general.firstTime', message: 'Is this your first time at an event like this?' },
  /*i18n*/ { id: 'iceBreaker.general.fun', message: "What's something fun you've done recently?" },
  /*i18n*/ { id: 'iceBreaker.general.noPressure', message: 'Hi! No pressure at all — would you like to chat for a bit?' },
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
  const add = (said: Said, category: IceBreakerCategory): void => {
    const k = itemKey(said.message);
    if (out.length >= ICE_BREAKERS_MAX || seen.has(k)) return;
    seen.add(k);
    out.push({ suggestion_text: said.message, suggestion_code: said.id, suggestion_params: (said.values ?? {}) as Record<string, string>, category });
  };

  // Shared interests first, in the sender's spelling and order.
  for (const interest of shared) {
    add(pick(INTEREST_TEMPLATES, itemKey(interest))({ x: interest }), 'shared_interest');
  }

  // Occupation: b's, as b chose to show it.
  if (occB !== '') {
    const occupation = inSentence(occB);
    add((sameOccupation ? sameJob : theirJob)({ article: article(occupation), occupation }), 'occupation');
  }

  // The event.
  if (eventName !== '') add(broughtYou({ event: eventName }), 'event');

  // Gentle general openers, only as many as needed to reach the minimum; the first one
  // is chosen from the pair's shared context so different pairs see some variety.
  if (out.length < ICE_BREAKERS_MIN) {
    const start = stableHash(`${shared.map(itemKey).join('|')}#${itemKey(occB)}#${itemKey(eventName)}`) % GENERAL.length;
    for (let i = 0; i < GENERAL.length && out.length < ICE_BREAKERS_MIN; i++) {
      add(GENERAL[(start + i) % GENERAL.length]!, 'general');
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
