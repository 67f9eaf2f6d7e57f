/**
 * The limits and sentences of issue 16 (taking a break, who may write to whom) that the
 * app shows, apart from the zod schemas (status.ts, social.ts) so the app's chunks that
 * show them do not carry zod. The server uses the same values through those modules.
 */
import type { UserStatus } from './status';

export const STATUS_MESSAGE_MAX = 100;
/** An emoji (with its modifiers and joiners) or two fits; the field is not checked for being one. */
export const STATUS_EMOJI_MAX = 16;
/** A break may be set at most this far ahead; "until I come back" is `until: null`. */
export const AWAY_MAX_DAYS = 30;

/** Available, nothing to say: what a status is by default and after a break ends. */
export const DEFAULT_STATUS: UserStatus = Object.freeze({ status: 'available', custom_message: null, emoji: null, until: null });

/** The notification a person gets when their break ends by itself. */
export const WELCOME_BACK = {
  title: 'Welcome back',
  content: 'Your break is over and people can find you again. Take it at your own pace.',
  /** Said instead when connection requests waited for them. */
  withRequests: (n: number) =>
    `Your break is over and people can find you again. ${n === 1 ? 'A connection request' : `${n} connection requests`} waited for you.`,
} as const;

/**
 * Said in a chat in place of the message input when the chat partner answers
 * `can_message: false`, which does not say why: the two share no event, the other only
 * hears from connections, or they have left. A refused send says the server's own
 * detail (social.ts: STRANGER_WRITE_DETAIL, SAFE_SPACE_DETAIL) instead.
 */
export const CANNOT_WRITE_NOTE =
  "You can't send messages to this person right now. Connections can always write to each other, and a connection request is a gentle way to stay in touch.";

/**
 * Said in a chat in place of the message input once the user has blocked the person
 * there: the conversation stays on screen, read-only, each message still reportable.
 */
export const blockedInChat = (name: string): string => `You blocked ${name}. They can't see you or contact you, and they weren't told.`;

/** Shown on the card of someone in a quiet zone (a safe zone of the safe-space kind), issue 18. */
export const RECHARGING = "Recharging — please don't approach";

/** What a quiet zone does while the person is in it, under the safe-zone banner (issue 18). */
export const QUIET_ZONE_NOTE = "Messages and requests wait quietly until you leave, and others see you're recharging.";

/** How long a quiet-zone presence holds pings without a new position report (six missed 10-second checks). */
export const QUIET_PRESENCE_FRESH_MS = 60_000;

/** What came in while someone was in a quiet zone, counted by kind. */
export interface HeldPings {
  messages: number;
  requests: number;
  cards: number;
  other: number;
}

const counted = (n: number, one: string, many: string): string | null => (n === 0 ? null : n === 1 ? `1 ${one}` : `${n} ${many}`);

/** The one calm notification given on leaving a quiet zone, when anything was held (issue 18). */
export const QUIET_SUMMARY = {
  title: 'While you were recharging',
  content: (h: HeldPings): string => {
    const parts = [
      counted(h.messages, 'message', 'messages'),
      counted(h.requests, 'connection request', 'connection requests'),
      counted(h.cards, 'contact card', 'contact cards'),
      counted(h.other, 'other update', 'other updates'),
    ].filter((p): p is string => p !== null);
    const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
    return `${list} came in. Everything is in your chats and alerts, whenever you're ready.`;
  },
} as const;
