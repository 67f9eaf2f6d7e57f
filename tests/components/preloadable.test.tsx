/**
 * preloadable (src/preloadable.tsx): a view whose chunk was fetched ahead is drawn in the
 * same render, with no Suspense fallback (whose commit would hold the view 300 ms); one
 * drawn before its chunk is there waits for it as a lazy component does.
 */
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from '../../src/preloadable';

function chunk() {
  let loads = 0;
  let resolve!: () => void;
  const ready = new Promise<void>((r) => (resolve = r));
  const load = async () => {
    loads++;
    await ready;
    return { default: () => <p>The view</p> };
  };
  return { load, resolve, loads: () => loads };
}

const drawn = (View: ReturnType<typeof preloadable>) =>
  render(
    <Suspense fallback={<p>Loading</p>}>
      <View />
    </Suspense>,
  );

describe('a preloadable view', () => {
  it('fetched ahead, is drawn at once, without its fallback, from one fetch', async () => {
    const c = chunk();
    const View = preloadable(c.load);
    const fetched = View.preload();
    expect(View.preload()).toBe(fetched);
    c.resolve();
    await act(() => fetched);
    drawn(View);
    // In the first render: no fallback, no wait.
    expect(screen.getByText('The view')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(c.loads()).toBe(1);
  });

  it('drawn before its chunk is there, shows the fallback until it is', async () => {
    const c = chunk();
    const View = preloadable(c.load);
    drawn(View);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => c.resolve());
    expect(await screen.findByText('The view')).toBeInTheDocument();
    expect(c.loads()).toBe(1);
  });

  it('fetches again after a fetch that failed', async () => {
    let fail = true;
    const View = preloadable(async () => {
      if (fail) throw new Error('offline');
      return { default: () => <p>The view</p> };
    });
    await expect(View.preload()).rejects.toThrow('offline');
    fail = false;
    await act(() => View.preload());
    drawn(View);
    expect(screen.getByText('The view')).toBeInTheDocument();
  });
});
