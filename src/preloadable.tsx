import { lazy, type ComponentType } from 'react';

/** A view whose chunk can be fetched before it is drawn (preloadable). */
export type View = ComponentType & { preload(): Promise<unknown> };

/**
 * A view in a chunk of its own that can be fetched ahead (`preload`), and is then drawn
 * at once, not through a Suspense fallback: React holds what a fallback gave way to for
 * 300 ms after the fallback showed, and on a slow phone that was the largest part of the
 * wait for the event view's first words (issue 44 item 1). Drawn before its chunk is
 * there, it waits for it as any lazy component does.
 */
export function preloadable(load: () => Promise<{ default: ComponentType }>): View {
  let Loaded: ComponentType | null = null;
  let loading: Promise<unknown> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (m) => {
        Loaded = m.default;
      },
      (err: unknown) => {
        loading = null;
        throw err;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: Loaded! })));
  const View = () => (Loaded ? <Loaded /> : <Lazy />);
  return Object.assign(View, { preload });
}
