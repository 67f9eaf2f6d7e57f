/**
 * Addresses (issue 13): every user view has a path, and a path names a view with what it
 * needs (an event, a person, a request). The root chart is the only one that reads or
 * writes the browser's address (through the history actor); this module only translates.
 * The server answers every one of these paths with the app (server/plugins/static.ts).
 */

import { EVENT_TABS, EVENT_VIEW_PATH, PATH_ID, type EventTab } from '../contract/paths';

export { EVENT_TABS, type EventTab };

export type Address =
  | {
      view: 'events' | 'chats' | 'mutual-connections' | 'user-search' | 'notifications' | 'profile' | 'privacy-settings' | 'create-event' | 'cards' | 'shared-cards' | 'connect' | 'meetings';
    }
  | { view: 'event'; eventId: string; tab: EventTab }
  | { view: EventPage; eventId: string }
  | { view: 'group-chat'; eventId: string; chatId: string | null }
  | { view: 'chat' | 'contact-exchange'; userId: string }
  | { view: 'connection-requests'; requestId: string | null };

const ID = PATH_ID;

const SIMPLE: Record<string, Address['view']> = {
  '/events': 'events',
  '/events/new': 'create-event',
  '/chats': 'chats',
  '/connections': 'mutual-connections',
  '/search': 'user-search',
  '/notifications': 'notifications',
  '/profile': 'profile',
  '/privacy': 'privacy-settings',
  '/cards': 'cards',
  '/cards/shared': 'shared-cards',
  '/connect': 'connect',
  '/meetings': 'meetings',
};

/** The views of one event beside the event view, by the last part of their path. */
const EVENT_PAGES = {
  connect: 'attendees',
  photos: 'photo-gallery',
  analytics: 'analytics',
  // The organizer tools (issue 17).
  organize: 'organizer',
} as const;
type EventPage = (typeof EVENT_PAGES)[keyof typeof EVENT_PAGES];
const PAGE_PATHS = Object.keys(EVENT_PAGES) as Array<keyof typeof EVENT_PAGES>;

const PATTERNS: Array<[RegExp, (m: RegExpExecArray) => Address]> = [
  [EVENT_VIEW_PATH, (m) => ({ view: 'event', eventId: m[1]!, tab: (m[2] ?? 'people') as EventTab })],
  [new RegExp(`^/events/${ID}/(${PAGE_PATHS.join('|')})$`), (m) => ({ view: EVENT_PAGES[m[2] as keyof typeof EVENT_PAGES], eventId: m[1]! })],
  [new RegExp(`^/events/${ID}/group-chats(?:/${ID})?$`), (m) => ({ view: 'group-chat', eventId: m[1]!, chatId: m[2] ?? null })],
  [new RegExp(`^/chats/${ID}$`), (m) => ({ view: 'chat', userId: m[1]! })],
  [new RegExp(`^/chats/${ID}/exchange$`), (m) => ({ view: 'contact-exchange', userId: m[1]! })],
  [new RegExp(`^/requests(?:/${ID})?$`), (m) => ({ view: 'connection-requests', requestId: m[1] ?? null })],
];

/** The address a path names, or null for a path that is no view (the root, a typo, an old link). */
export function parseAddress(path: string): Address | null {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const simple = SIMPLE[clean];
  if (simple) return { view: simple } as Address;
  for (const [re, make] of PATTERNS) {
    const m = re.exec(clean);
    if (m) return make(m);
  }
  return null;
}

/** The path of an address: parseAddress(formatAddress(a)) is a again. */
export function formatAddress(a: Address): string {
  switch (a.view) {
    case 'event':
      return a.tab === 'people' ? `/events/${a.eventId}` : `/events/${a.eventId}/${a.tab}`;
    case 'group-chat':
      return a.chatId ? `/events/${a.eventId}/group-chats/${a.chatId}` : `/events/${a.eventId}/group-chats`;
    case 'chat':
      return `/chats/${a.userId}`;
    case 'contact-exchange':
      return `/chats/${a.userId}/exchange`;
    case 'connection-requests':
      return a.requestId ? `/requests/${a.requestId}` : '/requests';
    default:
      // One event's other views (attendees, photos, analytics, organizer), or a view of its own path.
      return 'eventId' in a ? `/events/${a.eventId}/${PAGE_PATHS.find((p) => EVENT_PAGES[p] === a.view)}` : Object.keys(SIMPLE).find((p) => SIMPLE[p] === a.view)!;
  }
}

/**
 * The pages a link in an email opens (issue 41), outside the signed-in views: choosing a new
 * password, and confirming an address. The token comes from the query, which the root then
 * removes from the address bar; `/reset-password` without one asks for a link.
 */
export interface EmailLink {
  kind: 'reset-password' | 'verify-email';
  token: string | null;
}

/** The email link a path and query name, or null for any other address. */
export function parseEmailLink(path: string, search: string): EmailLink | null {
  const kind = /^\/(reset-password|verify-email)\/*$/.exec(path)?.[1] as EmailLink['kind'] | undefined;
  const token = /^[\w-]{1,200}$/.exec(new URLSearchParams(search).get('token') ?? '')?.[0] ?? null;
  // A confirmation without a token confirms nothing: that address is no page.
  return kind && (token || kind === 'reset-password') ? { kind, token } : null;
}

/** Whether an address needs an event loaded first, and which. */
export const eventIdOf = (a: Address): string | null => ('eventId' in a ? a.eventId : null);

/** Whether an address needs a person loaded first (a chat, a contact exchange), and whom. */
export const partnerIdOf = (a: Address): string | null => ('userId' in a ? a.userId : null);
