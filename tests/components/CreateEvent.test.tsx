/**
 * create-event on the whole app, the server answered by msw (issue 17): the time zone the
 * times are read in, the duplicate rule's day at the venue, and the last step's offer of
 * a quiet room before the new event opens.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { SafeZoneSchema, type SafeZone } from '../../contract/discovery';
import { EventListSchema, EventSchema, type CreateEventBody, type Event } from '../../contract/events';
import { MESSAGES } from '../../contract/messages';
import { zonedLocalToIso } from '../../contract/zoned-time';
import { appMachine } from '../../machines/app.machine';
import { quietRoomAdded } from '../../machines/organizer/create-event.machine';
import { answer, quietServer, renderModelApp, signIn, toastTexts } from '../model/app';
import { meetup, quietRoom } from '../model/fixtures';

const CREATED_ID = 'e0000000-0000-4000-8000-0000000000c1';
const created: Partial<{ event: Event; body: CreateEventBody; zone: SafeZone }> = {};
let existing: Event[] = [];

const { world } = quietServer(() => [
  http.get('*/api/events', () => answer(EventListSchema, existing)),
  http.post('*/api/events', async ({ request }) => {
    created.body = (await request.json()) as CreateEventBody;
    created.event = { ...meetup, ...created.body, id: CREATED_ID, attendees: [], attendee_count: 1, is_attending: true } as Event;
    return answer(EventSchema, created.event);
  }),
  http.get(`*/api/events/${CREATED_ID}`, () => answer(EventSchema, created.event!)),
  http.post('*/api/events/:eventId/safe-zones', async ({ request }) => {
    created.zone = { ...quietRoom, ...((await request.json()) as Partial<SafeZone>) };
    return answer(SafeZoneSchema, created.zone);
  }),
]);

/** The browser's position: a good fix for "I'm standing in it", nothing for the poller's watch. */
function fakeGeolocation() {
  const getCurrentPosition = vi.fn((ok: PositionCallback) =>
    ok({ coords: { latitude: 52.5068, longitude: 13.3917, accuracy: 9 }, timestamp: 0 } as GeolocationPosition),
  );
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition, watchPosition: () => 1, clearWatch: () => {} },
  });
  return getCurrentPosition;
}

async function openForm() {
  const app = renderModelApp(appMachine, () => {});
  await signIn(app.actor);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Create Event' }));
  await screen.findByRole('form', { name: 'Create Event' });
  return { ...app, user };
}

async function fill(user: UserEvent, d: { name: string; location?: string; zone: string; start: string; end: string }) {
  await user.type(screen.getByLabelText('Name'), d.name);
  await user.type(screen.getByLabelText('Description'), 'Coffee, no rush.');
  await user.type(screen.getByLabelText('Location'), d.location ?? 'Café Nord');
  await user.selectOptions(screen.getByLabelText('Event type'), 'networking');
  await user.selectOptions(screen.getByLabelText('Time zone'), d.zone);
  // datetime-local takes its value whole, as a browser's picker gives it.
  for (const [label, value] of [['Starts', d.start], ['Ends', d.end]] as const) {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    await user.type(field, value);
  }
}

describe('CreateEventView', () => {
  it('starts in the person’s own time zone, and lists the others', async () => {
    existing = [];
    await openForm();
    const zone = screen.getByLabelText('Time zone');
    expect(zone).toHaveValue(new Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(zone).toHaveAccessibleDescription('Where the event happens. The times below are the clock there.');
    expect(within(zone).getByRole('option', { name: 'America/New York' })).toHaveValue('America/New_York');
  });

  it('sends the times as the clock in the chosen zone, then offers a quiet room; skipped, the event opens', async () => {
    existing = [];
    const t = await openForm();
    await fill(t.user, { name: 'Slow Coffee', zone: 'America/New_York', start: '2030-01-15T09:00', end: '2030-01-15T10:30' });
    await t.user.click(screen.getByRole('button', { name: 'Create Event' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Add a quiet room now' });
    expect(created.body).toMatchObject({ time_zone: 'America/New_York', start_time: '2030-01-15T14:00:00.000Z', end_time: '2030-01-15T15:30:00.000Z' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/“Slow Coffee” is ready\. A quiet room gives people somewhere to recharge\./)).toBeInTheDocument();
    // Still here: the event opens after this step.
    expect(screen.getByRole('heading', { level: 1, name: 'Create an event' })).toBeInTheDocument();
    await t.user.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Slow Coffee' })).toBeInTheDocument();
    expect(world.asked.filter((a) => a.includes('safe-zones') && a.startsWith('POST'))).toEqual([]);
  });

  it('adds a quiet room where the organizer stands, says so, and opens the event', async () => {
    existing = [];
    const ask = fakeGeolocation();
    const t = await openForm();
    await fill(t.user, { name: 'Slow Tea', zone: 'Europe/Berlin', start: '2030-06-01T15:00', end: '2030-06-01T16:00' });
    await t.user.click(screen.getByRole('button', { name: 'Create Event' }));
    await t.user.click(await screen.findByRole('button', { name: 'Add a quiet room' }));
    const editor = screen.getByRole('form', { name: 'Add a quiet room' });
    const name = within(editor).getByLabelText('Name');
    expect(name).toHaveValue('Quiet room');
    await waitFor(() => expect(name).toHaveFocus());
    expect(within(editor).getByLabelText('Kind of zone')).toHaveValue('safe_space');
    await t.user.click(within(editor).getByRole('button', { name: "I'm standing in it" }));
    await waitFor(() => expect(within(editor).getByRole('status')).toHaveTextContent('Centre set where you stand (accurate to about 9 m).'));
    expect(ask).toHaveBeenCalledTimes(1);
    await t.user.click(within(editor).getByRole('button', { name: 'Save zone' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Slow Tea' })).toBeInTheDocument();
    expect(created.zone).toMatchObject({ name: 'Quiet room', zone_type: 'safe_space', latitude: 52.5068, longitude: 13.3917, radius_meters: 15 });
    expect(toastTexts()).toContain(quietRoomAdded({ name: 'Quiet room' }).message);
  });

  it('refuses 00:30 and 01:15 the same Berlin night at the same place, before any call', async () => {
    existing = [{ ...meetup, location: 'Café Nord', start_time: zonedLocalToIso('2030-01-15T00:30', 'Europe/Berlin')!, time_zone: 'Europe/Berlin' }];
    const t = await openForm();
    await fill(t.user, { name: 'Night Owls', zone: 'Europe/Berlin', start: '2030-01-15T01:15', end: '2030-01-15T02:00' });
    await t.user.click(screen.getByRole('button', { name: 'Create Event' }));
    const starts = screen.getByLabelText('Starts');
    await waitFor(() => expect(starts).toHaveAccessibleDescription(MESSAGES.duplicateEvent.message));
    await waitFor(() => expect(starts).toHaveFocus());
    expect(world.asked).not.toContain('POST /api/events');
  });
});
