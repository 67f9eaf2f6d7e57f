/**
 * The organizer chart (issue 17): its five loads side by side, each section's actions
 * with their success and failure, the page for someone who is not an organizer, the
 * announcements' hourly cap and cancelling the event.
 */
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../contract/messages';
import { announcementsTooFast } from '../../../contract/organizer-words';
import { ApiError, refusedWith } from '../../../machines/api/client';
import { END_BEFORE_START, missingFieldMessage } from '../../../machines/organizer/create-event.machine';
import {
  ATTENDEES_OFFERED,
  CANCEL_FAILED,
  DETAILS_SAVED,
  EVENT_CANCELLED,
  PICKER_SHOWN,
  REMOVE_FAILED,
  ZONE_REMOVED,
  ZONE_SAVED,
  announcementSent,
  canAddCoOrganizers,
  coOrganizerAdded,
  groupStarted,
  loadAllAttendees,
  selectPage,
  selectPickable,
  selectPicker,
  selectSectionStatus,
} from '../../../machines/organizer/organizer.machine';
import { EDIT_EVENT_FORM, GROUP_FORM, NOTHING_CHANGED } from '../../../machines/organizer/organizer-forms';
import { ada } from '../app.fakes';
import { flush, sampleZone } from '../discovery.fakes';
import { KIM_ID, LEE_ID, SAM_ID, adasEvent, attendee, organizerCalls, sampleAnnouncement, startOrganizer } from './organizer.fakes';
import { type Said, english } from '../../../contract/said';
import { testSaid } from '../../said';

const refused = (status: number, said: Said | null = null) => (said ? refusedWith(status, said) : new ApiError(status, null));
const toasts = (received: Array<{ type: string; message?: Said }>) => received.filter((e) => e.type === 'toast.show').map((e) => e.message);

async function loaded(calls = organizerCalls(), event = adasEvent()) {
  const t = startOrganizer(calls, event);
  await flush();
  return t;
}

describe('organizerMachine: opening', () => {
  it('loads the event, its zones, groups, organizers and announcements side by side', async () => {
    const calls = organizerCalls();
    const t = startOrganizer(calls);
    // All five are asked for at once, before any answers.
    for (const load of [calls.loadEvent, calls.loadZones, calls.loadGroups, calls.loadOrganizers, calls.loadAnnouncements]) {
      expect(load).toHaveBeenCalledWith({ userId: ada.id, eventId: adasEvent().id });
    }
    for (const section of ['details', 'zones', 'groups', 'organizers', 'announcements'] as const) expect(selectSectionStatus(t.snapshot(), section)).toBe('loading');
    await flush();
    for (const section of ['details', 'zones', 'groups', 'organizers', 'announcements'] as const) expect(selectSectionStatus(t.snapshot(), section)).toBe('ready');
    const c = t.context();
    expect(c.zones.map((z) => z.name)).toEqual(['Quiet room']);
    expect(c.groups.map((g) => g.name)).toEqual(['Trail talkers']);
    expect(c.organizers).toEqual([{ id: ada.id, name: ada.name, role: 'organizer' }]);
    expect(c.announcements.map((a) => a.message)).toEqual(['Coffee is ready']);
    expect(c.cap).toEqual({ left_this_hour: 2, next_at: null });
    // The attendees are loaded only when a co-organizer is being picked.
    expect(calls.loadAttendees).not.toHaveBeenCalled();
    expect(selectPage(t.snapshot())).toBe('open');
  });

  it('fails one section without holding up the others, and tries it again', async () => {
    const calls = organizerCalls();
    calls.loadZones.mockRejectedValueOnce(refused(500));
    const t = await loaded(calls);
    expect(selectSectionStatus(t.snapshot(), 'zones')).toBe('failed');
    expect(selectSectionStatus(t.snapshot(), 'groups')).toBe('ready');
    t.child.send({ type: 'zones.reloaded' });
    expect(selectSectionStatus(t.snapshot(), 'zones')).toBe('loading');
    await flush();
    expect(selectSectionStatus(t.snapshot(), 'zones')).toBe('ready');
    expect(calls.loadZones).toHaveBeenCalledTimes(2);
  });

  it('shows someone without a part in organizing it only that the page is for organizers, and calls nothing', async () => {
    const calls = organizerCalls();
    const t = startOrganizer(calls, adasEvent({ organizer_role: null }));
    await flush();
    expect(selectPage(t.snapshot())).toBe('forbidden');
    expect(calls.loadEvent).not.toHaveBeenCalled();
    expect(calls.loadZones).not.toHaveBeenCalled();
  });

  it('closes the page when a call answers 403 (no longer an organizer), or the event comes back without a part', async () => {
    const calls = organizerCalls();
    calls.loadOrganizers.mockRejectedValueOnce(refused(403, testSaid('Only the organizers of this event can do that')));
    expect(selectPage((await loaded(calls)).snapshot())).toBe('forbidden');

    const again = organizerCalls();
    again.loadEvent.mockResolvedValueOnce(adasEvent({ organizer_role: null }));
    expect(selectPage((await loaded(again)).snapshot())).toBe('forbidden');
  });

  it('says the event is gone when it is not there any more', async () => {
    const calls = organizerCalls();
    calls.loadEvent.mockRejectedValueOnce(refused(404, testSaid('Event not found')));
    expect(selectPage((await loaded(calls)).snapshot())).toBe('gone');
  });

  it('tells the root when the session is gone, with the ban when a ban ended it', async () => {
    const calls = organizerCalls();
    calls.loadAnnouncements.mockRejectedValueOnce(refused(401));
    const t = await loaded(calls);
    expect(t.received).toContainEqual({ type: 'session.expired' });
    const banned = organizerCalls();
    const ban = { reason: 'Spam', until: null, contact: null };
    banned.loadZones.mockRejectedValueOnce(new ApiError(403, 'banned', ban));
    const b = await loaded(banned);
    // A ban's 403 is a lost session, not a refusal of the page.
    expect(b.received).toContainEqual({ type: 'session.expired', ban });
    expect(selectPage(b.snapshot())).toBe('open');
  });
});

describe('organizerMachine: event details', () => {
  it('prefills the form on the wall clock of the event’s zone and sends only what changed', async () => {
    const t = await loaded();
    t.child.send({ type: 'details.editRequested' });
    expect(t.context().draft).toMatchObject({ name: 'Slow Coffee', start: '2030-05-01T18:00', end: '2030-05-01T21:00', event_type: 'networking' });
    t.child.send({ type: 'details.fieldChanged', field: 'name', value: '  Slower Coffee ' });
    t.child.send({ type: 'details.fieldChanged', field: 'start', value: '2030-05-01T18:30' });
    // Typed back as it was: not a change.
    t.child.send({ type: 'details.fieldChanged', field: 'location', value: 'Café Nord ' });
    t.child.send({ type: 'details.submitted' });
    expect(t.snapshot().matches({ open: { details: 'saving' } })).toBe(true);
    expect(t.calls.updateEvent).toHaveBeenCalledWith({
      userId: ada.id,
      eventId: adasEvent().id,
      body: { name: 'Slower Coffee', start_time: '2030-05-01T16:30:00.000Z' },
    });
    await flush();
    expect(t.snapshot().matches({ open: { details: 'ready' } })).toBe(true);
    expect(t.context().event.name).toBe('Slower Coffee');
    expect(toasts(t.received)).toEqual([DETAILS_SAVED]);
  });

  it('sends a feature list only when the features changed', async () => {
    const t = await loaded();
    t.child.send({ type: 'details.editRequested' });
    t.child.send({ type: 'details.featureToggled', feature: 'ice_breakers' });
    t.child.send({ type: 'details.submitted' });
    expect(t.calls.updateEvent.mock.calls[0]![0].body).toEqual({ anxiety_friendly_features: ['quiet_spaces', 'small_groups', 'ice_breakers'] });
  });

  it('says when nothing has changed, and calls nobody', async () => {
    const t = await loaded();
    t.child.send({ type: 'details.editRequested' });
    t.child.send({ type: 'details.submitted' });
    expect(t.calls.updateEvent).not.toHaveBeenCalled();
    expect(t.context().detailsErrors).toEqual({ fields: {}, form: NOTHING_CHANGED });
  });

  it('says beside each changed field what is wrong, moves focus to the first, and calls nobody', async () => {
    const t = await loaded();
    t.child.send({ type: 'details.editRequested' });
    t.child.send({ type: 'details.fieldChanged', field: 'name', value: '   ' });
    t.child.send({ type: 'details.fieldChanged', field: 'end', value: '2030-05-01T17:00' });
    t.child.send({ type: 'details.submitted' });
    expect(t.calls.updateEvent).not.toHaveBeenCalled();
    expect(t.context().detailsErrors).toEqual({ fields: { name: missingFieldMessage('name'), end: END_BEFORE_START }, form: null });
    expect(t.focus).toHaveBeenCalledWith(EDIT_EVENT_FORM, t.context().detailsErrors);
    // Fixing a field settles what was said about it.
    t.child.send({ type: 'details.fieldChanged', field: 'name', value: 'Tea' });
    expect(t.context().detailsErrors.fields).toEqual({ end: END_BEFORE_START });
  });

  it('shows the duplicate rule beside the start, keeping everything typed', async () => {
    const calls = organizerCalls();
    calls.updateEvent.mockRejectedValueOnce(refused(409, MESSAGES.duplicateEvent));
    const t = await loaded(calls);
    t.child.send({ type: 'details.editRequested' });
    t.child.send({ type: 'details.fieldChanged', field: 'start', value: '2030-05-01T19:00' });
    t.child.send({ type: 'details.submitted' });
    await flush();
    expect(t.snapshot().matches({ open: { details: 'editing' } })).toBe(true);
    expect(t.context().detailsErrors).toEqual({ fields: { start: MESSAGES.duplicateEvent }, form: null });
    expect(t.context().draft.start).toBe('2030-05-01T19:00');
    expect(t.focus).toHaveBeenCalledTimes(1);
  });

  it('puts a field the server refuses beside it, and anything else above the buttons', async () => {
    const calls = organizerCalls();
    calls.updateEvent.mockRejectedValueOnce(refused(400, testSaid('end_time: must be in the future')));
    calls.updateEvent.mockRejectedValueOnce(refused(500));
    const t = await loaded(calls);
    t.child.send({ type: 'details.editRequested' });
    t.child.send({ type: 'details.fieldChanged', field: 'end', value: '2030-05-01T22:00' });
    t.child.send({ type: 'details.submitted' });
    await flush();
    expect(english(t.context().detailsErrors.fields.end)).toBe(english('The end time must be in the future.'));
    t.child.send({ type: 'details.submitted' });
    await flush();
    expect(english(t.context().detailsErrors.form)).toMatch(/Nothing you typed is lost/);
    expect(t.context().draft.end).toBe('2030-05-01T22:00');
  });

  it('drops the draft when the edit is cancelled, and starts the next from the event', async () => {
    const t = await loaded();
    t.child.send({ type: 'details.editRequested' });
    t.child.send({ type: 'details.fieldChanged', field: 'name', value: 'Something else' });
    t.child.send({ type: 'details.editCancelled' });
    expect(t.snapshot().matches({ open: { details: 'ready' } })).toBe(true);
    t.child.send({ type: 'details.editRequested' });
    expect(t.context().draft.name).toBe('Slow Coffee');
  });
});

describe('organizerMachine: safe zones', () => {
  it('asks before removing a zone, removes it, and reads the list again', async () => {
    const t = await loaded();
    t.child.send({ type: 'zone.removeRequested', zoneId: sampleZone().id });
    expect(t.snapshot().matches({ open: { zones: 'confirmingRemoval' } })).toBe(true);
    expect(t.context().removingZone?.name).toBe('Quiet room');
    t.child.send({ type: 'zone.removeCancelled' });
    expect(t.snapshot().matches({ open: { zones: 'ready' } })).toBe(true);
    expect(t.calls.removeZone).not.toHaveBeenCalled();

    t.child.send({ type: 'zone.removeRequested', zoneId: sampleZone().id });
    t.child.send({ type: 'zone.removeConfirmed' });
    expect(t.calls.removeZone).toHaveBeenCalledWith({ userId: ada.id, eventId: adasEvent().id, zoneId: sampleZone().id });
    await flush();
    expect(t.calls.loadZones).toHaveBeenCalledTimes(2);
    expect(t.snapshot().matches({ open: { zones: 'ready' } })).toBe(true);
    expect(toasts(t.received)).toEqual([ZONE_REMOVED]);
  });

  it('says a removal did not go through, and keeps the zone', async () => {
    const calls = organizerCalls();
    calls.removeZone.mockRejectedValueOnce(refused(500));
    const t = await loaded(calls);
    t.child.send({ type: 'zone.removeRequested', zoneId: sampleZone().id });
    t.child.send({ type: 'zone.removeConfirmed' });
    await flush();
    expect(t.snapshot().matches({ open: { zones: 'ready' } })).toBe(true);
    expect(t.context().zoneProblem).toBe(REMOVE_FAILED);
    expect(t.context().zones).toHaveLength(1);
  });

  it('opens the zone editor for a new zone or one to edit, and reads the list again after a save', async () => {
    const t = await loaded();
    t.child.send({ type: 'zone.addRequested' });
    expect(t.snapshot().matches({ open: { zones: 'editingZone' } })).toBe(true);
    expect(t.context().editingZone).toEqual({ zone: null });
    const editor = () => t.snapshot().children.zoneEditor!;
    expect(editor().getSnapshot().context).toMatchObject({ eventId: t.context().event.id });
    editor().send({ type: 'zone.cancelled' });
    expect(t.snapshot().matches({ open: { zones: 'ready' } })).toBe(true);
    expect(t.context().editingZone).toBeNull();
    expect(t.calls.loadZones).toHaveBeenCalledTimes(1);

    t.child.send({ type: 'zone.editRequested', zoneId: sampleZone().id });
    expect(t.context().editingZone).toEqual({ zone: sampleZone() });
    // Saved (here with nothing changed, so without a call): the list is read again.
    editor().send({ type: 'zone.submitted' });
    await flush();
    expect(t.context().editingZone).toBeNull();
    expect(t.calls.loadZones).toHaveBeenCalledTimes(2);
    expect(t.received.filter((e) => e.type === 'toast.show')).toContainEqual(expect.objectContaining({ message: ZONE_SAVED }));
    // A zone that is not in the list opens nothing.
    t.child.send({ type: 'zone.editRequested', zoneId: 'c0000000-0000-4000-8000-0000000000ff' });
    expect(t.snapshot().matches({ open: { zones: 'ready' } })).toBe(true);
  });
});

describe('organizerMachine: interest groups', () => {
  it('starts a group, shows it with its chat and clears the form', async () => {
    const t = await loaded();
    t.child.send({ type: 'group.fieldChanged', field: 'name', value: ' Board games ' });
    t.child.send({ type: 'group.fieldChanged', field: 'interest_tag', value: 'board games' });
    t.child.send({ type: 'group.submitted' });
    expect(t.calls.createGroup).toHaveBeenCalledWith({
      userId: ada.id,
      eventId: adasEvent().id,
      body: { name: 'Board games', description: '', interest_tag: 'board games' },
    });
    await flush();
    const c = t.context();
    expect(c.groups.map((g) => g.name)).toEqual(['Trail talkers', 'Board games']);
    expect(c.newGroupId).toBe('d0000000-0000-4000-8000-0000000000aa');
    expect(c.groupDraft).toEqual({ name: '', description: '', interest_tag: '' });
    expect(toasts(t.received)).toEqual([groupStarted({ name: 'Board games' })]);
  });

  it('says what is missing beside each field and calls nobody', async () => {
    const t = await loaded();
    t.child.send({ type: 'group.submitted' });
    expect(t.calls.createGroup).not.toHaveBeenCalled();
    expect(Object.keys(t.context().groupErrors.fields)).toEqual(['name', 'interest_tag']);
    expect(t.focus).toHaveBeenCalledWith(GROUP_FORM, t.context().groupErrors);
  });

  it('says a taken name beside the name, keeping what was typed', async () => {
    const calls = organizerCalls();
    calls.createGroup.mockRejectedValueOnce(refused(409, testSaid('This event has an interest group of that name.')));
    const t = await loaded(calls);
    t.child.send({ type: 'group.fieldChanged', field: 'name', value: 'Trail talkers' });
    t.child.send({ type: 'group.fieldChanged', field: 'interest_tag', value: 'hiking' });
    t.child.send({ type: 'group.submitted' });
    await flush();
    expect(english(t.context().groupErrors)).toEqual(english({ fields: { name: 'This event has an interest group of that name.' }, form: null }));
    expect(t.context().groupDraft.name).toBe('Trail talkers');
    expect(t.context().groups).toHaveLength(1);
  });
});

describe('organizerMachine: co-organizers', () => {
  it('offers the attendees who are not organizers already (nor the viewer), searched by name', async () => {
    const calls = organizerCalls();
    calls.loadAttendees.mockResolvedValueOnce([attendee(ada.id, ada.name), attendee(SAM_ID, 'Sam Reed'), attendee(KIM_ID, 'Kim Park'), attendee(LEE_ID, 'Lee Chan')]);
    calls.loadOrganizers.mockResolvedValueOnce({
      organizers: [
        { id: ada.id, name: ada.name, role: 'organizer' },
        { id: LEE_ID, name: 'Lee Chan', role: 'co_organizer' },
        { id: null, name: 'Anonymous attendee', role: 'co_organizer' },
      ],
    });
    const t = await loaded(calls);
    expect(selectPicker(t.snapshot())).toBe('closed');
    t.child.send({ type: 'coOrganizer.pickerOpened' });
    expect(selectPicker(t.snapshot())).toBe('loading');
    await flush();
    expect(selectPicker(t.snapshot())).toBe('choosing');
    expect(selectPickable(t.snapshot()).shown.map((a) => a.name)).toEqual(['Sam Reed', 'Kim Park']);
    t.child.send({ type: 'coOrganizer.searched', query: 'KIM' });
    expect(selectPickable(t.snapshot()).shown.map((a) => a.name)).toEqual(['Kim Park']);
  });

  it('shows the first few of a crowd, and how many more a search would find', async () => {
    const calls = organizerCalls();
    const crowd = Array.from({ length: PICKER_SHOWN + 5 }, (_, i) => attendee(`a1000000-0000-4000-8000-${String(i).padStart(12, '0')}`, `Person ${i}`));
    calls.loadAttendees.mockResolvedValueOnce(crowd);
    const t = await loaded(calls);
    t.child.send({ type: 'coOrganizer.pickerOpened' });
    await flush();
    expect(selectPickable(t.snapshot()).shown).toHaveLength(PICKER_SHOWN);
    expect(selectPickable(t.snapshot()).more).toBe(5);
    t.child.send({ type: 'coOrganizer.searched', query: 'person 2' });
    // Person 2, and Person 20 to 24.
    expect(selectPickable(t.snapshot())).toEqual({ shown: crowd.filter((a) => /^Person 2\d*$/.test(a.name)), more: 0 });
  });

  it('names a co-organizer: the list as the server answers it, and a calm word', async () => {
    const t = await loaded();
    t.child.send({ type: 'coOrganizer.pickerOpened' });
    await flush();
    t.child.send({ type: 'coOrganizer.picked', userId: SAM_ID });
    expect(selectPicker(t.snapshot())).toBe('adding');
    expect(t.calls.addOrganizer).toHaveBeenCalledWith({ userId: ada.id, eventId: adasEvent().id, personId: SAM_ID });
    await flush();
    expect(selectPicker(t.snapshot())).toBe('closed');
    expect(t.context().organizers.map((o) => o.name)).toEqual([ada.name, 'Sam Reed']);
    expect(toasts(t.received)).toEqual([coOrganizerAdded({ name: 'Sam Reed' })]);
  });

  it('says why a person could not be added, and keeps the picker open', async () => {
    const calls = organizerCalls();
    calls.addOrganizer.mockRejectedValueOnce(refused(400, testSaid('user_id_to_add: is not attending this event')));
    calls.addOrganizer.mockRejectedValueOnce(refused(500));
    const t = await loaded(calls);
    t.child.send({ type: 'coOrganizer.pickerOpened' });
    await flush();
    t.child.send({ type: 'coOrganizer.picked', userId: SAM_ID });
    await flush();
    expect(selectPicker(t.snapshot())).toBe('choosing');
    expect(english(t.context().organizersProblem)).toBe(english('user_id_to_add: is not attending this event'));
    t.child.send({ type: 'coOrganizer.picked', userId: SAM_ID });
    await flush();
    expect(english(t.context().organizersProblem)).toMatch(/couldn't add them/);
    t.child.send({ type: 'coOrganizer.pickerClosed' });
    expect(t.context().organizersProblem).toBeNull();
  });

  it('says the attendees could not load, and loads them again on Try again', async () => {
    const calls = organizerCalls();
    calls.loadAttendees.mockRejectedValueOnce(refused(500));
    const t = await loaded(calls);
    t.child.send({ type: 'coOrganizer.pickerOpened' });
    await flush();
    expect(selectPicker(t.snapshot())).toBe('failed');
    t.child.send({ type: 'coOrganizer.pickerOpened' });
    await flush();
    expect(selectPicker(t.snapshot())).toBe('choosing');
  });

  it('lets the organizer and every co-organizer name more, as the server does', () => {
    expect(canAddCoOrganizers({ organizer_role: 'organizer' })).toBe(true);
    expect(canAddCoOrganizers({ organizer_role: 'co_organizer' })).toBe(true);
    expect(canAddCoOrganizers({ organizer_role: null })).toBe(false);
  });

  it('loads every attendee a page at a time, up to the number offered', async () => {
    const page = (offset: number, n: number) => Array.from({ length: n }, (_, i) => attendee(`a0000000-0000-4000-8000-${String(offset + i).padStart(12, '0')}`, `P ${offset + i}`));
    const list = vi.fn(async (_u: string, _e: string, p: { limit?: number; offset?: number } = {}) => page(p.offset!, p.offset! < 200 ? 100 : 7));
    expect(await loadAllAttendees(list, { userId: ada.id, eventId: adasEvent().id })).toHaveLength(207);
    expect(list.mock.calls.map((c) => c[2])).toEqual([
      { limit: 100, offset: 0 },
      { limit: 100, offset: 100 },
      { limit: 100, offset: 200 },
    ]);
    const endless = vi.fn(async (_u: string, _e: string, p: { limit?: number; offset?: number } = {}) => page(p.offset!, 100));
    expect(await loadAllAttendees(endless, { userId: ada.id, eventId: adasEvent().id })).toHaveLength(ATTENDEES_OFFERED);
  });
});

describe('organizerMachine: announcements', () => {
  it('sends one, newest first, with what the cap leaves and how many were told', async () => {
    const t = await loaded();
    t.child.send({ type: 'announcement.changed', value: '  The quiet room is open  ' });
    t.child.send({ type: 'announcement.submitted' });
    expect(t.calls.announce).toHaveBeenCalledWith({ userId: ada.id, eventId: adasEvent().id, message: 'The quiet room is open' });
    await flush();
    const c = t.context();
    expect(c.announcements.map((a) => a.message)).toEqual(['The quiet room is open', 'Coffee is ready']);
    expect(c.cap).toEqual({ left_this_hour: 1, next_at: null });
    expect(c.announcementDraft).toBe('');
    expect(toasts(t.received)).toEqual([announcementSent({ told: 3 })]);
  });

  it('refuses an empty one before any call', async () => {
    const t = await loaded();
    t.child.send({ type: 'announcement.changed', value: '   ' });
    t.child.send({ type: 'announcement.submitted' });
    expect(t.calls.announce).not.toHaveBeenCalled();
    expect(english(t.context().announcementErrors.fields.message)).toBe(english('Please write the announcement first.'));
  });

  it('past the hourly cap says calmly when the next can go, and keeps the message', async () => {
    const calls = organizerCalls();
    calls.announce.mockRejectedValueOnce(refused(429, announcementsTooFast(12)));
    const t = await loaded(calls);
    t.child.send({ type: 'announcement.changed', value: 'Lunch at one' });
    t.child.send({ type: 'announcement.submitted' });
    await flush();
    const c = t.context();
    expect(t.snapshot().matches({ open: { announcements: 'ready' } })).toBe(true);
    expect(english(c.capNote)).toBe(english(announcementsTooFast(12)));
    expect(c.cap?.left_this_hour).toBe(0);
    expect(c.announcementDraft).toBe('Lunch at one');
    expect(c.announcementErrors).toEqual({ fields: {}, form: null });
    expect(t.received.filter((e) => e.type === 'error.show')).toEqual([]);
  });

  it('keeps the message when sending fails, and says so', async () => {
    const calls = organizerCalls();
    calls.announce.mockRejectedValueOnce(refused(0));
    const t = await loaded(calls);
    t.child.send({ type: 'announcement.changed', value: 'Lunch at one' });
    t.child.send({ type: 'announcement.submitted' });
    await flush();
    expect(english(t.context().announcementErrors.form)).toMatch(/Nothing you wrote is lost/);
    expect(t.context().announcementDraft).toBe('Lunch at one');
  });

  it('shows the newest first as the server answers them', async () => {
    const calls = organizerCalls();
    calls.loadAnnouncements.mockResolvedValueOnce({
      announcements: [sampleAnnouncement('Second', '2030-05-01T15:10:00.000Z', 'f1000000-0000-4000-8000-00000000000b'), sampleAnnouncement('First')],
      left_this_hour: 0,
      next_at: '2030-05-01T16:00:00.000Z',
    });
    const t = await loaded(calls);
    expect(t.context().announcements.map((a) => a.message)).toEqual(['Second', 'First']);
    expect(t.context().cap).toEqual({ left_this_hour: 0, next_at: '2030-05-01T16:00:00.000Z' });
  });
});

describe('organizerMachine: cancelling the event', () => {
  it('asks for a reason, cancels, and tells the root to leave for the events list with a calm word', async () => {
    const t = await loaded();
    t.child.send({ type: 'cancel.requested' });
    expect(t.snapshot().matches({ open: { cancel: 'confirming' } })).toBe(true);
    t.child.send({ type: 'cancel.submitted' });
    expect(t.calls.cancelEvent).not.toHaveBeenCalled();
    expect(english(t.context().cancelErrors.fields.reason)).toMatch(/Please say why/);
    t.child.send({ type: 'cancel.reasonChanged', value: ' The venue flooded. ' });
    t.child.send({ type: 'cancel.submitted' });
    expect(t.calls.cancelEvent).toHaveBeenCalledWith({ userId: ada.id, eventId: adasEvent().id, reason: 'The venue flooded.' });
    await flush();
    expect(t.snapshot().matches({ open: { cancel: 'cancelled' } })).toBe(true);
    expect(t.received.map((e) => e.type)).toEqual(['toast.show', 'event.cancelled']);
    expect(toasts(t.received)).toEqual([EVENT_CANCELLED]);
  });

  it('keeps the event when the dialog is closed, and the reason is asked for anew', async () => {
    const t = await loaded();
    t.child.send({ type: 'cancel.requested' });
    t.child.send({ type: 'cancel.reasonChanged', value: 'Hmm' });
    t.child.send({ type: 'cancel.dismissed' });
    expect(t.snapshot().matches({ open: { cancel: 'idle' } })).toBe(true);
    t.child.send({ type: 'cancel.requested' });
    expect(t.context().cancelReason).toBe('');
    expect(t.calls.cancelEvent).not.toHaveBeenCalled();
  });

  it('says why it could not be cancelled, keeping the reason', async () => {
    const calls = organizerCalls();
    calls.cancelEvent.mockRejectedValueOnce(refused(400, testSaid('This event has ended, so it cannot be cancelled.')));
    calls.cancelEvent.mockRejectedValueOnce(refused(503));
    const t = await loaded(calls);
    t.child.send({ type: 'cancel.requested' });
    t.child.send({ type: 'cancel.reasonChanged', value: 'Rain' });
    t.child.send({ type: 'cancel.submitted' });
    await flush();
    expect(t.snapshot().matches({ open: { cancel: 'confirming' } })).toBe(true);
    expect(english(t.context().cancelErrors.form)).toBe(english('This event has ended, so it cannot be cancelled.'));
    t.child.send({ type: 'cancel.submitted' });
    await flush();
    expect(t.context().cancelErrors.form).toBe(CANCEL_FAILED);
    expect(t.context().cancelReason).toBe('Rain');
    expect(t.received.map((e) => e.type)).not.toContain('event.cancelled');
  });
});

describe('organizerMachine: what other organizers change, live (issue 17)', () => {
  const changed = (t: Awaited<ReturnType<typeof loaded>>, change: string) =>
    t.child.send({ type: 'live.event_changed', event_id: t.context().event.id, change } as never);

  it('reads again only what the message names, and nothing for another event', async () => {
    const t = await loaded();
    changed(t, 'zones');
    await flush();
    expect(t.calls.loadZones).toHaveBeenCalledTimes(2);
    expect(t.calls.loadGroups).toHaveBeenCalledTimes(1);
    changed(t, 'communities');
    changed(t, 'announcement');
    await flush();
    expect(t.calls.loadGroups).toHaveBeenCalledTimes(2);
    expect(t.calls.loadAnnouncements).toHaveBeenCalledTimes(2);
    changed(t, 'details');
    await flush();
    expect(t.calls.loadEvent).toHaveBeenCalledTimes(2);
    expect(t.calls.loadOrganizers).toHaveBeenCalledTimes(2);
    t.child.send({ type: 'live.event_changed', event_id: 'e0000000-0000-4000-8000-0000000000ff', change: 'zones' } as never);
    await flush();
    expect(t.calls.loadZones).toHaveBeenCalledTimes(2);
  });

  it('does not read the details again while they are being edited', async () => {
    const t = await loaded();
    t.child.send({ type: 'details.editRequested' });
    changed(t, 'details');
    await flush();
    expect(t.calls.loadEvent).toHaveBeenCalledTimes(1);
    expect(t.snapshot().matches({ open: { details: 'editing' } })).toBe(true);
  });

  it('takes the person to the events list when another organizer cancels it', async () => {
    const t = await loaded();
    changed(t, 'cancelled');
    expect(t.received).toEqual([{ type: 'view.opened', view: 'events' }]);
  });
});
