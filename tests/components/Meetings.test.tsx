/**
 * 1:1 meetings (issue 19) on the real app, the network answered by msw: the meeting sheet
 * from a chat (only the free times, by the hour on the event's clock; a safe zone or a
 * named spot; a refusal beside its field with the draft kept), no Suggest button for
 * someone who is no connection, and My meetings (its sections, Accept, the calendar
 * link, empty and failed states).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { FreeSlotsSchema, MeetingSchema, MyMeetingsSchema, ProposeMeetingBodySchema, RespondMeetingBodySchema, type Meeting, type MyMeetings, type ProposeMeetingBody, type RespondMeetingBody } from '../../contract/meetings';
import { MEETING_WORDS } from '../../contract/meeting-words';
import { SafeZoneListSchema } from '../../contract/discovery';
import { EventSchema } from '../../contract/events';
import { ConnectionSchema } from '../../contract/social';
import { appMachine } from '../../machines/app.machine';
import { MEETING_SHEET_WORDS as SW_SAID } from '../../machines/meetings/meeting-sheet.machine';
import { MEETINGS_WORDS as W_SAID } from '../../machines/meetings/meetings.machine';
import { answer, quietServer, renderModelApp, signIn } from '../model/app';
import { ada, meetup, quietRoom, sam, withSam } from '../model/fixtures';
import { english } from '../../contract/said';
import { refusalOf } from '../../contract/said';

const SW = english(SW_SAID);
const W = english(W_SAID);

const event = { ...meetup, time_zone: 'Europe/Berlin' };
// 20:00, 20:15 and 21:00 in Berlin.
const SLOTS = ['2030-05-01T18:00:00.000Z', '2030-05-01T18:15:00.000Z', '2030-05-01T19:00:00.000Z'];

const meeting = (n: number, overrides: Partial<Meeting> = {}): Meeting => ({
  id: `d0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  event_id: event.id,
  event_name: event.name,
  time_zone: 'Europe/Berlin',
  with: sam,
  start_time: SLOTS[1]!,
  end_time: '2030-05-01T18:30:00.000Z',
  duration_minutes: 15,
  place: quietRoom.name,
  zone_id: quietRoom.id,
  status: 'proposed',
  waiting_for: 'me',
  proposed_by_me: false,
  created_at: '2030-05-01T17:00:00.000Z',
  ...overrides,
});

const NONE: MyMeetings = { proposed_to_me: [], proposed_by_me: [], accepted: [], past: [] };

let slotsAnswer: { status: number; detail?: string } = { status: 200 };
let slotAsks = 0;
/** When set, the free times are answered only once it settles (to press Send while they load). */
let slotsHeld: Promise<void> | null = null;
/** Holds the free times' answer until the returned function is called. */
function holdSlots(): () => void {
  let release = (): void => {};
  slotsHeld = new Promise((r) => (release = r));
  return release;
}
let proposals: ProposeMeetingBody[] = [];
let responses: Array<{ id: string; body: RespondMeetingBody }> = [];
let refusal: { status: number; detail: string } | null = null;
let list: MyMeetings = NONE;
let listFails = false;

quietServer(() => [
  // The event as the server sends it, with its time zone.
  http.get('*/api/events/:eventId', () => answer(EventSchema, event)),
  http.get('*/api/meetings/free-slots', async () => {
    ++slotAsks;
    if (slotsHeld) await slotsHeld;
    return slotsAnswer.status === 200 ? answer(FreeSlotsSchema, { slots: SLOTS }) : HttpResponse.json({ detail: slotsAnswer.detail }, { status: slotsAnswer.status });
  }),
  http.get('*/api/safe-zones/:eventId', () => answer(SafeZoneListSchema, [quietRoom])),
  http.get('*/api/connections/mutual', () => answer(ConnectionSchema.array(), [withSam])),
  http.get('*/api/business-card/:ownerId', () => HttpResponse.json(null)),
  http.post('*/api/meetings', async ({ request }) => {
    const body = ProposeMeetingBodySchema.parse(await request.json());
    proposals.push(body);
    if (refusal) return HttpResponse.json({ detail: refusal.detail }, { status: refusal.status });
    return answer(MeetingSchema, meeting(9, { start_time: body.start_time, place: body.place, proposed_by_me: true, waiting_for: 'them' }));
  }),
  http.get('*/api/meetings', () => (listFails ? HttpResponse.json({ detail: 'down' }, { status: 500 }) : answer(MyMeetingsSchema, list))),
  http.post('*/api/meetings/:id/respond', async ({ params, request }) => {
    const body = RespondMeetingBodySchema.parse(await request.json());
    responses.push({ id: String(params.id), body });
    const m = list.proposed_to_me.find((x) => x.id === params.id)!;
    list = { ...list, proposed_to_me: [], accepted: [{ ...m, status: 'accepted', waiting_for: null }] };
    return answer(MeetingSchema, list.accepted[0]!);
  }),
]);

afterEach(() => {
  slotsAnswer = { status: 200 };
  slotAsks = 0;
  slotsHeld = null;
  proposals = [];
  responses = [];
  refusal = null;
  list = NONE;
  listFails = false;
});

async function chatWithSamAtTheEvent() {
  const app = renderModelApp(appMachine, () => {});
  await signIn(app.actor);
  await screen.findByRole('heading', { name: 'Events' });
  act(() => app.actor.send({ type: 'event.opened', event }));
  await screen.findByRole('heading', { name: event.name, level: 1 });
  act(() => app.actor.send({ type: 'chat.opened', partner: sam }));
  await screen.findByRole('form', { name: `Message ${sam.name}` });
  // Suggest a meeting, Report and Block wait under More in the chat's header (issue 39).
  await userEvent.click(screen.getByRole('button', { name: `More for ${sam.name}` }));
  return app;
}

async function openSheet(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: SW.button }));
  return screen.findByRole('dialog', { name: SW.title({ name: sam.name }) });
}

describe('the meeting sheet from a chat', () => {
  it('offers only the free times, by the hour on the event’s clock, and suggests the meeting at a safe zone', async () => {
    const user = userEvent.setup();
    await chatWithSamAtTheEvent();
    const sheet = await openSheet(user);
    expect(within(sheet).getByRole('radio', { name: SW.minutes({ m: 15 }) })).toBeChecked();
    const eight = await within(sheet).findByRole('group', { name: '20:00' });
    expect(within(eight).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(['20:00', '20:15']);
    expect(within(within(sheet).getByRole('group', { name: '21:00' })).getAllByRole('radio')).toHaveLength(1);
    expect(within(sheet).getByRole('combobox', { name: SW.zoneLabel })).toHaveValue(quietRoom.name);

    await user.click(within(sheet).getByRole('radio', { name: '20:15' }));
    await user.click(within(sheet).getByRole('button', { name: SW.submit[0] }));
    expect(await screen.findByRole('dialog', { name: SW.sentTitle })).toHaveTextContent(SW.sent({ name: sam.name, when: '20:15', place: quietRoom.name }));
    expect(proposals).toEqual([{ with_user_id: sam.id, event_id: event.id, start_time: SLOTS[1], duration_minutes: 15, place: quietRoom.name }]);
    await user.click(screen.getByRole('button', { name: SW.close }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says what is missing, and a refusal beside its field in the server’s words, keeping the draft', async () => {
    const user = userEvent.setup();
    await chatWithSamAtTheEvent();
    const sheet = await openSheet(user);
    await within(sheet).findByRole('group', { name: '20:00' });
    await user.click(within(sheet).getByRole('radio', { name: SW.spotPlace }));
    await user.click(within(sheet).getByRole('button', { name: SW.submit[0] }));
    expect(within(sheet).getByText(SW.chooseTime)).toBeInTheDocument();
    expect(within(sheet).getByRole('textbox', { name: SW.spotLabel })).toHaveAccessibleDescription(expect.stringContaining(SW.nameSpot));
    expect(proposals).toEqual([]);

    refusal = { status: 400, detail: `start_time: ${MEETING_WORDS.inThePast.message}` };
    await user.type(within(sheet).getByRole('textbox', { name: SW.spotLabel }), 'The coffee bar');
    await user.click(within(sheet).getByRole('radio', { name: '21:00' }));
    await user.click(within(sheet).getByRole('button', { name: SW.submit[0] }));
    expect(await within(sheet).findByText(MEETING_WORDS.inThePast.message)).toBeInTheDocument();
    expect(proposals.map((p) => p.place)).toEqual(['The coffee bar']);
    await waitFor(() => expect(within(sheet).getByRole('radio', { name: '21:00' })).toBeChecked());
    expect(within(sheet).getByRole('textbox', { name: SW.spotLabel })).toHaveValue('The coffee bar');
  });

  it('keeps Send pressed while the free times load for another length, saying so, then suggests the meeting', async () => {
    const user = userEvent.setup();
    await chatWithSamAtTheEvent();
    const sheet = await openSheet(user);
    await user.click(await within(sheet).findByRole('radio', { name: '20:15' }));
    const release = holdSlots();
    await user.click(within(sheet).getByRole('radio', { name: SW.minutes({ m: 30 }) }));
    expect(within(sheet).getByRole('status')).toHaveTextContent(SW.loadingTimes);
    await user.click(within(sheet).getByRole('button', { name: SW.submit[0] }));
    // Taken, not lost: Send says it is on its way while the times it needs come in.
    expect(within(sheet).getByRole('button', { name: SW.submit[1] })).toBeDisabled();
    expect(proposals).toEqual([]);
    release();
    expect(await screen.findByRole('dialog', { name: SW.sentTitle })).toHaveTextContent(SW.sent({ name: sam.name, when: '20:15', place: quietRoom.name }));
    expect(proposals).toEqual([{ with_user_id: sam.id, event_id: event.id, start_time: SLOTS[1], duration_minutes: 30, place: quietRoom.name }]);
  });

  it('is not offered for someone who is no connection at the event', async () => {
    slotsAnswer = { status: 403, ...refusalOf(MEETING_WORDS.connectionsOnly) };
    await chatWithSamAtTheEvent();
    // The chat's own buttons are there; Suggest a meeting is not.
    await screen.findByRole('button', { name: `Report ${sam.name}` });
    await waitFor(() => expect(slotAsks).toBe(1));
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(screen.queryByRole('button', { name: SW.button })).not.toBeInTheDocument();
  });
});

describe('the meeting sheet from the connections list', () => {
  it('is offered on a connection’s card while an event is open, with the event’s safe zones', async () => {
    const user = userEvent.setup();
    const app = renderModelApp(appMachine, () => {});
    await signIn(app.actor);
    await screen.findByRole('heading', { name: 'Events' });
    act(() => app.actor.send({ type: 'view.opened', view: 'mutual-connections' }));
    const card = await screen.findByRole('article', { name: sam.name });
    // No event open: nothing to meet at.
    expect(within(card).queryByRole('button', { name: SW.button })).not.toBeInTheDocument();
    act(() => app.actor.send({ type: 'event.opened', event }));
    await screen.findByRole('heading', { name: event.name, level: 1 });
    act(() => app.actor.send({ type: 'view.opened', view: 'mutual-connections' }));
    await user.click(await within(await screen.findByRole('article', { name: sam.name })).findByRole('button', { name: SW.button }));
    const sheet = await screen.findByRole('dialog', { name: SW.title({ name: sam.name }) });
    expect(await within(sheet).findByRole('combobox', { name: SW.zoneLabel })).toHaveValue(quietRoom.name);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('My meetings', () => {
  async function myMeetings() {
    const app = renderModelApp(appMachine, () => {});
    await signIn(app.actor);
    await screen.findByRole('heading', { name: 'Events' });
    act(() => app.actor.send({ type: 'address.opened', path: '/meetings' }));
    await screen.findByRole('heading', { name: W.title, level: 1 });
    return app;
  }

  it('shows what waits for the person; Accept moves it to Coming up, with its calendar file', async () => {
    list = { ...NONE, proposed_to_me: [meeting(1)], proposed_by_me: [meeting(2, { proposed_by_me: true, waiting_for: 'them' })] };
    const user = userEvent.setup();
    await myMeetings();
    const waiting = await screen.findByRole('region', { name: W.waitingForYou });
    expect(within(waiting).getByRole('heading', { name: `With ${sam.name}` })).toBeInTheDocument();
    expect(within(waiting).getByText(/20:15–20:30/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: W.waitingForThem })).getByRole('button', { name: W.cancel })).toBeInTheDocument();

    await user.click(within(waiting).getByRole('button', { name: W.accept }));
    const coming = await screen.findByRole('region', { name: W.comingUp });
    expect(responses).toEqual([{ id: meeting(1).id, body: { action: 'accept' } }]);
    const link = within(coming).getByRole('link', { name: W.addToCalendar });
    expect(link).toHaveAttribute('href', `/api/meetings/${meeting(1).id}/calendar.ics?user_id=${ada.id}`);
    expect(link).toHaveAttribute('download');
    expect(screen.queryByRole('region', { name: W.waitingForYou })).not.toBeInTheDocument();
  });

  it('says so kindly when there are none', async () => {
    await myMeetings();
    expect(await screen.findByText(W.empty)).toBeInTheDocument();
  });

  it('says when the list cannot load, and tries again', async () => {
    listFails = true;
    const user = userEvent.setup();
    await myMeetings();
    expect(await screen.findByText(W.failed)).toBeInTheDocument();
    listFails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(W.empty)).toBeInTheDocument();
  });

  /** The sheet for another time, opened with its free times held, and Send pressed meanwhile. */
  async function suggestWhileTimesLoad() {
    list = { ...NONE, proposed_to_me: [meeting(1)] };
    const release = holdSlots();
    const user = userEvent.setup();
    await myMeetings();
    await user.click(await screen.findByRole('button', { name: W.suggestAnother }));
    const sheet = await screen.findByRole('dialog', { name: SW.suggestTitle({ name: sam.name }) });
    expect(within(sheet).getByRole('status')).toHaveTextContent(SW.loadingTimes);
    await user.click(within(sheet).getByRole('button', { name: SW.suggestSubmit[0] }));
    return { user, sheet, release };
  }

  it('says to choose a time when Send is pressed while the sheet for another time is still loading', async () => {
    const { sheet, release } = await suggestWhileTimesLoad();
    expect(within(sheet).getByRole('button', { name: SW.suggestSubmit[1] })).toBeDisabled();
    release();
    expect(await within(sheet).findByText(SW.chooseTime)).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: SW.suggestSubmit[0] })).toBeEnabled();
    expect(responses).toEqual([]);
  });

  it('can still be closed while Send waits for the free times', async () => {
    const { user, sheet, release } = await suggestWhileTimesLoad();
    await user.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    release();
  });

  it('suggests another time in the sheet, without the current one', async () => {
    list = { ...NONE, proposed_to_me: [meeting(1)] };
    const user = userEvent.setup();
    await myMeetings();
    await user.click(await screen.findByRole('button', { name: W.suggestAnother }));
    const sheet = await screen.findByRole('dialog', { name: SW.suggestTitle({ name: sam.name }) });
    await within(sheet).findByRole('group', { name: '20:00' });
    expect(within(sheet).queryByRole('radio', { name: '20:15' })).not.toBeInTheDocument();
    await user.click(within(sheet).getByRole('radio', { name: '21:00' }));
    await user.click(within(sheet).getByRole('button', { name: SW.suggestSubmit[0] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(responses).toEqual([{ id: meeting(1).id, body: { action: 'suggest', start_time: SLOTS[2] } }]);
  });
});
