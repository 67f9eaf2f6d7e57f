/** The business constants of SPEC 9, exported once. */
import { asWritten, type Said } from './said';

/** GET /discover/{eventId}'s default page, the toast lifetime and the admin keys: in shell-constants.ts (the entry's few). */
export * from './shell-constants';
export const BATTERY_MIN = 1;
export const BATTERY_MAX = 10;
export const BATTERY_DEFAULT = 8;

/** Battery and energy colours: 7 or more green, 4 to 6 yellow, below 4 red. */
export type Level = 'green' | 'yellow' | 'red';
export const batteryLevel = (n: number): Level => (n >= 7 ? 'green' : n >= 4 ? 'yellow' : 'red');

/** Compatibility colours: above 0.7 green, above 0.4 yellow, otherwise red. */
export const compatibilityLevel = (score: number): Level =>
  score > 0.7 ? 'green' : score > 0.4 ? 'yellow' : 'red';
export const compatibilityPercent = (score: number): number => Math.round(score * 100);
/** Words beside each compatibility colour: kind in every band, since every pair has something to talk about. */
export const COMPATIBILITY_WORDS: Record<Level, Said> = {
  green: /*i18n*/ { id: 'compatibility.green', message: 'Lots in common' },
  yellow: /*i18n*/ { id: 'compatibility.yellow', message: 'Some common ground' },
  red: /*i18n*/ { id: 'compatibility.red', message: 'Something to discover' },
};

export const CARD_INTERESTS_SHOWN = 3;
/** How someone browsing anonymously is named to those who may not see them (DESIGN 5). */
export const ANONYMOUS: Said = /*i18n*/ { id: 'people.anonymous', message: 'Anonymous attendee' };
export const ANONYMOUS_NAME = ANONYMOUS.message;
/** How someone who deleted their account is named in what others keep (issue 42). */
export const FORMER: Said = /*i18n*/ { id: 'people.former', message: 'Former attendee' };
export const FORMER_NAME = FORMER.message;
/** The names that are not a person's own, said in the language shown. */
const UNNAMED = new Map([ANONYMOUS, FORMER].map((said) => [said.message, said]));
/** A name as a sentence names someone: the anonymous or former name is said in the language shown. */
export const nameOf = (name: string): string | Said => UNNAMED.get(name) ?? name;
/** A name as a sentence of its own (a chat's title): those names in the language shown, any other as written. */
export const nameSaid = (name: string): Said => UNNAMED.get(name) ?? asWritten(name);
export const ADMIN_PAGE_SIZE = 20;
export const PAGE_SIZE_MAX = 100;
export const BAN_DAYS_MIN = 1;
export const BAN_DAYS_MAX = 365;
export const LOCATION_INTERVAL_MS = 10_000;
export const DUPLICATE_EVENT_WINDOW_MS = 60 * 60 * 1000;
export const USER_PASSWORD_MIN = 6;
export const USERNAME_MIN = 3;
export const ADMIN_PASSWORD_MIN = 8;
export const ADMIN_USERNAME_MIN = 3;
export const DASHBOARD_RECENT_ACTIVITY = 5;

export const PLAN_NAMES = ['Free', 'Premium', 'Professional'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export const VISIBILITY_MODES = ['public', 'friends', 'private', 'anonymous'] as const;
export type VisibilityMode = (typeof VISIBILITY_MODES)[number];
export const VISIBILITY_LABELS: Record<VisibilityMode, Said> = {
  public: /*i18n*/ { id: 'visibility.public', message: 'Public' },
  friends: /*i18n*/ { id: 'visibility.friends', message: 'Friends Only' },
  private: /*i18n*/ { id: 'visibility.private', message: 'Private' },
  anonymous: /*i18n*/ { id: 'visibility.anonymous', message: 'Anonymous' },
};

export const EXCHANGE_TYPES = ['social_media', 'business_card', 'phone', 'email'] as const;
export type ExchangeType = (typeof EXCHANGE_TYPES)[number];

export const EVENT_TYPES = ['party', 'conference', 'sports', 'networking'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EVENT_FILTERS = ['all', 'networking', 'casual', 'professional', 'interest-based'] as const;
export type EventFilter = (typeof EVENT_FILTERS)[number];
/**
 * Which of the form's types each filter chip finds: the one mapping between SPEC 9's two
 * lists (issue 39), used by the server (`GET /events?event_type=`) and the events list.
 * SPEC does not relate the lists, so: networking finds networking; casual finds the
 * relaxed ones (party, sports); professional finds work gatherings (conference,
 * networking); interest-based finds those built around a shared subject (conference,
 * sports). An event stored with a filter's own word (before the form's list) is found by
 * that filter too.
 */
export const EVENT_FILTER_TYPES: Record<Exclude<EventFilter, 'all'>, readonly EventType[]> = {
  networking: ['networking'],
  casual: ['party', 'sports'],
  professional: ['conference', 'networking'],
  'interest-based': ['conference', 'sports'],
};
export const eventMatchesFilter = (eventType: string, filter: EventFilter): boolean =>
  filter === 'all' || eventType === filter || (EVENT_FILTER_TYPES[filter] as readonly string[]).includes(eventType);

export const ANXIETY_FEATURES = ['quiet_spaces', 'small_groups', 'structured_activities', 'ice_breakers'] as const;
export type AnxietyFeature = (typeof ANXIETY_FEATURES)[number];
export const ANXIETY_FEATURE_LABELS: Record<AnxietyFeature, Said> = {
  quiet_spaces: /*i18n*/ { id: 'feature.quiet_spaces', message: 'Quiet spaces' },
  small_groups: /*i18n*/ { id: 'feature.small_groups', message: 'Small groups' },
  structured_activities: /*i18n*/ { id: 'feature.structured_activities', message: 'Structured activities' },
  ice_breakers: /*i18n*/ { id: 'feature.ice_breakers', message: 'Ice breakers' },
};

export const COMMUNICATION_STYLES = ['introverted', 'balanced', 'extroverted'] as const;
export type CommunicationStyle = (typeof COMMUNICATION_STYLES)[number];
export const COMMUNICATION_STYLE_DEFAULT: CommunicationStyle = 'balanced';

/**
 * How far another attendee is, as shown (DESIGN 5, issue 40): close by, in the venue, or
 * further away. Worked out between coarse squares (server/domain/nearby.ts), never finer.
 */
export const DISTANCE_BANDS = ['close', 'venue', 'far'] as const;
export type DistanceBand = (typeof DISTANCE_BANDS)[number];
export const ZONE_TYPES = ['safe_space', 'restricted', 'other', 'pod'] as const;
export type ZoneType = (typeof ZONE_TYPES)[number];

export const MESSAGE_TYPES = ['text', 'ice_breaker'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** 'qr' (issue 19): connected by scanning the other's code (or typing its short code). */
export const CONNECTION_TYPES = ['mutual_interest', 'search_result', 'qr'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/**
 * SPEC 3's four, and 'request_lapsed' (issue 18): the viewer's request was not accepted
 * within REQUEST_LAPSE_MS (contract/social.ts), declined or unanswered alike. Shown to the
 * sender as "No answer this time"; clients that do not know it show Connect, as SPEC 5 says
 * for anything else (and the server answers a second request with that same kind 409).
 */
/** At this social battery or lower a person is quiet to strangers, unless they switched it off (issue 18). */
export const LOW_BATTERY_MAX = 3;

export const CONNECTION_STATUSES = ['connected', 'request_sent', 'request_received', 'none', 'request_lapsed'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
/** What the sender of a lapsed request sees (issue 18). */
export const NO_ANSWER: Said = /*i18n*/ { id: 'request.noAnswer', message: 'No answer this time' };

/** localStorage key for the events hidden on this device. */
export const HIDDEN_EVENTS_KEY = 'wallflower.hidden-events';

/** Limits of DESIGN 4. */
export const LIMITS = {
  jsonBodyBytes: 64 * 1024,
  photoBodyBytes: 12 * 1024 * 1024,
  /** PUT /auth/profile/photo: the base64 of a 2 MB image fits (server/domain/images.ts PROFILE_PHOTO). */
  profilePhotoBodyBytes: 3 * 1024 * 1024,
  requestTimeoutMs: 30_000,
  wsFrameBytes: 16 * 1024,
  textMax: 2000,
  nameMax: 100,
  listItemsMax: 30,
  listItemMax: 50,
} as const;
