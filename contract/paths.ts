/**
 * The event view's address, shared by the app's address rules (machines/addresses.ts)
 * and the server, which sends someone opening it the page that preloads its code
 * (server/plugins/static.ts, issue 44 item 1).
 */

/** The event view's sections, People first (issue 13 item 3); '' in a path is people. */
export const EVENT_TABS = ['people', 'groups', 'zones', 'about'] as const;
export type EventTab = (typeof EVENT_TABS)[number];

/** An id in a path. */
export const PATH_ID = '([0-9a-fA-F-]{36})';

/** The event view: /events/{id}, or one of its tabs; the id is the first group, the tab the second. */
export const EVENT_VIEW_PATH = new RegExp(`^/events/${PATH_ID}(?:/(${EVENT_TABS.join('|')}))?$`);
