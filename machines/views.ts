/** The view names of SPEC 2, exactly as the SPEC writes them. */
export const USER_VIEWS = [
  'events',
  'event',
  'chat',
  'group-chat',
  'privacy-settings',
  'contact-exchange',
  'create-event',
  'user-search',
  'notifications',
  'analytics',
  'photo-gallery',
  'profile',
  'attendees',
  'connection-requests',
  'mutual-connections',
  // Issue 13: the Chats inbox (every 1:1 and group conversation).
  'chats',
  // Issue 17: the organizer tools of an event.
  'organizer',
  // Issue 18: contact cards offered to me, and what I shared.
  'cards',
  'shared-cards',
  // Issue 19: connect by code (my QR code, and scanning someone's).
  'connect',
  // Issue 19: my 1:1 meetings.
  'meetings',
] as const;
export type UserView = (typeof USER_VIEWS)[number];

export const ADMIN_VIEWS = [
  'admin-login',
  'admin-dashboard',
  'admin-users',
  'admin-events',
  'admin-reports',
  'admin-analytics',
  'admin-settings',
] as const;
export type AdminView = (typeof ADMIN_VIEWS)[number];

/**
 * /admin/<slug> (SPEC 2 "Start view") and the panel's sections under it, /admin/<slug>/users
 * and the like (issue 39): the slug, or null for any other path.
 */
export const adminSlugFromPath = (path: string): string | null => /^\/admin\/([^/]+)/.exec(path)?.[1] ?? null;
