import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, SimulatedClock, waitFor, type AnyActorRef } from 'xstate';
import { CONNECT_CODE_REFRESH_MS, CONNECT_VIEW_WORDS } from '../../../contract/connect-words';
import type { Connection } from '../../../contract/social';
import { ApiError } from '../../../machines/api/client';
import { connectCodeMachine, selectCodeStatus, type ShownCode } from '../../../machines/connect/connect-code.machine';
import { english } from '../../../contract/said';

const codeNo = (n: number): ShownCode => ({
  code: { token: `nonce${n}.signature${n}`, short_code: `ABC${n}${n}${n}`.slice(0, 6), expires_at: new Date(60_000 * n).toISOString() },
  image: `data:image/png;base64,${n}`,
});

const connection = (type: Connection['connection_type']): Connection => ({
  id: '00000000-0000-4000-8000-000000000001',
  connected_user: { id: '00000000-0000-4000-8000-000000000002', name: 'Sam', username: 'sam', occupation: null, interests: [], photo_data: null },
  shared_interests: [],
  event_id: null,
  connection_type: type,
  created_at: new Date(0).toISOString(),
});

/** The chart under a parent (it reports a lost session there), on a simulated clock, with its fetch answered by `answers` in turn. */
function run(answers: Array<() => Promise<ShownCode>>) {
  const clock = new SimulatedClock();
  let calls = 0;
  const logic = connectCodeMachine.provide({
    actors: { fetchCode: fromPromise(() => answers[Math.min(calls++, answers.length - 1)]!()) },
  });
  const parentEvents: string[] = [];
  const parent = setup({ actors: { logic } }).createMachine({
    invoke: { src: 'logic', id: 'code', input: { userId: 'u1' } },
    on: { '*': { actions: ({ event }) => parentEvents.push(event.type) } },
  });
  const actor = createActor(parent, { clock }).start();
  const code = actor.getSnapshot().children.code as AnyActorRef;
  const snap = () => code.getSnapshot() as ReturnType<typeof connectCodeMachine.getInitialSnapshot>;
  return { clock, code, snap, calls: () => calls, parentEvents };
}

describe('connectCodeMachine', () => {
  it('loads a code, then shows a fresh one every CONNECT_CODE_REFRESH_MS, keeping the old one on screen meanwhile', async () => {
    let release!: (c: ShownCode) => void;
    const { clock, code, snap, calls } = run([
      () => Promise.resolve(codeNo(1)),
      () => new Promise<ShownCode>((r) => (release = r)),
    ]);
    expect(selectCodeStatus(snap())).toBe('loading');
    await waitFor(code, (s) => s.matches('showing'));
    expect(snap().context.shown).toEqual(codeNo(1));
    expect(selectCodeStatus(snap())).toBe('ready');
    clock.increment(CONNECT_CODE_REFRESH_MS - 1);
    expect(calls()).toBe(1);
    clock.increment(1);
    expect(snap().value).toBe('refreshing');
    expect(calls()).toBe(2);
    expect(snap().context.shown).toEqual(codeNo(1));
    expect(selectCodeStatus(snap())).toBe('ready');
    release(codeNo(2));
    await waitFor(code, (s) => s.matches('showing'));
    expect(snap().context.shown).toEqual(codeNo(2));
  });

  it('keeps refreshing minute after minute', async () => {
    let n = 0;
    const { clock, code, calls } = run([() => Promise.resolve(codeNo(++n))]);
    for (let i = 1; i <= 3; i++) {
      await waitFor(code, (s) => s.matches('showing'));
      expect(calls()).toBe(i);
      clock.increment(CONNECT_CODE_REFRESH_MS);
    }
  });

  it("says what went wrong (the server's detail) and tries again when asked", async () => {
    const { code, snap } = run([() => Promise.reject(new ApiError(429, 'Slow down')), () => Promise.resolve(codeNo(1))]);
    await waitFor(code, (s) => s.matches('failed'));
    expect(english(snap().context.error)).toBe(english('Slow down'));
    expect(selectCodeStatus(snap())).toBe('failed');
    code.send({ type: 'code.retried' });
    await waitFor(code, (s) => s.matches('showing'));
    expect(snap().context.error).toBeNull();
  });

  it('drops a code it could not refresh (it would only disappoint), with the calm fallback words offline', async () => {
    const { clock, code, snap } = run([() => Promise.resolve(codeNo(1)), () => Promise.reject(new ApiError(0, null))]);
    await waitFor(code, (s) => s.matches('showing'));
    clock.increment(CONNECT_CODE_REFRESH_MS);
    await waitFor(code, (s) => s.matches('failed'));
    expect(snap().context.shown).toBeNull();
    expect(english(snap().context.error)).toBe(english(CONNECT_VIEW_WORDS.codeFailed.message));
  });

  it('tells the parent when the session is gone', async () => {
    const { code, parentEvents } = run([() => Promise.reject(new ApiError(401, 'Not signed in'))]);
    await waitFor(code, (s) => s.matches('failed'));
    expect(parentEvents).toContain('session.expired');
  });

  it('says who connected by the code and shows a fresh one; other connections change nothing', async () => {
    let n = 0;
    const { code, snap, calls } = run([() => Promise.resolve(codeNo(++n))]);
    await waitFor(code, (s) => s.matches('showing'));
    code.send({ type: 'live.connection_accepted', connection: connection('mutual_interest') });
    expect(snap().context.connected).toBeNull();
    expect(calls()).toBe(1);
    code.send({ type: 'live.connection_accepted', connection: connection('qr') });
    expect(snap().context.connected?.connected_user.name).toBe('Sam');
    expect(calls()).toBe(2);
    await waitFor(code, (s) => s.matches('showing'));
    expect(snap().context.shown).toEqual(codeNo(2));
    code.send({ type: 'connected.dismissed' });
    expect(snap().context.connected).toBeNull();
  });
});
