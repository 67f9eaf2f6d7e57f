import { describe, expect, it } from 'vitest';
import { atOnce } from '../../server/db/client';

describe('atOnce (reads sent together, refused as if one by one)', () => {
  it('answers every value, in order, plain values included', async () => {
    await expect(atOnce([Promise.resolve(1), null, Promise.resolve('b')])).resolves.toEqual([1, null, 'b']);
  });

  it('throws the first failure in the order given, not the first to happen', async () => {
    let lateFailure!: (e: Error) => void;
    const first = new Promise<never>((_, reject) => (lateFailure = reject));
    const second = Promise.reject(new Error('second'));
    const answer = atOnce([first, second]);
    lateFailure(new Error('first'));
    await expect(answer).rejects.toThrow('first');
  });

  it('waits for every read before it answers, so none runs on unwatched', async () => {
    const order: string[] = [];
    let finishSlow!: () => void;
    const slow = new Promise<void>((resolve) => (finishSlow = resolve)).then(() => order.push('slow'));
    const answer = atOnce([Promise.reject(new Error('fast')), slow]).catch(() => order.push('refused'));
    finishSlow();
    await answer;
    expect(order).toEqual(['slow', 'refused']);
  });
});
