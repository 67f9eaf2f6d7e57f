/** The blocked people in privacy settings: the list, Unblock asked first, and its failures. */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { BlockedUser } from '../../../contract/discovery';
import { ApiError } from '../../../machines/api/client';
import {
  UNBLOCK_FAILED,
  blockedPeopleMachine,
  selectBlockedStatus,
  unblockQuestion,
  unblockedToast,
} from '../../../machines/safety/blocked-people.machine';
import { ada } from '../app.fakes';
import { asChild, deferred, flush } from '../discovery.fakes';
import { english } from '../../../contract/said';

const sam: BlockedUser = { id: 'b0000000-0000-4000-8000-000000000001', name: 'Sam Reed', username: 'sam', blocked_at: '2030-05-01T18:00:00.000Z' };
const kim: BlockedUser = { id: 'b0000000-0000-4000-8000-000000000002', name: 'Kim Park', username: 'kim', blocked_at: '2030-04-01T18:00:00.000Z' };

function start(load: () => Promise<BlockedUser[]>, unblock: (id: string) => Promise<unknown> = async () => ({ success: true })) {
  const unblocks = vi.fn(unblock);
  const machine = blockedPeopleMachine.provide({
    actors: {
      loadBlocked: fromPromise<BlockedUser[], { userId: string }>(() => load()),
      unblock: fromPromise<unknown, { userId: string; blockedId: string }>(({ input }) => unblocks(input.blockedId)),
    },
    actions: { logFailure: () => {} },
  });
  const t = asChild(machine, { userId: ada.id });
  return { ...t, unblocks, snap: () => t.child.getSnapshot() };
}

describe('blockedPeopleMachine', () => {
  it('loads the people one blocked', async () => {
    const t = start(async () => [sam, kim]);
    expect(selectBlockedStatus(t.snap())).toBe('loading');
    await flush();
    expect(selectBlockedStatus(t.snap())).toBe('ready');
    expect(t.snap().context.people).toEqual([sam, kim]);
  });

  it('asks before unblocking; "keep blocked" changes nothing', async () => {
    const t = start(async () => [sam, kim]);
    await flush();
    t.child.send({ type: 'blocked.unblockRequested', userId: sam.id });
    expect(t.snap().matches('confirming')).toBe(true);
    expect(t.snap().context.chosen).toBe(sam.id);
    t.child.send({ type: 'blocked.unblockCancelled' });
    expect(t.snap().matches('ready')).toBe(true);
    expect(t.unblocks).not.toHaveBeenCalled();
    expect(english(unblockQuestion('Sam Reed'))).toMatch(/^Unblock Sam Reed\? You will be strangers again/);
  });

  it('unblocks after the yes, drops them from the list and says so', async () => {
    const answer = deferred<unknown>();
    const t = start(async () => [sam, kim], () => answer.promise);
    await flush();
    t.child.send({ type: 'blocked.unblockRequested', userId: sam.id });
    t.child.send({ type: 'blocked.unblockConfirmed' });
    expect(t.unblocks).toHaveBeenCalledWith(sam.id);
    expect(t.snap().matches('unblocking')).toBe(true);
    answer.resolve({ success: true });
    await flush();
    expect(t.snap().context.people).toEqual([kim]);
    expect(t.received).toEqual([{ type: 'toast.show', message: unblockedToast('Sam Reed'), kind: 'success' }]);
  });

  it('ignores Unblock for someone not on the list', async () => {
    const t = start(async () => [kim]);
    await flush();
    t.child.send({ type: 'blocked.unblockRequested', userId: sam.id });
    expect(t.snap().matches('ready')).toBe(true);
  });

  it('keeps the question open and says so when the unblock fails', async () => {
    const t = start(
      async () => [sam],
      async () => {
        throw new ApiError(500, null);
      },
    );
    await flush();
    t.child.send({ type: 'blocked.unblockRequested', userId: sam.id });
    t.child.send({ type: 'blocked.unblockConfirmed' });
    await flush();
    expect(t.snap().matches('confirming')).toBe(true);
    expect(t.snap().context).toMatchObject({ people: [sam], error: UNBLOCK_FAILED });
  });

  it('offers a retry when the list does not load, and tells the root of a lost session', async () => {
    const answers = [
      async (): Promise<BlockedUser[]> => {
        throw new ApiError(500, null);
      },
      async (): Promise<BlockedUser[]> => {
        throw new ApiError(401, null);
      },
    ];
    const t = start(() => answers.shift()!());
    await flush();
    expect(selectBlockedStatus(t.snap())).toBe('failed');
    t.child.send({ type: 'blocked.reloaded' });
    await flush();
    expect(t.received).toEqual([{ type: 'session.expired' }]);
  });
});
