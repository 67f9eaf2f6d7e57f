/**
 * Model-based test of SPEC 4's connection status as an attendee card shows it: a small
 * chart of what the person sees, every shortest path through it replayed on the rendered
 * card (user-event for what they do, the chart's events for what arrives live), every
 * state checked on the DOM.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, setup, type SnapshotFrom, type StateValue } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { AttendeeWithPhoto, ConnectionRequestAnswer } from '../../contract/social';
import { ApiError } from '../../machines/api/client';
import { connectionRequestMachine, type ConnectionRequestActorRef } from '../../machines/connection-request.machine';
import { AttendeeCard } from '../../src/components/AttendeeCard';
import { renderApp } from '../components/renderApp';

type ModelEvent =
  | { type: 'connect.opened' }
  | { type: 'connect.cancelled' }
  | { type: 'connect.sent' }
  | { type: 'connect.sentToSomeoneWhoAsked' }
  | { type: 'connect.refused' }
  | { type: 'live.requestReceived' }
  | { type: 'live.accepted' }
  | { type: 'request.declined' };

const model = setup({ types: { events: {} as ModelEvent } }).createMachine({
  id: 'connectionModel',
  initial: 'none',
  states: {
    none: {
      initial: 'idle',
      states: {
        idle: { on: { 'connect.opened': 'composing', 'live.requestReceived': '#connectionModel.request_received' } },
        composing: {
          on: {
            'connect.cancelled': 'idle',
            'connect.sent': '#connectionModel.request_sent',
            'connect.sentToSomeoneWhoAsked': '#connectionModel.connected',
            'connect.refused': 'refused',
          },
        },
        // The composer stays open with the server's reason.
        refused: { on: { 'connect.cancelled': 'idle', 'connect.sent': '#connectionModel.request_sent' } },
      },
    },
    request_sent: { on: { 'live.accepted': 'connected' } },
    request_received: { on: { 'live.accepted': 'connected', 'request.declined': 'none' } },
    connected: {},
  },
});

type ModelSnapshot = SnapshotFrom<typeof model>;

const REFUSAL = 'You have 5 requests waiting for an answer at this event. Give people a little time before sending more.';
const sam: AttendeeWithPhoto = {
  id: 'a0000000-0000-4000-8000-000000000001',
  name: 'Sam Reed',
  username: 'sam',
  photo_data: null,
  age: 31,
  occupation: 'Librarian',
  communication_style: 'introverted',
  interests: ['hiking', 'jazz'],
  connection_status: 'none',
};

/** The card under a parent, as the attendees list holds it; the server's next answer is the test's. */
function renderCard() {
  const server: { next: () => Promise<ConnectionRequestAnswer> } = { next: async () => ({ success: true, status: 'request_sent' }) };
  const parent = createActor(
    createMachine({
      invoke: {
        id: 'connection',
        src: connectionRequestMachine.provide({ actors: { sendRequest: fromPromise(() => server.next()) } }),
        input: { userId: '0b7c5d1e-4f7a-4c37-9d1e-2f0a8b6c9d10', otherId: sam.id, otherName: sam.name, eventId: null, status: 'none' },
      },
    }),
  ).start();
  const connection = parent.getSnapshot().children.connection as ConnectionRequestActorRef;
  const view = renderApp(<AttendeeCard slot={{ attendee: sam, connection }} />);
  return { ...view, server, connection };
}

const card = () => within(screen.getByRole('article', { name: sam.name }));
const dialog = () => screen.getByRole('dialog', { name: `Connect with ${sam.name}` });

async function send(user: UserEvent) {
  await user.click(within(dialog()).getByRole('button', { name: 'Send' }));
}

function fixtures(user: UserEvent, t: ReturnType<typeof renderCard>) {
  return {
    'connect.opened': () => user.click(card().getByRole('button', { name: 'Connect' })),
    'connect.cancelled': () => user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
    'connect.sent': async () => {
      t.server.next = async () => ({ success: true, status: 'request_sent' });
      await send(user);
    },
    'connect.sentToSomeoneWhoAsked': async () => {
      t.server.next = async () => ({ success: true, status: 'connected' });
      await send(user);
    },
    'connect.refused': async () => {
      t.server.next = async () => {
        throw new ApiError(429, REFUSAL);
      };
      await send(user);
    },
    'live.requestReceived': async () => act(() => t.connection.send({ type: 'connection.requestReceived' })),
    'live.accepted': async () => act(() => t.connection.send({ type: 'connection.accepted' })),
    'request.declined': async () => act(() => t.connection.send({ type: 'connection.declined' })),
  } satisfies Record<ModelEvent['type'], () => Promise<void>>;
}

const onlyButton = async (name: string) => {
  const button = await card().findByRole('button', { name });
  expect(card().getAllByRole('button')).toEqual([button]);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  return button;
};

const stateChecks: Record<string, (state: ModelSnapshot) => Promise<void>> = {
  'none.idle': async () => {
    expect(await onlyButton('Connect')).toBeEnabled();
  },
  'none.composing': async () => {
    expect(dialog()).toBeInTheDocument();
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
  },
  'none.refused': async () => {
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(REFUSAL);
  },
  request_sent: async () => {
    expect(await onlyButton('Request Sent')).toBeDisabled();
  },
  request_received: async () => {
    expect(await onlyButton('Check Request')).toBeEnabled();
  },
  connected: async () => {
    expect(await onlyButton('Chat')).toBeEnabled();
  },
  '*': async (state) => {
    throw new Error(`no DOM check for model state ${JSON.stringify(state.value)}`);
  },
};

const statePath = (value: StateValue): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value)
        .map(([key, child]) => (child ? `${key}.${statePath(child)}` : key))
        .join(',');

const testModel = createTestModel(model);
const paths = testModel.getShortestPaths({ allowDuplicatePaths: true });

describe('connection status on an attendee card (model-based)', () => {
  it('covers every event and state of the model', () => {
    const taken = new Set<string>(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    expect([...taken].filter((t) => t !== 'xstate.init').sort()).toEqual(
      (['connect.opened', 'connect.cancelled', 'connect.sent', 'connect.sentToSomeoneWhoAsked', 'connect.refused', 'live.requestReceived', 'live.accepted', 'request.declined'] as const).slice().sort(),
    );
    const reached = new Set(paths.map((p) => statePath(p.state.value)));
    expect([...reached].sort()).toEqual(Object.keys(stateChecks).filter((k) => k !== '*').sort());
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const user = userEvent.setup();
    const t = renderCard();
    await path.test({ states: stateChecks, events: fixtures(user, t) });
    t.unmount();
  });
});
