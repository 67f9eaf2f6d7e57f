/**
 * What the admin panel's lists share: pages of ADMIN_PAGE_SIZE, and the words every chart
 * of the admin area (a screen's, or one row's) uses to tell the admin chart of a success
 * (a toast) or a failure (the banner, or signing out once the admin session is gone).
 */
import { ADMIN_PAGE_SIZE } from '../../contract/constants';
import { MESSAGES } from '../../contract/messages';
import type { Said } from '../../contract/said';
import { errorOf, isUnauthorized } from '../api/request';

/** What a child of the admin area tells its parent; the screens' charts pass their rows' on to the admin chart. */
export type AdminTold = { type: 'row.succeeded'; message: Said } | { type: 'row.failed'; message: Said; unauthorized: boolean };

export const succeeded = (message: Said): AdminTold => ({ type: 'row.succeeded', message });

/** A failed call, as the admin chart hears of it: a 401 signs the admin out instead of being shown. */
export const failedWith = (event: object, message: Said): AdminTold => ({
  type: 'row.failed',
  message,
  unauthorized: isUnauthorized(errorOf(event)),
});

/** A screen's list could not load because the admin session is gone: the admin chart signs out. */
export const SESSION_GONE: AdminTold = { type: 'row.failed', message: MESSAGES.adminUserNotLoaded, unauthorized: true };

export interface Paging {
  /** 1-based. */
  page: number;
  total: number;
}

export const lastPage = (p: Pick<Paging, 'total'>): number => Math.max(1, Math.ceil(p.total / ADMIN_PAGE_SIZE));
export const hasNextPage = (p: Paging): boolean => p.page < lastPage(p);
export const hasPreviousPage = (p: Paging): boolean => p.page > 1;

/** The guards of a list chart's Next and Previous, by name. */
export const pagingGuards = {
  hasNextPage: ({ context }: { context: Paging }) => hasNextPage(context),
  hasPreviousPage: ({ context }: { context: Paging }) => hasPreviousPage(context),
};

/**
 * The rows of a new page, one chart each (made by `spawnRow`), under ids no chart of the
 * old page had: `generation` is bumped per load.
 */
export function rowsOf<T extends { id: string }, R>(items: readonly T[], generation: number, spawnRow: (item: T, id: string) => R): Array<{ id: string; ref: R }> {
  return items.map((item) => ({ id: item.id, ref: spawnRow(item, `row-${generation}-${item.id}`) }));
}

/** The rows a page shows, numbered from 1 ("Showing 21–25 of 25"); 0–0 when there are none. */
export function pageSpan(p: Paging): { first: number; last: number } {
  if (p.total === 0) return { first: 0, last: 0 };
  return { first: (p.page - 1) * ADMIN_PAGE_SIZE + 1, last: Math.min(p.total, p.page * ADMIN_PAGE_SIZE) };
}

/** "1 attendee" / "3 attendees". */
