/**
 * The live channel as QA's model: the socket's life while Ada is signed in — opening,
 * messages, drops and reconnects with backoff, and the close that says her sessions
 * ended.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ContactExchange } from '../../../contract/social';
import { ApiError } from '../../../machines/api/client';
import { liveChannelMachine, SESSION_ENDED_CLOSE } from '../../../machines/session/live-channel.actor';
import { ada, meetup, sam } from '../fixtures';
import { delayEvent, invocationEvent, type ChartModel } from '../harness';

export const SESSION_DONE = invocationEvent(liveChannelMachine, 'liveChannel.checkingSession', 'done');
export const SESSION_ERROR = invocationEvent(liveChannelMachine, 'liveChannel.checkingSession', 'error');
export const BACKOFF = delayEvent(liveChannelMachine, 'liveChannel.reconnecting');

/** Sam shares his email: the live message whose toast shows it arrived. */
export const SHARED: ContactExchange = {
  id: '60000000-0000-4000-8000-000000000001',
  from_user: sam.id,
  from_name: sam.name,
  to_user: ada.id,
  exchange_type: 'email',
  contact_data: { email: 'sam@example.org' },
  event_id: meetup.id,
  created_at: '2030-05-01T18:00:00.000Z',
};

function events(type: string, _s: AnyMachineSnapshot): AnyEventObject[] | undefined {
  switch (type) {
    case 'socket.opened':
    case BACKOFF:
      return [{ type }];
    case 'socket.messageReceived':
      return [{ type, message: { type: 'contact_exchange_request', exchange: SHARED } }];
    case 'socket.closed':
      return [
        { type, code: 1006, variant: 'dropped' },
        { type, code: SESSION_ENDED_CLOSE, variant: 'sessions ended' },
      ];
    case 'channel.eventJoined':
      return [{ type, eventId: meetup.id }];
    // Going offline changes nothing here; coming back cuts the backoff short.
    case 'connectivity.changed':
      return [{ type, online: true }];
    case SESSION_DONE:
      return [{ type, output: ada, variant: 'still signed in here' }];
    case SESSION_ERROR:
      return [
        { type, error: new ApiError(401, 'Not signed in'), variant: 'signed out' },
        { type, error: new TypeError('Failed to fetch'), variant: 'no answer' },
      ];
    default:
      return undefined;
  }
}

const signedOut = (e: AnyEventObject) => e.type === SESSION_ERROR && e.variant === 'signed out';

export const liveChannelModel: ChartModel = {
  name: 'live channel',
  machine: liveChannelMachine,
  starts: [{ label: 'Ada signs in and the app opens its live channel', input: { userId: ada.id, origin: 'http://localhost:3000' } }],
  events,
  serializeState: (s) => {
    const c = s.context as { eventId: string | null; wasConnected: boolean };
    return JSON.stringify([s.value, c.eventId !== null, c.wasConnected]);
  },
  endsPath: signedOut,
  say: (e) => {
    switch (e.type) {
      case 'socket.opened':
        return 'the socket opens';
      case 'socket.messageReceived':
        return 'Sam shares his email with her (a live message)';
      case 'socket.closed':
        return e.code === SESSION_ENDED_CLOSE ? 'the server closes the socket: her sessions ended' : 'the connection drops';
      case 'channel.eventJoined':
        return `Ada opens ${meetup.name}`;
      case 'connectivity.changed':
        return 'the browser is back online';
      case BACKOFF:
        return 'the backoff delay passes';
      case SESSION_DONE:
        return 'the server says this device is still signed in';
      case SESSION_ERROR:
        return e.variant === 'signed out' ? 'the server says she is signed out here too' : 'the session check gets no answer';
      default:
        return e.type;
    }
  },
  see: {
    'open.connecting': () => 'the app as before, a socket opening',
    'open.connected': (s, e) =>
      e.type === 'socket.messageReceived'
        ? 'the toast “Sam Reed shared their email (email: sam@example.org)”'
        : (s.context as { eventId: string | null }).eventId
          ? 'the app, the socket told which event she is in'
          : 'the app, the socket open',
    reconnecting: () => 'the app as before; no socket until the backoff ends',
    checkingSession: () => 'the app as before while the session is checked',
    ended: () => 'the login view with “User not logged in”',
  },
  about:
    'No screen of its own: checked where the app shows its effects (toasts, the lists reloaded after a reconnect, ' +
    'the login view) and on its outputs (a socket per attempt, the join_event messages sent). The socket and the ' +
    'session check are doubles the path drives; the backoff runs on a simulated clock with the jitter fixed, and ' +
    'a millisecond early no new socket opens.',
};
