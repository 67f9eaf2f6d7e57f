/**
 * A list read a page at a time (SPEC 7's limit and offset), as the attendees and the
 * connections are: `loading` reads the first page, `loadingMore` the next while the last
 * was full (`hasMore`), and `reloaded` or a reconnect reads it again from the start. A
 * failed read is said by the chart's `showLoadFailure`: the first page's fails the list
 * (a lost session is reported instead), a next page's leaves the list as it stands. The
 * chart names `isSessionGone`, `reportSessionGone`, `showLoadFailure` and `hasMore` in its `setup`.
 */
export function paging<R extends string, M extends string>(reloaded: R, moreRequested: M) {
  const reload = () => ({ [reloaded]: 'loading', 'live.reconnected': 'loading' }) as Record<R | 'live.reconnected', 'loading'>;
  const more = { [moreRequested]: { guard: 'hasMore', target: 'loadingMore' } } as Record<M, { guard: 'hasMore'; target: 'loadingMore' }>;
  return {
    firstFailed: [
      { guard: 'isSessionGone' as const, target: 'failed', actions: 'reportSessionGone' as const },
      { target: 'failed', actions: 'showLoadFailure' as const },
    ],
    nextFailed: { target: 'ready', actions: 'showLoadFailure' as const },
    ready: { on: { ...reload(), ...more } },
    failed: { on: reload() },
  };
}

/** Where a paged list stands: loading until it shows something; a failed next page leaves it ready. */
export const pagedStatus = (s: { matches(state: 'loading' | 'failed'): boolean }, shown: number): 'loading' | 'failed' | 'ready' =>
  s.matches('loading') && shown === 0 ? 'loading' : s.matches('failed') ? 'failed' : 'ready';
