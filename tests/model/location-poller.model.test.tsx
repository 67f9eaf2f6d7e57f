/**
 * Model-based test of the location poller (SPEC 4, DESIGN 7): paths generated from the
 * production chart, replayed on the whole app with an event open. After every step the
 * safe-zone banner must name the zone of the server's last answer, and the positions
 * sent must be the ones the chart had when each report was due.
 */
import { act, screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { SimulatedClock } from 'xstate';
import { LOCATION_INTERVAL_MS } from '../../contract/constants';
import type { ApiError, LocationUpdateAnswer } from '../../machines/api/client';
import { appMachine, type AppActorRef } from '../../machines/app.machine';
import { locationPollerMachine, type LocationReport } from '../../machines/session/location-poller.machine';
import { zoneHeadline } from '../../src/components/SafeZoneBanner';
import { advance, browserDouble, hearLive, heldCall, quietServer, renderModelApp, signIn } from './app';
import type { EventChange } from '../../contract/live';
import { locationPollerModel, POLL, REPORT_DONE, REPORT_ERROR, ZONES_RECHECK, zoneAfter } from './charts/location-poller';
import { ada, meetup } from './fixtures';
import type { ModelPath, ModelStep } from './harness';
import { describeModel } from './suite';
import { chunksAtHand } from '../machines/charts.fakes';

quietServer();

interface Event {
  actor: AppActorRef;
  clock: SimulatedClock;
  geolocation: ReturnType<typeof browserDouble<{ type: never }>>;
  report: ReturnType<typeof heldCall<LocationUpdateAnswer, LocationReport>>;
  unmount: () => void;
}

const DUE = 'locationPoller.tracking.report.idle poll.due#0';

/** The banner says the zone of the last answer, or is not there. */
function expectBanner(path: ModelPath, step: ModelStep) {
  const zone = zoneAfter(path.steps.slice(0, path.steps.indexOf(step) + 1));
  const banner = screen.queryByRole('status', { name: 'Where you are' });
  if (zone) expect(banner).toHaveTextContent(zoneHeadline(zone.name, zone.zone_type));
  else expect(banner).not.toBeInTheDocument();
}

/**
 * One report per time a report was due and none was on its way (or the zones moved), each
 * with the position of that moment.
 */
function expectReports(t: Event, path: ModelPath, step: ModelStep) {
  const due = path.steps.slice(0, path.steps.indexOf(step) + 1).filter((s) => s.fired.includes(DUE) || s.fired.includes(ZONES_RECHECK));
  expect(t.report.calls.map((c) => c.input)).toEqual(
    due.map((s) => ({ userId: ada.id, eventId: meetup.id, ...(s.state.context as { position: object }).position })),
  );
}

describeModel<Event>(locationPollerModel, {
  async start(_path, inspect) {
    const geolocation = browserDouble<{ type: never }>();
    const report = heldCall<LocationUpdateAnswer, LocationReport>();
    const logic = appMachine.provide({
      actors: {
        ...chunksAtHand({
          locationPoller: locationPollerMachine.provide({
            actors: { watchPosition: geolocation.logic, reportLocation: report.logic },
            actions: { logFailure: () => {} },
          }),
        }),
      },
    });
    const app = renderModelApp(logic, inspect);
    await signIn(app.actor);
    act(() => app.actor.send({ type: 'event.opened', event: meetup }));
    await screen.findByRole('heading', { name: meetup.name });
    return { actor: app.actor, clock: app.clock, geolocation, report, unmount: app.unmount };
  },
  events: {
    'position.changed': async (t, e) => t.geolocation.report({ type: e.type, latitude: e.latitude, longitude: e.longitude }),
    'position.unavailable': async (t, e) => t.geolocation.report(e),
    [POLL]: async (t) => {
      const sent = t.report.calls.length;
      advance(t.clock, LOCATION_INTERVAL_MS - 1);
      expect(t.report.calls, 'a millisecond early').toHaveLength(sent);
      advance(t.clock, 1);
    },
    [REPORT_DONE]: (t, e) => t.report.resolve(e.output as LocationUpdateAnswer),
    [REPORT_ERROR]: (t, e) => t.report.reject(e.error as ApiError),
    'live.event_changed': async (t, e) => hearLive(t.actor, { type: 'live.event_changed', event_id: meetup.id, change: e.change as EventChange }),
  },
  states: {
    waitingForPosition: async (t, step, path) => {
      expectBanner(path, step);
      expectReports(t, path, step);
    },
    'tracking.schedule.waiting,report.sending': async (t, step, path) => {
      expectBanner(path, step);
      expectReports(t, path, step);
    },
    'tracking.schedule.waiting,report.idle': async (t, step, path) => {
      expectBanner(path, step);
      expectReports(t, path, step);
    },
    // Cancelled: back on the events list (the notification says why), and nothing more is sent, however long.
    ended: async (t, step, path) => {
      expect(await screen.findByRole('heading', { name: 'Events', level: 1 })).toBeInTheDocument();
      expectBanner(path, step);
      expect(t.actor.getSnapshot().context.currentEvent).toBeNull();
      const sent = t.report.calls.length;
      advance(t.clock, LOCATION_INTERVAL_MS * 3);
      expect(t.report.calls).toHaveLength(sent);
    },
  },
  stop: ({ unmount }) => unmount(),
});
