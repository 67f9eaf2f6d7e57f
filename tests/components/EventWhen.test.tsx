/**
 * When an event happens (issue 17): on the clock of the place it happens, with the
 * person's own beside it when that reads differently. The viewer's zone and locale are
 * given explicitly, so nothing here depends on the machine the tests run on; the views
 * are rendered with the process's zone set for the test.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Event } from '../../contract/events';
import type { MicroCommunity, NearbyEntry, Recommendations, SafeZone } from '../../contract/discovery';
import type { GroupChat } from '../../contract/social';
import { eventMachine, type PeopleRange } from '../../machines/event/event.machine';
import { eventsMachine } from '../../machines/event/events.machine';
import { createHiddenEventsStore } from '../../machines/event/hidden-events.actor';
import { EventWhen } from '../../src/components/EventWhen';
import { deviceZone, eventTimes, zoneLabel } from '../../src/components/event-times';
import { theme } from '../../src/theme/theme';
import { connectionsApp, signIn } from '../machines/connections.fakes';
import { emptyRecommendations, sampleEvent } from '../machines/discovery.fakes';
import { renderApp } from './renderApp';

/** Monday 1 December 2025, 09:00 to 17:00 in Berlin (08:00 to 16:00 UTC). */
const berlin = { start_time: '2025-12-01T08:00:00.000Z', end_time: '2025-12-01T16:00:00.000Z', time_zone: 'Europe/Berlin' };
type Ids = { userId: string; eventId: string };
const inGB = (zone: string) => ({ zone, locale: 'en-GB' });

describe('eventTimes', () => {
  it('shows the times alone when the viewer is in the event’s zone', () => {
    expect(eventTimes(berlin, inGB('Europe/Berlin'))).toEqual({ local: 'Mon 1 Dec, 09:00 – 17:00', yours: null });
  });

  it('shows the times alone when the viewer’s clock reads the same in another zone', () => {
    expect(eventTimes(berlin, inGB('Europe/Paris'))).toEqual({ local: 'Mon 1 Dec, 09:00 – 17:00', yours: null });
  });

  it('names the event’s zone by its city and adds the viewer’s own hours when they differ', () => {
    expect(eventTimes(berlin, inGB('Europe/London'))).toEqual({
      local: 'Mon 1 Dec, 09:00 – 17:00 (Berlin time)',
      yours: '08:00 – 16:00 your time',
    });
    expect(eventTimes(berlin, inGB('America/New_York')).yours).toBe('03:00 – 11:00 your time');
  });

  it('gives the viewer’s days too when their clock is on another day', () => {
    expect(eventTimes(berlin, inGB('Pacific/Auckland'))).toEqual({
      local: 'Mon 1 Dec, 09:00 – 17:00 (Berlin time)',
      yours: 'Mon 1 Dec, 21:00 – Tue 2 Dec, 05:00 your time',
    });
    expect(eventTimes({ ...berlin, start_time: '2025-12-01T03:00:00.000Z' }, inGB('America/Los_Angeles')).yours).toBe(
      'Sun 30 Nov, 19:00 – Mon 1 Dec, 08:00 your time',
    );
  });

  it('writes both days in the event’s zone when it runs past midnight there', () => {
    const late = { ...berlin, start_time: '2025-12-01T20:00:00.000Z', end_time: '2025-12-02T01:00:00.000Z' };
    expect(eventTimes(late, inGB('Europe/Berlin')).local).toBe('Mon 1 Dec, 21:00 – Tue 2 Dec, 02:00');
    // On a UTC clock it still ends the day after: both days again.
    expect(eventTimes(late, inGB('UTC')).yours).toBe('Mon 1 Dec, 20:00 – Tue 2 Dec, 01:00 your time');
  });

  it('takes an event without a zone (made before there was one) as UTC', () => {
    const { time_zone: _zone, ...old } = berlin;
    expect(eventTimes(old, inGB('UTC'))).toEqual({ local: 'Mon 1 Dec, 08:00 – 16:00', yours: null });
    expect(eventTimes(old, inGB('Europe/Berlin'))).toEqual({ local: 'Mon 1 Dec, 08:00 – 16:00 (UTC)', yours: '09:00 – 17:00 your time' });
  });

  it('takes a zone this browser does not know as UTC', () => {
    expect(eventTimes({ ...berlin, time_zone: 'Mars/Olympus_Mons' }, inGB('UTC')).local).toBe('Mon 1 Dec, 08:00 – 16:00');
  });

  it('shows nothing for a start it cannot read', () => {
    expect(eventTimes({ ...berlin, start_time: 'soon' }, inGB('UTC'))).toEqual({ local: '', yours: null });
  });

  it('uses the device’s zone when none is given', () => {
    expect(eventTimes(berlin, { locale: 'en-GB' })).toEqual(eventTimes(berlin, inGB(deviceZone())));
  });
});

describe('zoneLabel', () => {
  it('says a zone by its city, spaced, or by its short name where it has none', () => {
    const at = new Date(berlin.start_time);
    expect(zoneLabel('America/Argentina/Buenos_Aires', at)).toBe('Buenos Aires time');
    expect(zoneLabel('UTC', at, 'en-GB')).toBe('UTC');
    expect(zoneLabel('Etc/GMT+5', at, 'en-GB')).toBe('GMT-5');
  });
});

describe('EventWhen', () => {
  const show = (zone: string) =>
    render(
      <ThemeProvider theme={theme}>
        <p data-testid="when">
          <EventWhen event={berlin} viewer={inGB(zone)} />
        </p>
      </ThemeProvider>,
    );

  it('shows the event’s times, then the viewer’s own under them, read as one sentence', () => {
    show('Europe/London');
    const when = screen.getByTestId('when');
    expect(when).toHaveTextContent('Mon 1 Dec, 09:00 – 17:00 (Berlin time), that is 08:00 – 16:00 your time');
    expect(within(when).getByText('08:00 – 16:00 your time', { exact: false })).toBeVisible();
  });

  it('shows one line when the clocks agree', () => {
    show('Europe/Berlin');
    expect(screen.getByTestId('when')).toHaveTextContent(/^Mon 1 Dec, 09:00 – 17:00$/);
  });
});

describe('the event’s times on the events list and the About tab', () => {
  // The person's device is in New York; the event is in Berlin.
  beforeEach(() => vi.stubEnv('TZ', 'America/New_York'));
  afterEach(() => vi.unstubAllEnvs());

  const meetup: Event = sampleEvent({ ...berlin, is_attending: true });
  const expected = () => eventTimes(meetup, { zone: 'America/New_York' });

  async function renderList() {
    const app = connectionsApp(
      {},
      {
        events: eventsMachine.provide({
          actors: {
            loadEvents: fromPromise<Event[], { userId: string }>(async () => [meetup]),
            hiddenEventsStore: createHiddenEventsStore(() => null),
          },
        }),
        event: eventMachine.provide({
          actors: {
            loadEvent: fromPromise<Event, Ids>(async () => meetup),
            loadPeople: fromPromise<NearbyEntry[], PeopleRange>(async () => []),
            loadZones: fromPromise<SafeZone[], Ids>(async () => []),
            loadCommunities: fromPromise<MicroCommunity[], Ids>(async () => []),
            loadRecommendations: fromPromise<Recommendations, Ids>(async () => emptyRecommendations),
            loadGroupChats: fromPromise<GroupChat[], Ids>(async () => []),
          },
        }),
      },
    );
    const view = renderApp(undefined, { path: '/', online: true }, app.machine);
    await act(() => signIn(view.actor));
    return view;
  }

  it('shows the card’s times in Berlin, with the person’s New York hours under them', async () => {
    expect(deviceZone()).toBe('America/New_York');
    await renderList();
    const card = await screen.findByRole('article', { name: meetup.name }, { timeout: 5000 });
    const { local, yours } = expected();
    expect(local).toContain('(Berlin time)');
    expect(yours).toContain('your time');
    expect(card).toHaveTextContent(`When: ${local}, that is ${yours}`);
  });

  it('shows them the same way in the event’s About tab', async () => {
    const user = userEvent.setup();
    await renderList();
    await user.click(await screen.findByRole('button', { name: 'Open' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('tab', { name: 'About' }, { timeout: 5000 }));
    const details = screen.getByRole('region', { name: 'Event details' });
    const { local, yours } = expected();
    expect(details).toHaveTextContent(`When${local}, that is ${yours}`);
  });
});
