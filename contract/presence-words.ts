/**
 * Presence (issue 39 item 1): who can see the person now and whether requests wait, with
 * a reason for each thing hidden or held. The server works it out with the rule it uses
 * for everyone else (server/domain/presence.ts); these are its codes and sentences, apart
 * from the zod schema (presence.ts) so the app's chunks that say them do not carry zod.
 * Every sentence the app says about the person's own visibility is one of these.
 */
import type { Said } from './said';

export const PRESENCE_REASON_CODES = [
  'on_break',
  'unavailable',
  'privacy_private',
  'privacy_friends',
  'anonymous',
  'battery_low',
  'safe_space',
  'quiet_zone',
  'quiet_zone_untold',
  'restricted_zone',
  'restricted_zone_shown',
] as const;
export type PresenceReasonCode = (typeof PRESENCE_REASON_CODES)[number];

export interface PresenceReason {
  code: PresenceReasonCode;
  text: string;
}

/** GET /users/presence's answer (its schema: presence.ts). */
export interface Presence {
  visible_to_strangers: boolean;
  visible_to_connections: boolean;
  requests_held: boolean;
  /** Whether the person chose "Happy to be approached" (issue 43). */
  open_to_hello: boolean;
  /** Whether others see it now: false while a break, a social battery of 3 or lower or a quiet zone others are told of holds it. */
  open_to_hello_shown: boolean;
  reasons: PresenceReason[];
}

/** Each reason's sentence: the server answers its English as `text`; another language says it by code. */
export const PRESENCE_REASONS: Record<PresenceReasonCode, Said> = {
  on_break: /*i18n*/ { id: 'presence.reason.on_break', message: "You're on a break: you're left out of every list, and requests wait until you're back." },
  unavailable: /*i18n*/ { id: 'presence.reason.unavailable', message: "You're set to Unavailable: you're hidden from nearby people and suggestions." },
  privacy_private: /*i18n*/ { id: 'presence.reason.privacy_private', message: 'Your privacy is Private: nobody finds you in nearby lists, search or suggestions.' },
  privacy_friends: /*i18n*/ { id: 'presence.reason.privacy_friends', message: 'Your privacy is Friends Only: only your connections can find you.' },
  anonymous: /*i18n*/ { id: 'presence.reason.anonymous', message: 'You\'re Anonymous: people see "Anonymous attendee", not your name or photo. Your connections still know you.' },
  battery_low: /*i18n*/ { id: 'presence.reason.battery_low', message: 'Your energy is 3 or lower: only your connections see you nearby, and new requests wait.' },
  safe_space: /*i18n*/ { id: 'presence.reason.safe_space', message: 'Safe space mode is on: only your connections can message you, and requests from others wait.' },
  quiet_zone: /*i18n*/ { id: 'presence.reason.quiet_zone', message: "You're in a quiet zone: others see you're recharging, and messages and requests wait until you leave." },
  // Issue 40: telling others would place the person inside a small quiet room (server/domain/nearby.ts quietMayBeTold).
  quiet_zone_untold: /*i18n*/ {
    id: 'presence.reason.quiet_zone_untold',
    message: "You're in a quiet zone: messages and requests wait. It's too small to tell others you're recharging.",
  },
  restricted_zone: /*i18n*/ { id: 'presence.reason.restricted_zone', message: "You're in a restricted zone: you're hidden from nearby people while you're there." },
  // Issue 40: hiding someone exactly while they are in a small room would place them in it (server/domain/geo.ts zoneMayShow).
  restricted_zone_shown: /*i18n*/ {
    id: 'presence.reason.restricted_zone_shown',
    message: "You're in a restricted zone, but people nearby still see you: it's too small to hide you in without showing where you are.",
  },
};

const SUMMARY = {
  everyone: /*i18n*/ { id: 'presence.summary.everyone', message: 'People nearby can see you.' },
  unnamed: /*i18n*/ { id: 'presence.summary.unnamed', message: 'People nearby can see you, but not your name.' },
  connections: /*i18n*/ { id: 'presence.summary.connections', message: 'Only your connections can see you nearby.' },
  nobody: /*i18n*/ { id: 'presence.summary.nobody', message: 'Nobody can see you nearby right now.' },
  held: /*i18n*/ { id: 'presence.summary.held', message: 'New requests wait quietly.' },
  helloHeld: /*i18n*/ { id: 'presence.summary.helloHeld', message: '"Happy to be approached" is paused for now and comes back by itself.' },
} as const satisfies Record<string, Said>;

/**
 * The answer in one line (the events view, beside the Available switch): who sees the
 * person nearby, then whether requests wait, then whether "Happy to be approached" is held. Made from the flags alone, so it cannot say
 * other than the reasons below it.
 */
export function presenceSummary(p: Presence): Said[] {
  const anonymous = p.reasons.some((r) => r.code === 'anonymous');
  const seen = p.visible_to_strangers ? (anonymous ? SUMMARY.unnamed : SUMMARY.everyone) : p.visible_to_connections ? SUMMARY.connections : SUMMARY.nobody;
  const said: Said[] = p.requests_held ? [seen, SUMMARY.held] : [seen];
  // Issue 43: the badge the person chose, held by a break, a low battery or a quiet zone others are told of.
  if (p.open_to_hello && !p.open_to_hello_shown) said.push(SUMMARY.helloHeld);
  return said;
}

/** A reason as the app says it: by its code, with the server's English. */
export const reasonSaid = (r: PresenceReason): Said => ({ id: PRESENCE_REASONS[r.code].id, message: r.text });
