/**
 * loadChunk (machines/lazy-charts.ts): a part's charts are handed over in the task after
 * the one that ran its chunk, so a slow phone runs two shorter tasks rather than one long
 * one at the start (issue 44 item 1).
 */
import { describe, expect, it } from 'vitest';
import { loadChunk } from '../../machines/lazy-charts';

/** Lets every promise reaction waiting now run, without giving up the task. */
async function drainMicrotasks() {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}

describe('loadChunk', () => {
  it("gives a chunk's charts, by their child ids", async () => {
    const charts = await loadChunk('login');
    expect(Object.keys(charts)).toEqual(['auth']);
  });

  it('hands the charts over only in a later task, even when the chunk is already here', async () => {
    await loadChunk('login'); // fetched and run once: from now on its import settles at once
    let handed = false;
    const done = loadChunk('login').then(() => (handed = true));
    await drainMicrotasks();
    expect(handed).toBe(false);
    await done;
    expect(handed).toBe(true);
  });
});
