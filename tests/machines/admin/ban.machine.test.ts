import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup, SimulatedClock, waitFor, type AnyEventObject } from 'xstate';
import type { AdminUser, ModerationAnswer } from '../../../contract/admin';
import { MESSAGES } from '../../../contract/messages';
import type { BanRequest } from '../../../machines/api/admin';
import { ApiError } from '../../../machines/api/client';
import {
  ADMIN_REASONS,
  banDraftOf,
  banMachine,
  canBan,
  canUnban,
  canWarn,
  isBanFormOpen,
  isWarnFormOpen,
  WARNING_REASON_REQUIRED,
  type BanActorRef,
} from '../../../machines/admin/ban.machine';
import { english } from '../../../contract/said';

const ADMIN_ID = '5a0e6f1c-7d3b-4c2a-9e8f-1b2c3d4e5f60';

const activeUser: AdminUser = {
  id: '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a10',
  username: 'rowan',
  name: 'Rowan Reed',
  email: 'rowan@example.org',
  created_at: '2026-01-02T03:04:05.000Z',
  is_active: true,
  is_banned: false,
  banned_until: null,
  ban_reason: null,
};
const bannedUser: AdminUser = { ...activeUser, is_banned: true, banned_until: '2026-12-01T00:00:00.000Z', ban_reason: 'Spam' };

type UserCall = { adminId: string; userId: string };
interface Fakes {
  ban?: (input: UserCall & { ban: BanRequest }) => Promise<ModerationAnswer>;
  unban?: (input: UserCall) => Promise<ModerationAnswer>;
  warn?: (input: UserCall & { reason: string }) => Promise<unknown>;
  remove?: (input: UserCall) => Promise<unknown>;
}

const never = (name: string) => async (): Promise<never> => {
  throw new Error(`unexpected call: ${name}`);
};

/**
 * Runs one row chart under a parent that records what the row reports, with every call
 * faked, on a simulated clock (no time passes unless told).
 */
function startRow(user: AdminUser, fakes: Fakes = {}) {
  const calls = {
    ban: vi.fn(fakes.ban ?? never('ban')),
    unban: vi.fn(fakes.unban ?? never('unban')),
    warn: vi.fn(fakes.warn ?? never('warn')),
    remove: vi.fn(fakes.remove ?? never('remove')),
    focus: vi.fn((_form: 'ban' | 'warn') => {}),
  };
  const reports: AnyEventObject[] = [];
  const row = banMachine.provide({
    actors: {
      ban: fromPromise<ModerationAnswer, UserCall & { ban: BanRequest }>(({ input }) => calls.ban(input)),
      unban: fromPromise<ModerationAnswer, UserCall>(({ input }) => calls.unban(input)),
      warn: fromPromise<unknown, UserCall & { reason: string }>(({ input }) => calls.warn(input)),
      remove: fromPromise<unknown, UserCall>(({ input }) => calls.remove(input)),
    },
    actions: { focusBanError: () => calls.focus('ban'), focusWarnError: () => calls.focus('warn') },
  });
  const parent = setup({ actors: { row } }).createMachine({
    invoke: { id: 'row', src: 'row', input: { adminId: ADMIN_ID, user } },
    on: { '*': { actions: ({ event }) => void (event.type.startsWith('row.') && reports.push(event)) } },
  });
  const actor = createActor(parent, { clock: new SimulatedClock() }).start();
  const ref = actor.getSnapshot().children.row as BanActorRef;
  return { ref, calls, reports, snap: () => ref.getSnapshot() };
}

const answer = (user: AdminUser): ModerationAnswer => ({ success: true, user });

describe('banMachine: what each state offers (SPEC 4)', () => {
  it('starts active for a user who is not banned: Ban and Warn, never Unban', () => {
    const row = startRow(activeUser);
    expect(row.snap().matches({ active: 'idle' })).toBe(true);
    expect([canBan(row.snap()), canWarn(row.snap()), canUnban(row.snap())]).toEqual([true, true, false]);
    row.ref.send({ type: 'unban.requested' });
    expect(row.snap().matches({ active: 'idle' })).toBe(true);
    expect(row.calls.unban).not.toHaveBeenCalled();
  });

  it('starts banned for a banned user: Unban only, never Warn or Ban', () => {
    const row = startRow(bannedUser);
    expect(row.snap().matches({ banned: 'idle' })).toBe(true);
    expect([canBan(row.snap()), canWarn(row.snap()), canUnban(row.snap())]).toEqual([false, false, true]);
    row.ref.send({ type: 'warn.requested' });
    row.ref.send({ type: 'ban.formOpened' });
    expect(row.snap().matches({ banned: 'idle' })).toBe(true);
    expect(row.calls.warn).not.toHaveBeenCalled();
  });

  it('offers nothing while a call is under way', async () => {
    let finish: (a: ModerationAnswer) => void = () => {};
    const row = startRow(bannedUser, { unban: () => new Promise((r) => (finish = r)) });
    row.ref.send({ type: 'unban.requested' });
    expect(row.snap().matches('unbanning')).toBe(true);
    expect([canBan(row.snap()), canWarn(row.snap()), canUnban(row.snap())]).toEqual([false, false, false]);
    row.ref.send({ type: 'unban.requested' });
    expect(row.calls.unban).toHaveBeenCalledTimes(1);
    finish(answer(activeUser));
    await waitFor(row.ref, (s) => s.matches({ active: 'idle' }));
  });
});

describe('banMachine: the ban form (SPEC 5)', () => {
  it('opens temporary by default with a number of days', () => {
    const row = startRow(activeUser);
    row.ref.send({ type: 'ban.formOpened' });
    expect(isBanFormOpen(row.snap())).toBe(true);
    expect(row.snap().context.draft).toEqual({ reason: '', ban_type: 'temporary', days: '7' });
    row.ref.send({ type: 'ban.cancelled' });
    expect(row.snap().matches({ active: 'idle' })).toBe(true);
  });

  it.each([
    [{ reason: '  ' }, 'reason', 'A reason is required'],
    [{ reason: 'Spam', days: '' }, 'days', 'Duration must be between 1 and 365 days'],
    [{ reason: 'Spam', days: '0' }, 'days', 'Duration must be between 1 and 365 days'],
    [{ reason: 'Spam', days: '366' }, 'days', 'Duration must be between 1 and 365 days'],
    [{ reason: 'Spam', days: '2.5' }, 'days', 'Duration must be between 1 and 365 days'],
    [{ reason: 'Spam', days: 'ten' }, 'days', 'Duration must be between 1 and 365 days'],
  ] as const)('keeps the form open saying why beside the field for %j, without calling', (fields, field, message) => {
    const row = startRow(activeUser);
    row.ref.send({ type: 'ban.formOpened' });
    for (const [field, value] of Object.entries(fields)) {
      row.ref.send({ type: 'ban.fieldChanged', field: field as 'reason' | 'days', value });
    }
    row.ref.send({ type: 'ban.submitted' });
    expect(row.snap().matches({ active: 'editing' })).toBe(true);
    expect(english(row.snap().context.errors)).toEqual(english({ fields: { [field]: message }, form: null }));
    expect(row.calls.focus).toHaveBeenCalledWith('ban');
    expect(row.calls.ban).not.toHaveBeenCalled();
    // Typing in that field settles its message.
    row.ref.send({ type: 'ban.fieldChanged', field, value: field === 'reason' ? 'Spam again' : '3' });
    expect(row.snap().context.errors).toEqual({ fields: {}, form: null });
  });

  it('bans for the typed days, reports success and becomes banned', async () => {
    const row = startRow(activeUser, { ban: async () => answer(bannedUser) });
    row.ref.send({ type: 'ban.formOpened' });
    row.ref.send({ type: 'ban.fieldChanged', field: 'reason', value: '  Spam in chats ' });
    row.ref.send({ type: 'ban.fieldChanged', field: 'days', value: '30' });
    row.ref.send({ type: 'ban.submitted' });
    await waitFor(row.ref, (s) => s.matches({ banned: 'idle' }));
    expect(row.calls.ban).toHaveBeenCalledWith({
      adminId: ADMIN_ID,
      userId: activeUser.id,
      ban: { reason: 'Spam in chats', ban_type: 'temporary', duration_days: 30 },
    });
    expect(row.snap().context.user).toEqual(bannedUser);
    expect(row.reports).toContainEqual({ type: 'row.succeeded', message: MESSAGES.userBanned });
    expect(canUnban(row.snap())).toBe(true);
  });

  it('bans for good without days when permanent is chosen, whatever the days field says', async () => {
    const row = startRow(activeUser, { ban: async () => answer({ ...bannedUser, banned_until: null }) });
    row.ref.send({ type: 'ban.formOpened' });
    row.ref.send({ type: 'ban.fieldChanged', field: 'reason', value: 'Threats' });
    row.ref.send({ type: 'ban.fieldChanged', field: 'days', value: '9999' });
    row.ref.send({ type: 'ban.fieldChanged', field: 'ban_type', value: 'permanent' });
    row.ref.send({ type: 'ban.submitted' });
    await waitFor(row.ref, (s) => s.matches('banned'));
    expect(row.calls.ban.mock.calls[0]![0].ban).toEqual({ reason: 'Threats', ban_type: 'permanent', duration_days: null });
  });

  it('keeps the form and what was typed when the ban fails, and says so', async () => {
    const row = startRow(activeUser, {
      ban: async () => {
        throw new ApiError(409, 'This user is already banned');
      },
    });
    row.ref.send({ type: 'ban.formOpened' });
    row.ref.send({ type: 'ban.fieldChanged', field: 'reason', value: 'Spam' });
    row.ref.send({ type: 'ban.submitted' });
    await waitFor(row.ref, (s) => s.matches({ active: 'editing' }) && row.calls.ban.mock.calls.length === 1);
    expect(row.snap().context.draft.reason).toBe('Spam');
    // SPEC 8's words, in the form where the admin pressed; a reason refused is said beside it.
    expect(row.snap().context.errors).toEqual({ fields: {}, form: MESSAGES.failedBanUser });
    expect(row.calls.focus).toHaveBeenCalledWith('ban');
    expect(row.reports).toEqual([]);
    row.calls.ban.mockImplementationOnce(async () => {
      throw new ApiError(400, 'reason: must be at most 500 characters');
    });
    row.ref.send({ type: 'ban.submitted' });
    await waitFor(row.ref, (s) => s.matches({ active: 'editing' }) && row.calls.ban.mock.calls.length === 2);
    expect(english(row.snap().context.errors)).toEqual(english({
      fields: { reason: 'A reason can be at most 500 characters long.' },
      form: MESSAGES.failedBanUser,
    }));
  });

  it('says when a failure means the admin session is gone', async () => {
    const row = startRow(activeUser, {
      warn: async () => {
        throw new ApiError(401, 'You need to be signed in as an admin to do that');
      },
    });
    row.ref.send({ type: 'warn.requested' });
    row.ref.send({ type: 'warn.reasonChanged', value: 'Be kind' });
    row.ref.send({ type: 'warn.submitted' });
    await waitFor(row.ref, () => row.reports.length > 0);
    expect(row.reports).toEqual([{ type: 'row.failed', message: MESSAGES.failedWarnUser, unauthorized: true }]);
  });

  it('reads the draft as the rules do', () => {
    expect(banDraftOf({ reason: 'r', ban_type: 'temporary', days: ' 12 ' })).toEqual({ reason: 'r', ban_type: 'temporary', duration_days: 12 });
    expect(banDraftOf({ reason: 'r', ban_type: 'permanent', days: '12' }).duration_days).toBeNull();
  });
});

describe('banMachine: unban, warn and the unseen delete', () => {
  it("unbans with the reason 'Admin unban' and becomes active again", async () => {
    const row = startRow(bannedUser, { unban: async () => answer(activeUser) });
    row.ref.send({ type: 'unban.requested' });
    await waitFor(row.ref, (s) => s.matches({ active: 'idle' }));
    expect(row.calls.unban).toHaveBeenCalledWith({ adminId: ADMIN_ID, userId: bannedUser.id });
    expect(ADMIN_REASONS.unban).toBe('Admin unban');
    expect(row.reports).toContainEqual({ type: 'row.succeeded', message: MESSAGES.userUnbanned });
    expect(canWarn(row.snap())).toBe(true);
  });

  it('stays banned when the unban fails', async () => {
    const row = startRow(bannedUser, {
      unban: async () => {
        throw new ApiError(500, null);
      },
    });
    row.ref.send({ type: 'unban.requested' });
    await waitFor(row.ref, (s) => s.matches({ banned: 'idle' }) && row.reports.length > 0);
    expect(row.reports).toEqual([{ type: 'row.failed', message: MESSAGES.failedUnbanUser, unauthorized: false }]);
  });

  it('warns with the reason the admin wrote, asked for first, and stays active', async () => {
    const row = startRow(activeUser, { warn: async () => ({ success: true }) });
    row.ref.send({ type: 'warn.requested' });
    expect(isWarnFormOpen(row.snap())).toBe(true);
    expect(row.calls.warn).not.toHaveBeenCalled();
    row.ref.send({ type: 'warn.submitted' });
    expect(row.snap().context.warnErrors).toEqual({ fields: { reason: WARNING_REASON_REQUIRED }, form: null });
    expect(row.calls.focus).toHaveBeenCalledWith('warn');
    expect(row.calls.warn).not.toHaveBeenCalled();
    row.ref.send({ type: 'warn.reasonChanged', value: '  Please give people room to say no.  ' });
    row.ref.send({ type: 'warn.submitted' });
    expect(row.snap().matches({ active: 'warning' })).toBe(true);
    await waitFor(row.ref, (s) => s.matches({ active: 'idle' }));
    expect(row.calls.warn).toHaveBeenCalledWith({ adminId: ADMIN_ID, userId: activeUser.id, reason: 'Please give people room to say no.' });
    expect(row.reports).toEqual([{ type: 'row.succeeded', message: MESSAGES.warningIssued }]);
  });

  it('can leave the warning unsent', () => {
    const row = startRow(activeUser);
    row.ref.send({ type: 'warn.requested' });
    row.ref.send({ type: 'warn.reasonChanged', value: 'draft' });
    row.ref.send({ type: 'warn.cancelled' });
    expect(row.snap().matches({ active: 'idle' })).toBe(true);
    expect(row.calls.warn).not.toHaveBeenCalled();
  });

  it.each([[activeUser], [bannedUser]])('deletes from either state and tells the parent the row is gone', async (user) => {
    const row = startRow(user, { remove: async () => ({ success: true }) });
    row.ref.send({ type: 'delete.requested' });
    await waitFor(row.ref, (s) => s.status === 'done');
    expect(row.calls.remove).toHaveBeenCalledWith({ adminId: ADMIN_ID, userId: user.id });
    expect(row.reports).toEqual([
      { type: 'row.succeeded', message: MESSAGES.userDeleted },
      { type: 'row.deleted', userId: user.id },
    ]);
  });

  it('returns to the state it was in when the delete fails', async () => {
    const row = startRow(bannedUser, {
      remove: async () => {
        throw new ApiError(404, 'User not found');
      },
    });
    row.ref.send({ type: 'delete.requested' });
    await waitFor(row.ref, (s) => s.matches({ banned: 'idle' }) && row.reports.length > 0);
    expect(row.reports).toEqual([{ type: 'row.failed', message: MESSAGES.failedDeleteUser, unauthorized: false }]);
  });
});
