/**
 * The location poller as QA's model: from opening an event, the browser's positions,
 * the ten-second clock and the server's answers, to the zone the banner names; and what
 * the event's organizers do to it (issue 17): its zones moved, or the event cancelled.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { ApiError } from '../../../machines/api/client';
import { locationPollerMachine } from '../../../machines/session/location-poller.machine';
import { ada, meetup, quietRoom } from '../fixtures';
import { delayEvent, invocationEvent, type ChartModel } from '../harness';

export const REPORT_DONE = invocationEvent(locationPollerMachine, 'locationPoller.tracking.report.sending', 'done');
export const REPORT_ERROR = invocationEvent(locationPollerMachine, 'locationPoller.tracking.report.sending', 'error');
export const POLL = delayEvent(locationPollerMachine, 'locationPoller.tracking.schedule.waiting');

/** Two places at the meetup: inside the quiet room, and the main hall. */
export const PLACES = {
  'quiet room': { latitude: quietRoom.latitude, longitude: quietRoom.longitude },
  'main hall': { latitude: 52.507, longitude: 13.3921 },
} as const;

type Position = { latitude: number; longitude: number } | null;
const position = (s: AnyMachineSnapshot) => (s.context as { position: Position }).position;
const zonesChanged = (s: AnyMachineSnapshot) => (s.context as { zonesChanged: boolean }).zonesChanged;

/** The transition that sends a report at once because the zones changed (none was on its way). */
export const ZONES_RECHECK = 'locationPoller.tracking.report.idle live.event_changed#0';

function events(type: string, s: AnyMachineSnapshot): AnyEventObject[] | undefined {
  switch (type) {
    case 'position.changed':
      return Object.entries(PLACES)
        .filter(([, p]) => JSON.stringify(p) !== JSON.stringify(position(s)))
        .map(([variant, p]) => ({ type, ...p, variant }));
    case 'position.unavailable':
      return [{ type, reason: 'User denied Geolocation' }];
    case POLL:
      return [{ type }];
    // Raised by the chart itself on entering tracking and on every tick.
    case 'poll.due':
      return [];
    case REPORT_DONE:
      return [
        { type, output: { success: true, current_zone: quietRoom }, variant: 'in the quiet room' },
        { type, output: { success: true, current_zone: null }, variant: 'in no zone' },
      ];
    case REPORT_ERROR:
      return [{ type, error: new ApiError(503, 'Service unavailable'), variant: 'server trouble' }];
    // The organizers move the zones, or cancel the event (the live channel, through the root).
    case 'live.event_changed':
      return [
        { type, event_id: meetup.id, change: 'zones', variant: 'zones' },
        { type, event_id: meetup.id, change: 'cancelled', variant: 'cancelled' },
      ];
    default:
      return undefined;
  }
}

/** The zone the banner shows after `steps`: the last answer's, none before one, and none once the event is cancelled. */
export function zoneAfter(steps: readonly { event: AnyEventObject }[]) {
  if (steps.some((s) => s.event.change === 'cancelled')) return null;
  const answers = steps.filter((s) => s.event.type === REPORT_DONE);
  return (answers.at(-1)?.event.output as { current_zone: typeof quietRoom | null } | undefined)?.current_zone ?? null;
}

const placeOf = (s: AnyMachineSnapshot) => Object.entries(PLACES).find(([, p]) => JSON.stringify(p) === JSON.stringify(position(s)))?.[0];

export const locationPollerModel: ChartModel = {
  name: 'location poller',
  machine: locationPollerMachine,
  starts: [{ label: `Ada opens ${meetup.name}`, input: { userId: ada.id, eventId: meetup.id } }],
  events,
  serializeState: (s) => JSON.stringify([s.value, position(s), zonesChanged(s)]),
  // Cancelled, the poller has ended (and the app has left the event).
  endsPath: (e) => e.type === 'live.event_changed' && e.change === 'cancelled',
  say: (e) => {
    switch (e.type) {
      case 'position.changed':
        return `the browser gives her position: the ${e.variant}`;
      case 'position.unavailable':
        return 'the browser has no position for her (she said no)';
      case POLL:
        return 'ten seconds pass';
      case REPORT_DONE:
        return `the server answers: she is ${e.variant}`;
      case REPORT_ERROR:
        return 'the server does not answer properly';
      case 'live.event_changed':
        return e.change === 'zones' ? 'the organizers move the safe zones (live)' : `the organizers cancel ${meetup.name} (live)`;
      default:
        return e.type;
    }
  },
  see: {
    waitingForPosition: () => 'the event, and nothing is sent',
    'tracking.schedule.waiting,report.sending': (s) =>
      `her position in the ${placeOf(s)} on its way to the server${zonesChanged(s) ? ' (asked again once back: the zones moved)' : ''}`,
    'tracking.schedule.waiting,report.idle': (_s, e) =>
      e.type === REPORT_DONE
        ? (e.output as { current_zone: unknown }).current_zone
          ? 'the banner “You’re in Quiet room — a safe space”'
          : 'no zone banner'
        : 'the banner as the last answer left it',
    ended: () => 'the events list, with no zone banner, and nothing more is sent',
  },
  about:
    'Runs while an event is open; its answer is the safe-zone banner on the event view. The browser’s position is a ' +
    'double the path drives, the location call a double it settles, and the ten seconds a simulated clock (a ' +
    'millisecond early, nothing is sent). The organizers’ changes arrive as the live channel’s messages, through the root. ' +
    'Checked on screen (the banner) and on the chart’s outputs (the positions sent).',
};
