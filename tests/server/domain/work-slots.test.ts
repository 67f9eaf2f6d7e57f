import { describe, expect, it } from 'vitest';
import { WorkSlots } from '../../../server/domain/work-slots';
import { HASHING_BUSY, hashingSlots } from '../../../server/domain/passwords';
import { HttpError } from '../../../server/core/errors';

const busy = () => new HttpError(429, { id: 'test', message: 'busy' }, { 'retry-after': '5' });

describe('WorkSlots (how much expensive work runs at once)', () => {
  it('runs a few jobs at once, queues a few more and refuses the rest with its owner’s error', async () => {
    const slots = new WorkSlots(2, 1, busy);
    const gates: (() => void)[] = [];
    const job = () => new Promise<string>((resolve) => gates.push(() => resolve('done')));
    const first = slots.run(job);
    const second = slots.run(job);
    const third = slots.run(job);
    await Promise.resolve();
    expect(slots.busy).toEqual({ running: 2, waiting: 1, admitted: 0 });
    await expect(slots.run(job)).rejects.toMatchObject({ statusCode: 429, headers: { 'retry-after': '5' } });
    expect(gates).toHaveLength(2); // the third has not started
    gates[0]!();
    await expect(first).resolves.toBe('done');
    await new Promise((r) => setImmediate(r));
    expect(gates).toHaveLength(3);
    expect(slots.busy).toEqual({ running: 2, waiting: 0, admitted: 0 });
    gates[1]!();
    gates[2]!();
    await expect(Promise.all([second, third])).resolves.toEqual(['done', 'done']);
    expect(slots.busy).toEqual({ running: 0, waiting: 0, admitted: 0 });
  });

  it('frees the slot when a job fails', async () => {
    const slots = new WorkSlots(1, 0, busy);
    await expect(slots.run(() => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
  });

  it('keeps a place for a whole task from its first moment and refuses past slots plus queue', async () => {
    const slots = new WorkSlots(1, 1, busy);
    const gates: (() => void)[] = [];
    // Two tasks still at their own work before the queue (a lookup): both places are kept.
    const tasks = [0, 1].map(() => slots.admitted(() => new Promise<string>((resolve) => gates.push(() => resolve('looked up')))));
    expect(slots.busy).toEqual({ running: 0, waiting: 0, admitted: 2 });
    await expect(slots.admitted(async () => 'third')).rejects.toMatchObject({ statusCode: 429 });
    expect(() => slots.refuseWhenFull()).toThrow('busy');
    gates[0]!();
    await expect(tasks[0]).resolves.toBe('looked up');
    await expect(slots.admitted(async () => 'now there is room')).resolves.toBe('now there is room');
    gates[1]!();
    await tasks[1];
    await expect(slots.admitted(() => Promise.reject(new Error('lookup failed')))).rejects.toThrow('lookup failed');
    expect(slots.busy).toEqual({ running: 0, waiting: 0, admitted: 0 });
  });
});

describe('password hashing', () => {
  it('runs one hash at a time and answers 503 with Retry-After once the queue is full', async () => {
    expect(hashingSlots.busy).toEqual({ running: 0, waiting: 0, admitted: 0 });
    const gates: (() => void)[] = [];
    const job = () => new Promise<void>((resolve) => gates.push(resolve));
    const held = Array.from({ length: 33 }, () => hashingSlots.run(job));
    await Promise.resolve();
    expect(hashingSlots.busy).toEqual({ running: 1, waiting: 32, admitted: 0 });
    await expect(hashingSlots.run(job)).rejects.toMatchObject({ statusCode: 503, detail: HASHING_BUSY.message, said: HASHING_BUSY, headers: { 'retry-after': '2' } });
    while (gates.length > 0 || hashingSlots.busy.running > 0) {
      gates.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(held);
    expect(hashingSlots.busy).toEqual({ running: 0, waiting: 0, admitted: 0 });
  });
});
