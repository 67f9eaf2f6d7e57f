/**
 * The organizer screen (issue 17) on the real app, the network answered by msw (every
 * answer checked against the contract): reached from the event's About tab, editing the
 * details in the event's own time zone, removing a zone, starting a group, naming a
 * co-organizer, the announcements' hourly cap, cancelling, and the page for someone who
 * does not organize the event.
 */
import { eventDrawn } from './renderApp';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { MicroCommunityListSchema, SafeZoneListSchema, type MicroCommunity, type SafeZone } from '../../contract/discovery';
import { EventListSchema, EventSchema, type Event } from '../../contract/events';
import {
  AddOrganizerAnswerSchema,
  AddOrganizerBodySchema,
  AnnouncementAnswerSchema,
  AnnouncementBodySchema,
  AnnouncementsAnswerSchema,
  CancelEventAnswerSchema,
  CancelEventBodySchema,
  CommunityBodySchema,
  NewCommunitySchema,
  OrganizersAnswerSchema,
  UpdateEventBodySchema,
  announcementsTooFast,
  type Announcement,
  type Organizer,
  type UpdateEventBody,
} from '../../contract/organizer';
import { AttendeeWithPhotoSchema } from '../../contract/social';
import { SuccessSchema } from '../../contract/common';
import { appMachine } from '../../machines/app.machine';
import { EVENT_CANCELLED } from '../../machines/organizer/organizer.machine';
import { answer, quietServer, renderModelApp, signIn, toastTexts } from '../model/app';
import { ada, quietRoom, samAttending } from '../model/fixtures';
import { refusalOf } from '../../contract/said';

/** Ada's own event, in New York: 18:00 to 21:00 there on 1 May 2030. */
const walk: Event = {
  id: 'e0000000-0000-4000-8000-0000000000a1',
  name: 'Evening Walk',
  description: 'A slow walk along the river.',
  location: 'Pier 45',
  event_type: 'networking',
  start_time: '2030-05-01T22:00:00.000Z',
  end_time: '2030-05-02T01:00:00.000Z',
  attendees: [],
  attendee_count: 3,
  anxiety_friendly_features: ['small_groups'],
  is_attending: true,
  created_by: ada.id,
  time_zone: 'America/New_York',
  organizer_role: 'organizer',
};
const SAM = samAttending('none');

/** What the fake server holds; reset after each test. */
let event: Event = walk;
let listed = true;
let zones: SafeZone[] = [];
let groups: MicroCommunity[] = [];
let organizers: Organizer[] = [];
let announcements: Announcement[] = [];
let capped = false;
const sent: Record<string, unknown[]> = {};
const record = (what: string, body: unknown) => (sent[what] ??= []).push(body);

quietServer(() => [
  http.get('*/api/events', () => answer(EventListSchema, listed ? [event] : [])),
  http.get('*/api/events/:eventId', () => (listed ? answer(EventSchema, event) : HttpResponse.json({ detail: 'Event not found' }, { status: 404 }))),
  http.put('*/api/events/:eventId', async ({ request }) => {
    const body = UpdateEventBodySchema.parse(await request.json());
    record('update', body);
    event = { ...event, ...(body as Partial<Event>) };
    return answer(EventSchema, event);
  }),
  http.delete('*/api/events/:eventId', async ({ request }) => {
    record('cancel', CancelEventBodySchema.parse(await request.json()));
    listed = false;
    return answer(CancelEventAnswerSchema, { success: true, attendees_told: 2 });
  }),
  http.get('*/api/safe-zones/:eventId', () => answer(SafeZoneListSchema, zones)),
  http.delete('*/api/events/:eventId/safe-zones/:zoneId', ({ params }) => {
    record('removeZone', params.zoneId);
    zones = zones.filter((z) => z.id !== params.zoneId);
    return answer(SuccessSchema, { success: true });
  }),
  http.get('*/api/micro-communities/:eventId', () => answer(MicroCommunityListSchema, groups)),
  http.post('*/api/events/:eventId/micro-communities', async ({ request }) => {
    const body = CommunityBodySchema.parse(await request.json());
    record('group', body);
    const group = { id: 'd0000000-0000-4000-8000-0000000000b1', ...body, member_count: 0, is_member: false };
    groups = [...groups, group];
    return answer(NewCommunitySchema, { ...group, group_chat_id: 'd1000000-0000-4000-8000-0000000000b1' });
  }),
  http.get('*/api/events/:eventId/organizers', () =>
    event.organizer_role ? answer(OrganizersAnswerSchema, { organizers }) : HttpResponse.json({ detail: 'Only the organizers of this event can do that' }, { status: 403 }),
  ),
  http.post('*/api/events/:eventId/organizers', async ({ request }) => {
    const body = AddOrganizerBodySchema.parse(await request.json());
    record('organizer', body);
    organizers = [...organizers, { id: body.user_id_to_add, name: SAM.name, role: 'co_organizer' }];
    return answer(AddOrganizerAnswerSchema, { success: true, organizers });
  }),
  http.get('*/api/events/:eventId/attendees-with-photos', () => answer(AttendeeWithPhotoSchema.array(), [SAM])),
  http.get('*/api/events/:eventId/announcements', () =>
    answer(AnnouncementsAnswerSchema, { announcements, left_this_hour: capped ? 0 : 3 - announcements.length, next_at: null }),
  ),
  http.post('*/api/events/:eventId/announcements', async ({ request }) => {
    const body = AnnouncementBodySchema.parse(await request.json());
    record('announce', body);
    if (capped) return HttpResponse.json(refusalOf(announcementsTooFast(17)), { status: 429, headers: { 'retry-after': '1020' } });
    const made = { id: `f1000000-0000-4000-8000-00000000000${announcements.length + 1}`, event_id: event.id, message: body.message, created_at: '2030-05-01T20:00:00.000Z' };
    announcements = [made, ...announcements];
    return answer(AnnouncementAnswerSchema, { success: true, announcement: made, attendees_told: 2, left_this_hour: 3 - announcements.length, next_at: null });
  }),
]);

afterEach(() => {
  event = walk;
  listed = true;
  zones = [];
  groups = [];
  organizers = [];
  announcements = [];
  capped = false;
  for (const k of Object.keys(sent)) delete sent[k];
});

/** Ada signed in, her event opened from the list, then "Organizer tools" at its top, beside Connect (issue 39). */
async function openOrganizer() {
  const user = userEvent.setup();
  const app = renderModelApp(appMachine, () => {});
  await signIn(app.actor);
  const card = await screen.findByRole('article', { name: walk.name });
  await user.click(within(card).getByRole('button', { name: 'Open' }));
  await screen.findByRole('heading', { name: walk.name, level: 1 });
  const atTheEvent = screen.getByRole('navigation', { name: 'At this event' });
  await user.click(await within(atTheEvent).findByRole('button', { name: 'Organizer tools' }));
  await screen.findByRole('heading', { name: 'Organize', level: 1 });
  return { app, user };
}

const region = (name: string) => screen.getByRole('region', { name });

describe('the organizer screen', () => {
  it('opens from the top of the event at its own address, every section with its empty state', async () => {
    await openOrganizer();
    expect(window.location.pathname).toBe(`/events/${walk.id}/organize`);
    for (const name of ['Event details', 'Safe zones', 'Interest groups', 'Co-organizers', 'Announcements', 'Analytics', 'Cancel the event']) {
      expect(screen.getByRole('heading', { name, level: 2 })).toBeInTheDocument();
    }
    const details = region('Event details');
    // Shown on the event's own clock (18:00, or 06:00 PM in an English locale), the device's beside it when they differ.
    const starts = (await within(details).findByText('Starts')).nextElementSibling!;
    expect(starts).toHaveTextContent(/\b(18:00|0?6:00\sPM)\b/);
    if (Intl.DateTimeFormat().resolvedOptions().timeZone !== 'America/New_York') expect(starts).toHaveTextContent(/your time\)$/);
    expect(within(details).getByText('America/New York')).toBeInTheDocument();
    expect(await within(region('Safe zones')).findByText('No zones yet. A quiet room is a good first one.')).toBeInTheDocument();
    expect(within(region('Interest groups')).getByText(/No interest groups yet/)).toBeInTheDocument();
    expect(within(region('Announcements')).getByText('No announcements yet.')).toBeInTheDocument();
    expect(within(region('Announcements')).getByText('You can send 3 more this hour (3 an hour at most).')).toBeInTheDocument();
  });

  it('edits the details on the event’s clock, sending only what changed', async () => {
    const { user } = await openOrganizer();
    const details = region('Event details');
    await user.click(await within(details).findByRole('button', { name: 'Edit details' }));
    const form = within(details).getByRole('form', { name: 'Edit event details' });
    expect(within(form).getByLabelText('Starts')).toHaveValue('2030-05-01T18:00');
    expect(within(form).getByLabelText('Starts')).toHaveAccessibleDescription("On the clock of the event's time zone, America/New York.");
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Evening River Walk');
    // 18:30 in New York is 22:30 UTC, whatever this machine's zone.
    await user.clear(within(form).getByLabelText('Starts'));
    await user.type(within(form).getByLabelText('Starts'), '2030-05-01T18:30');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent.update).toHaveLength(1));
    expect(sent.update![0] as UpdateEventBody).toEqual({ name: 'Evening River Walk', start_time: '2030-05-01T22:30:00.000Z' });
    expect(await within(details).findByText('Evening River Walk')).toBeInTheDocument();
    expect(toastTexts()).toContain('Your changes are saved. Attendees see them now.');
  });

  it('shows a refused edit beside its field and keeps what was typed', async () => {
    const { user } = await openOrganizer();
    const details = region('Event details');
    await user.click(await within(details).findByRole('button', { name: 'Edit details' }));
    const form = within(details).getByRole('form', { name: 'Edit event details' });
    await user.clear(within(form).getByLabelText('Ends'));
    await user.type(within(form).getByLabelText('Ends'), '2030-05-01T17:00');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(within(form).getByLabelText('Ends')).toHaveAccessibleDescription(/The end time must be after the start time\./);
    expect(within(form).getByLabelText('Ends')).toHaveValue('2030-05-01T17:00');
    expect(sent.update).toBeUndefined();
  });

  it('asks before removing a zone, then lists what is left; a new group appears with its chat', async () => {
    zones = [quietRoom];
    const { user } = await openOrganizer();
    const list = await within(region('Safe zones')).findByRole('list', { name: 'Safe zones' });
    expect(list).toHaveTextContent('Quiet room');
    expect(list).toHaveTextContent('Safe space · within 25 m');
    await user.click(within(list).getByRole('button', { name: 'Remove Quiet room' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove “Quiet room”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove zone' }));
    expect(await within(region('Safe zones')).findByText('No zones yet. A quiet room is a good first one.')).toBeInTheDocument();
    expect(sent.removeZone).toEqual([quietRoom.id]);

    const groupsRegion = region('Interest groups');
    const form = within(groupsRegion).getByRole('form', { name: 'Start an interest group' });
    await user.type(within(form).getByLabelText('Name'), 'Board games');
    await user.type(within(form).getByLabelText('Interest'), 'board games');
    await user.click(within(form).getByRole('button', { name: 'Start the group' }));
    const item = await within(groupsRegion).findByText('Board games', { selector: 'strong' });
    expect(item.parentElement).toHaveTextContent('New, with its own group chat');
    expect(sent.group).toEqual([{ name: 'Board games', description: '', interest_tag: 'board games' }]);
  });

  it('names a co-organizer picked from the attendees, found by name', async () => {
    organizers = [{ id: ada.id, name: ada.name, role: 'organizer' }];
    const { user } = await openOrganizer();
    const people = region('Co-organizers');
    expect(await within(people).findByRole('list', { name: 'Organizers' })).toHaveTextContent(`${ada.name} (you)Organizer`);
    await user.click(within(people).getByRole('button', { name: 'Add a co-organizer' }));
    const picker = await within(people).findByRole('region', { name: 'Add a co-organizer' });
    await user.type(await within(picker).findByLabelText('Search the attendees by name'), 'zz');
    expect(within(picker).getByText('Nobody by that name has joined.')).toBeInTheDocument();
    await user.clear(within(picker).getByLabelText('Search the attendees by name'));
    await user.type(within(picker).getByLabelText('Search the attendees by name'), 'sam');
    await user.click(within(picker).getByRole('button', { name: `Make ${SAM.name} a co-organizer` }));
    await waitFor(() => expect(within(people).getByRole('list', { name: 'Organizers' })).toHaveTextContent(`${SAM.name}Co-organizer`));
    expect(sent.organizer).toEqual([{ user_id_to_add: SAM.id }]);
    expect(toastTexts()).toContain(`${SAM.name} can now help organize this event.`);
  });

  it('sends an announcement with its character count, and past the hourly cap says calmly when the next can go', async () => {
    const { user } = await openOrganizer();
    const box = region('Announcements');
    const field = await within(box).findByLabelText('Announcement');
    await user.type(field, 'The quiet room is open');
    expect(field).toHaveAccessibleDescription('22 of 500 characters');
    await user.click(within(box).getByRole('button', { name: 'Send announcement' }));
    const sentList = await within(box).findByRole('list', { name: 'Sent announcements' });
    expect(sentList).toHaveTextContent('The quiet room is open');
    expect(field).toHaveValue('');
    expect(toastTexts()).toContain('Your announcement went to 2 attendees.');

    capped = true;
    await user.type(field, 'Lunch at one');
    await user.click(within(box).getByRole('button', { name: 'Send announcement' }));
    expect(await within(box).findByRole('status')).toHaveTextContent(announcementsTooFast(17).message);
    expect(field).toHaveValue('Lunch at one');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('cancels the event after asking for a reason: the events list, a calm word, and the event gone', async () => {
    const { user, app } = await openOrganizer();
    await user.click(within(region('Cancel the event')).getByRole('button', { name: 'Cancel this event…' }));
    const dialog = screen.getByRole('dialog', { name: `Cancel “${walk.name}”?` });
    expect(dialog).toHaveAccessibleDescription("Everyone who joined will be told, kindly, with the reason you give. This can't be undone.");
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the event' }));
    expect(within(dialog).getByLabelText(/Reason/)).toHaveAccessibleDescription(/Please say why/);
    expect(sent.cancel).toBeUndefined();
    await user.type(within(dialog).getByLabelText(/Reason/), 'The river path is flooded.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the event' }));
    await screen.findByRole('heading', { name: 'Events', level: 1 });
    expect(sent.cancel).toEqual([{ reason: 'The river path is flooded.' }]);
    expect(toastTexts()).toContain(EVENT_CANCELLED.message);
    expect(await screen.findByText(/No events/i)).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: walk.name })).not.toBeInTheDocument();
    expect(app.actor.getSnapshot().context.currentEvent).toBeNull();
    expect(window.location.pathname).toBe('/events');
  });

  it('keeps the event when the dialog is left with “Keep the event”', async () => {
    const { user } = await openOrganizer();
    await user.click(within(region('Cancel the event')).getByRole('button', { name: 'Cancel this event…' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep the event' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent.cancel).toBeUndefined();
  });
});

describe('the organizer screen for someone who does not organize the event', () => {
  it('offers no way in on the event, and its address says calmly who the page is for', async () => {
    event = { ...walk, organizer_role: null, created_by: null };
    const user = userEvent.setup();
    const app = renderModelApp(appMachine, () => {}, `/events/${walk.id}/organize`);
    await signIn(app.actor);
    expect(await screen.findByText("Only the event's organizers can use this page.")).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Event details' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the event' }));
    await eventDrawn(walk.name);
    expect(within(screen.getByRole('navigation', { name: 'At this event' })).getByRole('button', { name: 'Connect' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Organizer tools' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'About' }));
    expect(screen.getByRole('button', { name: 'Analytics' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Organizer tools' })).not.toBeInTheDocument();
  });
});
