/** My meetings (issue 19): the list, its answers, live changes, failures and "Suggest another time". */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { SafeZone } from '../../../contract/discovery';
import type { Meeting, MyMeetings } from '../../../contract/meetings';
import { MEETING_WORDS } from '../../../contract/meeting-words';
import { ApiError, refusedWith } from '../../../machines/api/client';
import { meetingSheetMachine } from '../../../machines/meetings/meeting-sheet.machine';
import { meetingsMachine, selectIsEmpty, selectMeetings, selectMeetingsStatus, type MeetingAction } from '../../../machines/meetings/meetings.machine';
import { ada } from '../app.fakes';
import { asChild, flush } from '../discovery.fakes';
import { myMeetings, sampleMeeting } from './meetings.fakes';

const asked = sampleMeeting(1);
const mine = sampleMeeting(2, { proposed_by_me: true, waiting_for: 'them' });

function start(opts: { load?: () => Promise<MyMeetings>; act?: (id: string, action: MeetingAction) => Promise<Meeting> } = {}) {
  const load = vi.fn(opts.load ?? (async () => myMeetings({ proposed_to_me: [asked], proposed_by_me: [mine] })));
  const act = vi.fn(opts.act ?? (async (id: string) => sampleMeeting(Number(id.slice(-1)), { status: 'accepted' })));
  const machine = meetingsMachine.provide({
    actors: {
      loadMeetings: fromPromise(() => load()),
      act: fromPromise<Meeting, { userId: string; meetingId: string; action: MeetingAction }>(({ input }) => act(input.meetingId, input.action)),
      sheet: meetingSheetMachine.provide({
        actors: { loadSlots: fromPromise(async () => ['2030-05-01T13:00:00.000Z']), loadZones: fromPromise<SafeZone[], { userId: string; eventId: string }>(async () => []) },
      }),
    },
  });
  const t = asChild(machine, { userId: ada.id });
  return { ...t, load, act, snap: () => t.child.getSnapshot() };
}

describe('meetingsMachine', () => {
  it('loads the meetings by what they wait for', async () => {
    const t = start();
    expect(selectMeetingsStatus(t.snap())).toBe('loading');
    await flush();
    expect(selectMeetingsStatus(t.snap())).toBe('ready');
    expect(selectMeetings(t.snap()).proposed_to_me).toEqual([asked]);
    expect(selectIsEmpty(t.snap())).toBe(false);
  });

  it('is empty when there are none', async () => {
    const t = start({ load: async () => myMeetings() });
    await flush();
    expect(selectIsEmpty(t.snap())).toBe(true);
  });

  it('says a failed load and tries again', async () => {
    let fail = true;
    const t = start({
      load: async () => {
        if (fail) throw new ApiError(500, null);
        return myMeetings();
      },
    });
    await flush();
    expect(selectMeetingsStatus(t.snap())).toBe('failed');
    fail = false;
    t.child.send({ type: 'meetings.reloaded' });
    await flush();
    expect(selectMeetingsStatus(t.snap())).toBe('ready');
  });

  it('tells the root when the session is gone', async () => {
    const t = start({
      load: async () => {
        throw new ApiError(401, 'User not logged in');
      },
    });
    await flush();
    expect(t.types()).toEqual(['session.expired']);
  });

  it('accepts, then loads the list again', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'meeting.actionRequested', meetingId: asked.id, action: 'accept' });
    expect(t.snap().context.acting).toEqual({ meetingId: asked.id, action: 'accept' });
    // One answer at a time.
    t.child.send({ type: 'meeting.actionRequested', meetingId: mine.id, action: 'cancel' });
    await flush();
    expect(t.act).toHaveBeenCalledTimes(1);
    expect(t.act).toHaveBeenCalledWith(asked.id, 'accept');
    expect(t.load).toHaveBeenCalledTimes(2);
    expect(t.snap().matches({ ready: 'idle' })).toBe(true);
    expect(t.snap().context.acting).toBeNull();
  });

  it('says a refusal beside its meeting, and loads the list again', async () => {
    const t = start({
      act: async () => {
        throw refusedWith(409, MEETING_WORDS.theirClash);
      },
    });
    await flush();
    t.child.send({ type: 'meeting.actionRequested', meetingId: asked.id, action: 'accept' });
    await flush();
    expect(t.snap().context.refusal).toEqual({ meetingId: asked.id, message: MEETING_WORDS.theirClash });
    expect(t.load).toHaveBeenCalledTimes(2);
    // The next answer clears it.
    t.child.send({ type: 'meeting.actionRequested', meetingId: asked.id, action: 'decline' });
    expect(t.snap().context.refusal).toBeNull();
  });

  it('ignores an answer for a meeting it does not show', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'meeting.actionRequested', meetingId: 'nope', action: 'accept' });
    expect(t.snap().matches({ ready: 'idle' })).toBe(true);
  });

  it('loads again when a meeting changes (live), and after a reconnect', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'live.meeting_changed', meeting_id: asked.id });
    expect(t.snap().matches({ ready: 'refreshing' })).toBe(true);
    await flush();
    t.child.send({ type: 'live.reconnected' });
    await flush();
    expect(t.load).toHaveBeenCalledTimes(3);
    // A change while loading asks again: the answer on its way may be older than it.
    t.child.send({ type: 'live.meeting_changed', meeting_id: asked.id });
    t.child.send({ type: 'live.meeting_changed', meeting_id: asked.id });
    await flush();
    expect(t.load).toHaveBeenCalledTimes(5);
  });

  it('keeps the list when loading it again fails', async () => {
    let fail = false;
    const t = start({
      load: async () => {
        if (fail) throw new ApiError(500, null);
        return myMeetings({ proposed_to_me: [asked] });
      },
    });
    await flush();
    fail = true;
    t.child.send({ type: 'meetings.reloaded' });
    await flush();
    expect(selectMeetings(t.snap()).proposed_to_me).toEqual([asked]);
    expect(selectMeetingsStatus(t.snap())).toBe('ready');
  });

  it('runs the sheet for another time, and loads the list again once it ends', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'meeting.suggestOpened', meetingId: asked.id });
    const sheet = t.snap().context.sheet!;
    expect(sheet.getSnapshot().context.suggest).toEqual(asked);
    await flush();
    sheet.send({ type: 'sheet.closeRequested' });
    expect(t.snap().context.sheet).toBeNull();
    expect(t.snap().matches({ ready: 'refreshing' })).toBe(true);
  });
});
