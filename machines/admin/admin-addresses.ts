/**
 * The admin panel's addresses (issue 39 item 5): each section has a path under the admin
 * entrance, `/admin/<slug>` (the dashboard), `/admin/<slug>/users`, `/events`, `/reports`,
 * `/analytics` and `/settings`, so reload, Back and Forward stay in the panel. While the
 * panel is on screen the admin chart reads and writes them (the root chart ignores the
 * address then); the server answers every one with the app. Entered by the hidden key
 * sequence, where no slug is known, the panel has no addresses.
 */
import type { AdminNavView } from './admin.setup';

const SECTION_PATHS: Record<AdminNavView, string> = {
  'admin-dashboard': '',
  'admin-users': '/users',
  'admin-events': '/events',
  'admin-reports': '/reports',
  'admin-analytics': '/analytics',
  'admin-settings': '/settings',
};
const SECTIONS = Object.keys(SECTION_PATHS) as AdminNavView[];

/** The admin entrance a path is under (`/admin/<slug>`), or null for any other path. */
export const adminBaseOf = (path: string): string | null => /^\/admin\/[^/]+/.exec(path)?.[0] ?? null;

/** The section a path names under the entrance `base`; null for a path outside the panel or naming none. */
export function adminSectionOf(path: string, base: string | null): AdminNavView | null {
  if (!base || (path !== base && !path.startsWith(`${base}/`))) return null;
  const rest = path.slice(base.length).replace(/\/+$/, '');
  return SECTIONS.find((v) => SECTION_PATHS[v] === rest) ?? null;
}

/** The path of a section: adminSectionOf(adminPathOf(base, v), base) is v again. */
export const adminPathOf = (base: string, view: AdminNavView): string => base + SECTION_PATHS[view];
