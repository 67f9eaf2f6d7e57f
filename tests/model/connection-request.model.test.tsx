/**
 * Model-based test of SPEC 4's connection status on an attendee card: paths generated
 * from the production connection-request chart (tests/model/charts/connection-request.ts),
 * replayed on the whole app's attendees view, Sam's card checked after every step.
 * The send call is a double the path settles; everything else is msw.
 */
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { ConnectionRequestAnswer } from '../../contract/social';
import { NO_ANSWER as NO_ANSWER_SAID } from '../../contract/constants';
import { MESSAGES } from '../../contract/messages';
import type { ApiError } from '../../machines/api/client';
import { appMachine } from '../../machines/app.machine';
import { attendeesMachine } from '../../machines/event/attendees.machine';
import { connectionRequestMachine } from '../../machines/people/connection-request.machine';
import { hearLive, heldCall, quietServer, renderModelApp, signIn, toastTexts } from './app';
import { connectionRequestModel, SEND_DONE, SEND_ERROR } from './charts/connection-request';
import { meetup, sam, samAttending, samsRequest, withSam } from './fixtures';
import type { ModelStep } from './harness';
import { describeModel } from './suite';
import { chunksAtHand } from '../machines/charts.fakes';
import { english, type Said } from '../../contract/said';
import { LOGIN_HEADING } from '../said';

const NO_ANSWER = english(NO_ANSWER_SAID);

const { world } = quietServer();

interface Card {
  user: UserEvent;
  actor: ReturnType<typeof renderModelApp>['actor'];
  send: ReturnType<typeof heldCall<ConnectionRequestAnswer, SendInput>>;
  unmount: () => void;
}

/** What the chart hands its send call. */
type SendInput = { userId: string; otherId: string; eventId: string | null; message: string };

const card = () => within(screen.getByRole('article', { name: sam.name }));
const dialog = () => screen.getByRole('dialog', { name: `Connect with ${sam.name}` });

/** The card shows only this button (and More, with Report under it: issues 16 and 39), and no dialog is open. */
async function onlyButton(name: string) {
  const button = await card().findByRole('button', { name });
  expect(card().getAllByRole('button')).toEqual([button, card().getByRole('button', { name: `More for ${sam.name}` })]);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  return button;
}

const context = (step: ModelStep) => step.state.context as { message: string; error: Said | null };

describeModel<Card>(connectionRequestModel, {
  async start(path, inspect) {
    const { status } = path.start.input as { status: Parameters<typeof samAttending>[0] };
    world.attendees = [samAttending(status)];
    const send = heldCall<ConnectionRequestAnswer, SendInput>();
    const logic = appMachine.provide({
      actors: {
        ...chunksAtHand({
          attendees: attendeesMachine.provide({
            actors: { connectionRequest: connectionRequestMachine.provide({ actors: { sendRequest: send.logic } }) },
          }),
        }),
      },
    });
    const app = renderModelApp(logic, inspect, `/events/${meetup.id}/connect`);
    await signIn(app.actor);
    await screen.findByRole('article', { name: sam.name });
    return { user: userEvent.setup(), actor: app.actor, send, unmount: app.unmount };
  },
  events: {
    'connection.composeOpened': ({ user }) => user.click(card().getByRole('button', { name: 'Connect' })),
    'connection.messageChanged': async ({ user }, e) => {
      await user.click(within(dialog()).getByLabelText('Message (optional)'));
      await user.paste(e.message as string);
    },
    'connection.composeCancelled': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
    'connection.submitted': ({ user }) => user.click(within(dialog()).getByRole('button', { name: 'Send' })),
    [SEND_DONE]: ({ send }, e) => send.resolve(e.output as ConnectionRequestAnswer),
    [SEND_ERROR]: ({ send }, e) => send.reject(e.error as ApiError),
    'connection.requestReceived': async ({ actor }) => hearLive(actor, { type: 'live.connection_request', request: samsRequest }),
    'connection.accepted': async ({ actor }) => hearLive(actor, { type: 'live.connection_accepted', connection: withSam }),
    'connection.statusLoaded': async ({ actor }, e) => {
      world.attendees = [samAttending(e.status as Parameters<typeof samAttending>[0])];
      hearLive(actor, { type: 'live.reconnected' });
    },
  },
  states: {
    'none.idle': async () => {
      expect(await onlyButton('Connect')).toBeEnabled();
    },
    'none.composing': async (_, step) => {
      if (step.event.type === SEND_ERROR && step.event.variant === 'session gone') {
        expect(await screen.findByRole('heading', { name: LOGIN_HEADING })).toBeInTheDocument();
        expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.userNotLoggedIn.message);
        return;
      }
      expect(within(dialog()).getByLabelText('Message (optional)')).toHaveValue(context(step).message);
      expect(within(dialog()).getByRole('button', { name: 'Send' })).toBeEnabled();
      const error = context(step).error;
      if (error) expect(await within(dialog()).findByRole('alert')).toHaveTextContent(error.message);
      else expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
    },
    sending: async () => {
      expect(within(dialog()).getByRole('button', { name: 'Sending…' })).toBeDisabled();
      expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      expect(card().getByRole('button', { name: 'Connect' })).toBeDisabled();
    },
    request_sent: async (_, step) => {
      expect(await onlyButton('Request Sent')).toBeDisabled();
      if (step.event.type === SEND_DONE) expect(toastTexts()).toContain(MESSAGES.connectionRequestSent.message);
    },
    request_received: async () => {
      expect(await onlyButton('Check Request')).toBeEnabled();
    },
    request_lapsed: async () => {
      expect(await onlyButton(NO_ANSWER)).toBeDisabled();
    },
    connected: async (_, step) => {
      expect(await onlyButton('Chat')).toBeEnabled();
      if (step.event.type === SEND_DONE) expect(toastTexts()).toContain(MESSAGES.connectionAccepted.message);
    },
  },
  stop: ({ unmount }) => unmount(),
});
