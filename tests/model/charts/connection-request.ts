/**
 * The connection-request chart as QA's model: where Ada stands with Sam on his attendee
 * card, from each status the attendees list can open with. What the app can cause in each
 * state is decided here; the test replays it on the attendees view.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { CONNECTION_STATUSES, type ConnectionStatus } from '../../../contract/constants';
import { ApiError } from '../../../machines/api/client';
import { connectionRequestMachine } from '../../../machines/people/connection-request.machine';
import { ada, meetup, sam } from '../fixtures';
import { invocationEvent, type ChartModel } from '../harness';

export const SEND_DONE = invocationEvent(connectionRequestMachine, 'connectionRequest.sending', 'done');
export const SEND_ERROR = invocationEvent(connectionRequestMachine, 'connectionRequest.sending', 'error');

/** The server's reason for refusing a request (the pending-requests limit). */
export const REFUSAL = 'You have 5 requests waiting for an answer at this event. Give people a little time before sending more.';
export const NOTE = 'Loved your talk on quiet rooms';

const STATUS_WORDS: Record<ConnectionStatus, string> = {
  none: 'no request between them',
  request_sent: 'her request to Sam waiting',
  request_received: "Sam's request to her waiting",
  connected: 'the two connected',
  request_lapsed: 'her request to Sam lapsed unanswered',
};

const status = (s: AnyMachineSnapshot) => (s.context as { status: ConnectionStatus }).status;

/** The events the app can cause, per state. */
function events(type: string, s: AnyMachineSnapshot): AnyEventObject[] | undefined {
  switch (type) {
    case 'connection.composeOpened':
    case 'connection.composeCancelled':
    case 'connection.submitted':
    case 'connection.requestReceived':
    case 'connection.accepted':
      return [{ type }];
    case 'connection.messageChanged':
      return [{ type, message: NOTE }];
    // Nothing in the app sends it: a decline in the requests list reaches the card
    // only through the list's next reload ('connection.statusLoaded').
    case 'connection.declined':
      return [];
    case 'connection.statusLoaded':
      return CONNECTION_STATUSES.filter((st) => st !== status(s)).map((st) => ({ type, status: st, variant: st }));
    case SEND_DONE:
      return [
        { type, output: { success: true, status: 'request_sent' }, variant: 'sent' },
        { type, output: { success: true, status: 'connected' }, variant: 'connected' },
      ];
    case SEND_ERROR:
      return [
        { type, error: new ApiError(429, REFUSAL), variant: 'refused' },
        { type, error: new ApiError(401, 'Not signed in'), variant: 'session gone' },
      ];
    default:
      return undefined;
  }
}

const isSessionGone = (e: AnyEventObject) => e.type === SEND_ERROR && e.variant === 'session gone';

export const connectionRequestModel: ChartModel = {
  name: 'connection request',
  machine: connectionRequestMachine,
  starts: (['none', 'request_sent', 'request_received', 'connected', 'request_lapsed'] as const).map((st) => ({
    label: `Ada opens the attendees of ${meetup.name}; Sam's card shows ${STATUS_WORDS[st]}`,
    input: { userId: ada.id, otherId: sam.id, otherName: sam.name, eventId: meetup.id, status: st },
  })),
  events,
  serializeState: (s) => {
    const c = s.context as { status: string; message: string; error: string | null };
    return JSON.stringify([s.value, c.status, c.message !== '', c.error]);
  },
  endsPath: isSessionGone,
  say: (e) => {
    switch (e.type) {
      case 'connection.composeOpened':
        return 'Ada presses Connect on Sam’s card';
      case 'connection.messageChanged':
        return `Ada types the note “${e.message}”`;
      case 'connection.composeCancelled':
        return 'Ada presses Cancel';
      case 'connection.submitted':
        return 'Ada presses Send';
      case 'connection.requestReceived':
        return 'Sam sends Ada a request (live)';
      case 'connection.accepted':
        return 'Sam and Ada are connected (live)';
      case 'connection.statusLoaded':
        return `the list loads again (after a reconnect) and says ${STATUS_WORDS[e.status as ConnectionStatus]}`;
      case SEND_DONE:
        return e.variant === 'connected' ? 'the server answers that Sam had asked too: connected' : 'the server stores the request';
      case SEND_ERROR:
        return e.variant === 'refused' ? 'the server refuses: too many requests waiting' : 'the server answers that her session is gone';
      default:
        return e.type;
    }
  },
  see: {
    'none.idle': () => 'the card with one button, Connect',
    'none.composing': (s, e) =>
      isSessionGone(e)
        ? `the login view, with “User not logged in”`
        : (s.context as { error: string | null }).error
          ? 'the Connect dialog still open, her note kept, and the server’s reason in it'
          : 'the Connect dialog with an optional note and Send',
    sending: () => 'the dialog’s button says Sending… and nothing can be pressed',
    request_sent: (_s, e) =>
      e.type === SEND_DONE ? 'the card’s Request Sent (disabled) and the toast “Connection request sent discreetly”' : 'the card’s Request Sent (disabled)',
    request_received: () => 'the card’s Check Request',
    request_lapsed: () => 'the card’s “No answer this time” (disabled), and no way to ask again',
    connected: (_s, e) => (e.type === SEND_DONE ? 'the card’s Chat and the toast “Connection accepted! You can now chat.”' : 'the card’s Chat'),
  },
  about:
    'Sam’s attendee card on the attendees view (/events/<id>/connect), one chart per card. The send call is a double ' +
    'the path settles; live news and reloads come through the root chart as the live channel would bring them.',
};
