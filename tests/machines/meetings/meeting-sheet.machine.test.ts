/** The meeting sheet (issue 19): free times, length, place, sending, refusals, and its two ways of running. */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SafeZone } from '../../../contract/discovery';
import type { Meeting } from '../../../contract/meetings';
import { MEETING_PLACE_MAX, MEETING_WORDS } from '../../../contract/meeting-words';
import { ApiError, refusedWith } from '../../../machines/api/client';
import {
  MEETING_SHEET_WORDS,
  meetingErrors,
  meetingSheetMachine,
  selectSendHeld,
  selectSending,
  selectSheetStep,
  selectSlotsStatus,
  slotGroups,
  type MeetingSheetInput,
  type MeetingSheetSnapshot,
  type SendInput,
  type SlotsInput,
} from '../../../machines/meetings/meeting-sheet.machine';
import { ada } from '../app.fakes';
import { sam } from '../connections.fakes';
import { asChild, flush, sampleZone } from '../discovery.fakes';
import { EVENT_ID, sampleMeeting } from './meetings.fakes';
import { english } from '../../../contract/said';

/** Send was pressed and is not answered yet: on its way, or held until the free times are in. */
const sendPending = (s: MeetingSheetSnapshot) => selectSending(s) || selectSendHeld(s);

const SLOTS = ['2030-05-01T12:00:00.000Z', '2030-05-01T12:15:00.000Z', '2030-05-01T13:00:00.000Z'];

interface Fakes {
  slots?: (duration: number) => Promise<string[]>;
  zones?: () => Promise<SafeZone[]>;
  send?: (body: unknown) => Promise<Meeting>;
}

function chart(f: Fakes = {}) {
  const slots = vi.fn(f.slots ?? (async () => SLOTS));
  const zones = vi.fn(f.zones ?? (async () => [sampleZone()]));
  const sent = vi.fn(f.send ?? (async () => sampleMeeting(1, { proposed_by_me: true, waiting_for: 'them' })));
  const machine = meetingSheetMachine.provide({
    actors: {
      loadSlots: fromPromise<string[], SlotsInput>(({ input }) => slots(input.duration)),
      loadZones: fromPromise(() => zones()),
      send: fromPromise<Meeting, SendInput>(({ input }) =>
        sent({ start_time: input.context.startTime, duration: input.context.duration, suggest: input.context.suggest?.id ?? null }),
      ),
    },
    actions: { focusFirstError: () => {} },
  });
  return { machine, slots, zones, sent };
}

const input = (over: Partial<MeetingSheetInput> = {}): MeetingSheetInput => ({
  userId: ada.id,
  partner: { id: sam.id, name: sam.name },
  event: { id: EVENT_ID, time_zone: 'Europe/Berlin' },
  ...over,
});

function beside(f: Fakes = {}, over: Partial<MeetingSheetInput> = {}) {
  const c = chart(f);
  const actor = createActor(c.machine, { input: input(over) }).start();
  return { ...c, actor, snap: () => actor.getSnapshot() };
}

describe('meetingSheetMachine beside a person', () => {
  it('opens on the free times for 15 minutes, the zones loaded, the first zone offered', async () => {
    const t = beside();
    expect(selectSheetStep(t.snap())).toBe('closed');
    t.actor.send({ type: 'sheet.opened' });
    expect(selectSlotsStatus(t.snap())).toBe('loading');
    await flush();
    expect(t.slots).toHaveBeenCalledWith(15);
    expect(t.snap().context).toMatchObject({ slots: SLOTS, placeKind: 'zone', zoneName: 'Quiet room' });
    expect(selectSlotsStatus(t.snap())).toBe('ready');
  });

  it('uses the zones it is given instead of asking', async () => {
    const t = beside({}, { zones: [sampleZone({ name: 'Garden' })] });
    t.actor.send({ type: 'sheet.opened' });
    await flush();
    expect(t.zones).not.toHaveBeenCalled();
    expect(t.snap().context.zoneName).toBe('Garden');
  });

  it('offers a named spot when the event has no zones', async () => {
    const t = beside({ zones: async () => [] });
    t.actor.send({ type: 'sheet.opened' });
    await flush();
    expect(t.snap().context.placeKind).toBe('spot');
  });

  it('asks the free times again for another length, keeping a time still free', async () => {
    const t = beside({ slots: async (d) => (d === 30 ? [SLOTS[1]!] : SLOTS) });
    t.actor.send({ type: 'sheet.opened' });
    await flush();
    t.actor.send({ type: 'sheet.timeChosen', startTime: SLOTS[1]! });
    t.actor.send({ type: 'sheet.durationChosen', minutes: 30 });
    await flush();
    expect(t.slots).toHaveBeenLastCalledWith(30);
    expect(t.snap().context).toMatchObject({ duration: 30, slots: [SLOTS[1]], startTime: SLOTS[1] });
    t.actor.send({ type: 'sheet.durationChosen', minutes: 10 });
    await flush();
    expect(t.snap().context.startTime).toBe(SLOTS[1]);
  });

  it('says what is missing beside its field and sends nothing', async () => {
    const t = beside({ zones: async () => [] });
    t.actor.send({ type: 'sheet.opened' });
    await flush();
    t.actor.send({ type: 'sheet.submitted' });
    expect(t.sent).not.toHaveBeenCalled();
    expect(english(t.snap().context.errors.fields)).toEqual(english({ start_time: MEETING_SHEET_WORDS.chooseTime.message, place: MEETING_SHEET_WORDS.nameSpot.message }));
    // Choosing a time settles what was said about it.
    t.actor.send({ type: 'sheet.timeChosen', startTime: SLOTS[0]! });
    expect(t.snap().context.errors.fields.start_time).toBeUndefined();
  });

  it('keeps a named spot within the limit', async () => {
    const t = beside({ zones: async () => [] });
    t.actor.send({ type: 'sheet.opened' });
    await flush();
    t.actor.send({ type: 'sheet.spotChanged', spot: 'x'.repeat(MEETING_PLACE_MAX + 5) });
    expect(t.snap().context.spot).toHaveLength(MEETING_PLACE_MAX);
  });

  it('keeps what was chosen when the sheet is closed unsent, for the next time it opens', async () => {
    const t = beside({ zones: async () => [] });
    t.actor.send({ type: 'sheet.opened' });
    await flush();
    t.actor.send({ type: 'sheet.timeChosen', startTime: SLOTS[1]! });
    t.actor.send({ type: 'sheet.spotChanged', spot: 'By the coffee urn' });
    t.actor.send({ type: 'sheet.closeRequested' });
    expect(selectSheetStep(t.snap())).toBe('closed');
    t.actor.send({ type: 'sheet.opened' });
    await flush();
    expect(t.snap().context).toMatchObject({ startTime: SLOTS[1], spot: 'By the coffee urn' });
  });

  it('sends the meeting, says so, and opens fresh next time', async () => {
    const t = beside();
    t.actor.send({ type: 'sheet.opened' });
    await flush();
    t.actor.send({ type: 'sheet.timeChosen', startTime: SLOTS[2]! });
    t.actor.send({ type: 'sheet.submitted' });
    expect(t.snap().matches({ open: { form: 'sending' } })).toBe(true);
    // Closing waits for the answer.
    t.actor.send({ type: 'sheet.closeRequested' });
    expect(selectSheetStep(t.snap())).toBe('open');
    await flush();
    expect(t.sent).toHaveBeenCalledWith({ start_time: SLOTS[2], duration: 15, suggest: null });
    expect(selectSheetStep(t.snap())).toBe('sent');
    t.actor.send({ type: 'sheet.closeRequested' });
    expect(selectSheetStep(t.snap())).toBe('closed');
    t.actor.send({ type: 'sheet.opened' });
    expect(t.snap().context).toMatchObject({ startTime: null, sent: null });
  });

  it('keeps the draft after a refusal, says it in the sheet, and asks the free times again', async () => {
    const clash = MEETING_WORDS.ownClash({ name: 'Lee', from: '14:15', to: '14:30' });
    const t = beside({
      send: async () => {
        throw refusedWith(409, clash);
      },
    });
    t.actor.send({ type: 'sheet.opened' });
    await flush();
    t.actor.send({ type: 'sheet.timeChosen', startTime: SLOTS[0]! });
    t.actor.send({ type: 'sheet.submitted' });
    await flush();
    expect(english(t.snap().context.errors.form)).toBe(english(clash));
    expect(t.snap().context.startTime).toBe(SLOTS[0]);
    expect(t.slots).toHaveBeenCalledTimes(2);
    expect(selectSheetStep(t.snap())).toBe('open');
  });

  it('says a field refusal beside its field, in the server’s own sentence', () => {
    expect(english(meetingErrors(new ApiError(400, `start_time: ${english(MEETING_WORDS.outsideEvent)}`)))).toEqual(english({
      fields: { start_time: MEETING_WORDS.outsideEvent },
      form: null,
    }));
    expect(english(meetingErrors(new ApiError(400, 'place: is required')).fields.place)).toBe('This place is required.');
    expect(english(meetingErrors(new ApiError(0, null)).form)).toBe(MEETING_SHEET_WORDS.failed.message);
  });

  it('says when the free times cannot load, and tries again', async () => {
    let fail = true;
    const t = beside({
      slots: async () => {
        if (fail) throw new ApiError(500, null);
        return SLOTS;
      },
    });
    t.actor.send({ type: 'sheet.opened' });
    await flush();
    expect(selectSlotsStatus(t.snap())).toBe('failed');
    fail = false;
    t.actor.send({ type: 'sheet.slotsRetried' });
    await flush();
    expect(selectSlotsStatus(t.snap())).toBe('ready');
  });

  it('holds Send pressed while the free times load, across another length, and sends the time still free', async () => {
    const t = beside({ slots: async (d) => (d === 10 ? [SLOTS[1]!] : SLOTS) });
    t.actor.send({ type: 'sheet.opened' });
    await flush();
    t.actor.send({ type: 'sheet.timeChosen', startTime: SLOTS[1]! });
    t.actor.send({ type: 'sheet.durationChosen', minutes: 30 });
    t.actor.send({ type: 'sheet.submitted' });
    expect(selectSlotsStatus(t.snap())).toBe('loading');
    expect(sendPending(t.snap())).toBe(true);
    // Another length before the times are in: Send still holds, for that length's times.
    t.actor.send({ type: 'sheet.durationChosen', minutes: 10 });
    expect(sendPending(t.snap())).toBe(true);
    expect(t.sent).not.toHaveBeenCalled();
    await flush();
    expect(t.slots).toHaveBeenLastCalledWith(10);
    expect(t.sent).toHaveBeenCalledTimes(1);
    expect(t.sent).toHaveBeenCalledWith({ start_time: SLOTS[1], duration: 10, suggest: null });
    expect(selectSheetStep(t.snap())).toBe('sent');
  });

  it('says what is missing once the free times are in, when Send was pressed while they loaded', async () => {
    const t = beside({ slots: async (d) => (d === 30 ? [SLOTS[2]!] : SLOTS) });
    t.actor.send({ type: 'sheet.opened' });
    await flush();
    t.actor.send({ type: 'sheet.timeChosen', startTime: SLOTS[0]! });
    t.actor.send({ type: 'sheet.durationChosen', minutes: 30 });
    t.actor.send({ type: 'sheet.submitted' });
    await flush();
    // 12:00 is not free for 30 minutes: nothing goes, and the sheet says why.
    expect(t.sent).not.toHaveBeenCalled();
    expect(t.snap().matches({ open: { form: 'editing' } })).toBe(true);
    expect(sendPending(t.snap())).toBe(false);
    expect(english(t.snap().context)).toMatchObject(english({ startTime: null, errors: { fields: { start_time: MEETING_SHEET_WORDS.chooseTime.message } } }));
  });

  it('sends again after a refusal when Send is pressed while the free times are asked again', async () => {
    let refuse = true;
    // The free times asked again after the refusal come in when the test says.
    let slotsIn = (): void => {};
    const t = beside({
      slots: (): Promise<string[]> => (refuse ? Promise.resolve(SLOTS) : new Promise((resolve) => (slotsIn = () => resolve(SLOTS)))),
      send: async () => {
        if (!refuse) return sampleMeeting(1, { proposed_by_me: true, waiting_for: 'them' });
        refuse = false;
        throw new ApiError(0, null);
      },
    });
    t.actor.send({ type: 'sheet.opened' });
    await flush();
    t.actor.send({ type: 'sheet.timeChosen', startTime: SLOTS[2]! });
    t.actor.send({ type: 'sheet.submitted' });
    await flush();
    expect(english(t.snap().context.errors.form)).toBe(english(MEETING_SHEET_WORDS.failed.message));
    expect(selectSlotsStatus(t.snap())).toBe('loading');
    // Send pressed while the free times are asked again is not lost.
    t.actor.send({ type: 'sheet.submitted' });
    expect(t.sent).toHaveBeenCalledTimes(1);
    slotsIn();
    await flush();
    expect(t.sent).toHaveBeenCalledTimes(2);
    expect(selectSheetStep(t.snap())).toBe('sent');
  });

  it('asks the free times again when Send is pressed after they could not load, and then sends', async () => {
    let slotsFail = false;
    let refuse = true;
    const t = beside({
      slots: async () => {
        if (slotsFail) throw new ApiError(500, null);
        return SLOTS;
      },
      send: async () => {
        if (refuse) throw new ApiError(0, null);
        return sampleMeeting(1, { proposed_by_me: true, waiting_for: 'them' });
      },
    });
    t.actor.send({ type: 'sheet.opened' });
    await flush();
    t.actor.send({ type: 'sheet.timeChosen', startTime: SLOTS[0]! });
    slotsFail = true;
    t.actor.send({ type: 'sheet.submitted' });
    await flush();
    expect(selectSlotsStatus(t.snap())).toBe('failed');
    expect(t.snap().context.startTime).toBe(SLOTS[0]);
    slotsFail = false;
    refuse = false;
    t.actor.send({ type: 'sheet.submitted' });
    expect(selectSlotsStatus(t.snap())).toBe('loading');
    expect(sendPending(t.snap())).toBe(true);
    expect(t.snap().context.errors).toEqual({ fields: {}, form: null });
    await flush();
    expect(t.slots).toHaveBeenCalledTimes(3);
    expect(t.sent).toHaveBeenCalledTimes(2);
    expect(selectSheetStep(t.snap())).toBe('sent');
  });

  it('beside a chat, shows nothing for someone who is no connection at the event', async () => {
    const t = beside(
      {
        slots: async () => {
          throw refusedWith(403, MEETING_WORDS.connectionsOnly);
        },
      },
      { check: true },
    );
    expect(selectSheetStep(t.snap())).toBe('checking');
    await flush();
    expect(selectSheetStep(t.snap())).toBe('unavailable');
    t.actor.send({ type: 'sheet.opened' });
    expect(selectSheetStep(t.snap())).toBe('unavailable');
  });

  it('beside a chat with a connection, keeps the free times it checked for the sheet', async () => {
    const t = beside({}, { check: true });
    await flush();
    expect(selectSheetStep(t.snap())).toBe('closed');
    t.actor.send({ type: 'sheet.opened' });
    expect(selectSlotsStatus(t.snap())).toBe('ready');
    expect(t.slots).toHaveBeenCalledTimes(1);
  });
});

describe('meetingSheetMachine for another time (a child of My meetings)', () => {
  const meeting = sampleMeeting(7, { start_time: SLOTS[1]!, duration_minutes: 30 });

  it('opens at once for the meeting’s length, without its current time, and tells its parent once sent', async () => {
    const c = chart();
    const t = asChild(c.machine, input({ suggest: meeting }));
    await flush();
    expect(c.slots).toHaveBeenCalledWith(30);
    expect(t.child.getSnapshot().context.slots).toEqual([SLOTS[0], SLOTS[2]]);
    t.child.send({ type: 'sheet.timeChosen', startTime: SLOTS[2]! });
    t.child.send({ type: 'sheet.submitted' });
    await flush();
    expect(c.sent).toHaveBeenCalledWith({ start_time: SLOTS[2], duration: 30, suggest: meeting.id });
    expect(t.received).toEqual([{ type: 'sheet.finished', sent: true }]);
  });

  it('says to choose a time when Send is pressed before the free times are in, and sends nothing', async () => {
    const c = chart();
    const t = asChild(c.machine, input({ suggest: meeting }));
    t.child.send({ type: 'sheet.submitted' });
    expect(sendPending(t.child.getSnapshot())).toBe(true);
    await flush();
    expect(c.sent).not.toHaveBeenCalled();
    expect(sendPending(t.child.getSnapshot())).toBe(false);
    expect(english(t.child.getSnapshot().context.errors.fields)).toEqual(english({ start_time: MEETING_SHEET_WORDS.chooseTime.message }));
    expect(t.received).toEqual([]);
  });

  it('tells its parent when closed unsent', async () => {
    const t = asChild(chart().machine, input({ suggest: meeting }));
    await flush();
    t.child.send({ type: 'sheet.closeRequested' });
    expect(t.received).toEqual([{ type: 'sheet.finished', sent: false }]);
  });
});

describe('slotGroups', () => {
  it('groups the times by the hour on the event’s clock', () => {
    expect(slotGroups(SLOTS, 'Europe/Berlin')).toEqual([
      { label: '14:00', slots: [{ value: SLOTS[0], label: '14:00' }, { value: SLOTS[1], label: '14:15' }] },
      { label: '15:00', slots: [{ value: SLOTS[2], label: '15:00' }] },
    ]);
  });

  it('names the day when the times span days', () => {
    const groups = slotGroups(['2030-05-01T21:45:00.000Z', '2030-05-01T22:00:00.000Z'], 'Europe/Berlin');
    expect(groups.map((g) => g.label)).toEqual(['Wed 1 May, 23:00', 'Thu 2 May, 00:00']);
  });
});
