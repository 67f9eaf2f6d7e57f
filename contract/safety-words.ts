/**
 * The limits and sentences of issue 16 (taking a break, who may write to whom) that the
 * app shows, apart from the zod schemas (status.ts, social.ts) so the app's chunks that
 * show them do not carry zod. The server uses the same values through those modules.
 */
import { englishOf, sentence, type Said, type SaidValue } from './said';
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
  title: /*i18n*/ { id: 'notification.welcomeBack.title', message: 'Welcome back' },
  content: /*i18n*/ { id: 'notification.welcomeBack.content', message: 'Your break is over. Take it at your own pace.' },
  /** Said instead when connection requests waited for them. */
  withRequests: sentence(
    /*i18n*/ {
      id: 'notification.welcomeBack.withRequests',
      message:
        'Your break is over. {n, plural, one {A connection request} other {# connection requests}} waited for you.',
    },
    ({ n }: { n: number }) =>
      `Your break is over. ${n === 1 ? 'A connection request' : `${n} connection requests`} waited for you.`,
  ),
} as const;

/**
 * Said in a chat in place of the message input when the chat partner answers
 * `can_message: false`, which does not say why: the two share no event, the other only
 * hears from connections, or they have left. A refused send says the server's own
 * detail (social.ts: STRANGER_WRITE_DETAIL, SAFE_SPACE_DETAIL) instead.
 */
export const CANNOT_WRITE_NOTE: Said = /*i18n*/ {
  id: 'safety.cannotWrite',
  message:
    "You can't send messages to this person right now. Connections can always write to each other, and a connection request is a gentle way to stay in touch.",
};

/**
 * Said in a chat in place of the message input once the user has blocked the person
 * there: the conversation stays on screen, read-only, each message still reportable.
 */
export const blockedInChat = sentence(
  /*i18n*/ { id: 'safety.blockedInChat', message: "You blocked {name}. They can't see you or contact you, and they weren't told." },
  ({ name }: { name: string }) => `You blocked ${name}. They can't see you or contact you, and they weren't told.`,
);

/** Shown on the card of someone in a quiet zone (a safe zone of the safe-space kind), issue 18. */
export const RECHARGING: Said = /*i18n*/ { id: 'safety.recharging', message: "Recharging — please don't approach" };

/** How long a quiet-zone presence holds pings without a new position report (six missed 10-second checks). */
export const QUIET_PRESENCE_FRESH_MS = 60_000;

/** What came in while someone was in a quiet zone, counted by kind. */
export interface HeldPings {
  messages: number;
  requests: number;
  cards: number;
  other: number;
}

const counted = (n: number, one: string, many: string): string => (n === 1 ? `1 ${one}` : `${n} ${many}`);
const HELD_KINDS = {
  messages: sentence(/*i18n*/ { id: 'quiet.heldMessages', message: '{n, plural, one {# message} other {# messages}}' }, ({ n }: { n: number }) =>
    counted(n, 'message', 'messages'),
  ),
  requests: sentence(
    /*i18n*/ { id: 'quiet.heldRequests', message: '{n, plural, one {# connection request} other {# connection requests}}' },
    ({ n }: { n: number }) => counted(n, 'connection request', 'connection requests'),
  ),
  cards: sentence(/*i18n*/ { id: 'quiet.heldCards', message: '{n, plural, one {# contact card} other {# contact cards}}' }, ({ n }: { n: number }) =>
    counted(n, 'contact card', 'contact cards'),
  ),
  other: sentence(/*i18n*/ { id: 'quiet.heldOther', message: '{n, plural, one {# other update} other {# other updates}}' }, ({ n }: { n: number }) =>
    counted(n, 'other update', 'other updates'),
  ),
};
/** Two to four parts of a list, the last joined by "and". */
const LISTS = [
  sentence(/*i18n*/ { id: 'list.one', message: '{a}' }, ({ a }: { a: SaidValue }) => englishOf(a)),
  sentence(/*i18n*/ { id: 'list.two', message: '{a} and {b}' }, ({ a, b }: { a: SaidValue; b: SaidValue }) => `${englishOf(a)} and ${englishOf(b)}`),
  sentence(/*i18n*/ { id: 'list.three', message: '{a}, {b} and {c}' }, ({ a, b, c }: { a: SaidValue; b: SaidValue; c: SaidValue }) =>
    `${englishOf(a)}, ${englishOf(b)} and ${englishOf(c)}`,
  ),
  sentence(
    /*i18n*/ { id: 'list.four', message: '{a}, {b}, {c} and {d}' },
    ({ a, b, c, d }: { a: SaidValue; b: SaidValue; c: SaidValue; d: SaidValue }) => `${englishOf(a)}, ${englishOf(b)}, ${englishOf(c)} and ${englishOf(d)}`,
  ),
] as const;
/** Parts as one list: "a", "a and b", "a, b and c", "a, b, c and d". */
const listOf = (parts: readonly Said[]): Said => {
  const [a, b, c, d] = parts as [Said, Said, Said, Said];
  if (parts.length >= 4) return LISTS[3]({ a, b, c, d });
  if (parts.length === 3) return LISTS[2]({ a, b, c });
  if (parts.length === 2) return LISTS[1]({ a, b });
  return LISTS[0]({ a: a ?? '' });
};
const heldSummary = sentence(
  /*i18n*/ {
    id: 'notification.quietSummary.content',
    message: "{count, plural, one {{list} came in.} other {{list} came in.}} Everything is in your chats and alerts, whenever you're ready.",
  },
  ({ list }: { list: SaidValue; count: number }) => `${englishOf(list)} came in. Everything is in your chats and alerts, whenever you're ready.`,
);

/** The one calm notification given on leaving a quiet zone, when anything was held (issue 18). */
export const QUIET_SUMMARY = {
  title: /*i18n*/ { id: 'notification.quietSummary.title', message: 'While you were recharging' },
  /** `count` lets a language say "is"/"are" (German: "ist"/"sind" eingegangen): 1 when a single thing came in. */
  content: (h: HeldPings): Said => {
    const kinds = (['messages', 'requests', 'cards', 'other'] as const).filter((k) => h[k] > 0);
    const list = listOf(kinds.map((k) => HELD_KINDS[k]({ n: h[k] })));
    return heldSummary({ list, count: h.messages + h.requests + h.cards + h.other });
  },
} as const;
