/**
 * Model-based test of signing in and registering: a small chart of what the person sees
 * (which form, which message, or the events list), every shortest path through it
 * replayed on the real app with user-event, and every state checked on the DOM.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse, ws } from 'msw';
import { setupServer } from 'msw/node';
import { ThemeProvider } from 'styled-components';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setup, type SnapshotFrom, type StateValue } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { User } from '../../contract/common';
import { PRIVACY_DEFAULTS } from '../../contract/discovery';
import { MESSAGES, ACCOUNT_TAKEN } from '../../contract/messages';
import { DEFAULT_STATUS } from '../../contract/status';
import { App } from '../../src/App';
import { AppActor } from '../../src/appContext';
import { theme } from '../../src/theme/theme';
import { refusalOf, type Said } from '../../contract/said';
import { LOGIN_HEADING } from '../said';

type ModelEvent =
  | { type: 'login.submittedEmpty' }
  | { type: 'login.submittedWrongPassword' }
  | { type: 'login.submittedValid' }
  | { type: 'register.opened' }
  | { type: 'register.submittedMismatch' }
  | { type: 'register.submittedShortPassword' }
  | { type: 'register.submittedShortUsername' }
  | { type: 'register.submittedTakenUsername' }
  | { type: 'register.submittedValid' }
  | { type: 'login.opened' };

const loginModel = setup({ types: { events: {} as ModelEvent } }).createMachine({
  id: 'loginModel',
  initial: 'login',
  states: {
    login: {
      initial: 'form',
      states: { form: {}, rejectedEmpty: {}, rejectedByServer: {} },
      on: {
        'login.submittedEmpty': '.rejectedEmpty',
        'login.submittedWrongPassword': '.rejectedByServer',
        'login.submittedValid': 'signedIn.afterLogin',
        'register.opened': 'register',
      },
    },
    register: {
      initial: 'form',
      states: {
        form: {},
        rejected: { initial: 'mismatch', states: { mismatch: {}, shortPassword: {}, shortUsername: {} } },
        // 409: the username is taken.
        rejectedByServer: {},
      },
      on: {
        'register.submittedMismatch': '.rejected.mismatch',
        'register.submittedShortPassword': '.rejected.shortPassword',
        'register.submittedShortUsername': '.rejected.shortUsername',
        'register.submittedTakenUsername': '.rejectedByServer',
        'register.submittedValid': 'signedIn.afterRegistration',
        'login.opened': 'login',
      },
    },
    signedIn: { initial: 'afterLogin', states: { afterLogin: {}, afterRegistration: {} } },
  },
});

type ModelSnapshot = SnapshotFrom<typeof loginModel>;

// The fake server: one account that exists, one username that is taken.
const WRONG_LOGIN = 'Incorrect username/email or password';
const TAKEN = ACCOUNT_TAKEN.username;
const account = { username: 'ada', password: 'secret1' };

const userFrom = (fields: Partial<User>): User => ({
  id: '0b7c5d1e-4f7a-4c37-9d1e-2f0a8b6c9d10',
  username: 'ada',
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  age: null,
  occupation: null,
  interests: [],
  social_preferences: [],
  personality_traits: [],
  communication_style: 'balanced',
  photo_data: null,
  social_battery: 8,
  is_available: true,
  created_at: '2024-01-01T00:00:00.000Z',
  ...fields,
});

const server = setupServer(
  http.post('*/api/auth/login', async ({ request }) => {
    const body = (await request.json()) as { username_or_email: string; password: string };
    if (body.username_or_email !== account.username || body.password !== account.password) {
      return HttpResponse.json({ detail: WRONG_LOGIN }, { status: 401 });
    }
    return HttpResponse.json({ user: userFrom({}), reactivated: false });
  }),
  http.post('*/api/auth/register', async ({ request }) => {
    const body = (await request.json()) as { username: string; name: string; email: string };
    if (body.username === 'taken') return HttpResponse.json(refusalOf(TAKEN), { status: 409 });
    return HttpResponse.json(userFrom({ username: body.username, name: body.name, email: body.email }));
  }),
  // What the signed-in app loads first: an empty events list, the default privacy, no
  // notifications, and a live channel that stays quiet.
  http.get('*/api/events', () => HttpResponse.json([])),
  http.get('*/api/users/privacy', () => HttpResponse.json(PRIVACY_DEFAULTS)),
  http.get('*/api/users/status', () => HttpResponse.json(DEFAULT_STATUS)),
  http.get('*/api/notifications/:userId', () => HttpResponse.json([])),
  http.get('*/api/conversations', () => HttpResponse.json({ conversations: [], unread_total: 0 })),
  http.get('*/api/chat/mutes', () => HttpResponse.json([])),
  ws.link(/\/ws\//).addEventListener('connection', () => {}),
);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Replaces a field's text the way a person would: select all, then type. */
async function retype(user: UserEvent, label: string, text: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  if (text) await user.type(field, text);
}

async function submitLogin(user: UserEvent, name: string, password: string) {
  await retype(user, 'Username or email', name);
  await retype(user, 'Password', password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

async function submitRegistration(
  user: UserEvent,
  d: { username?: string; password?: string; confirm?: string } = {},
) {
  await retype(user, 'Username', d.username ?? 'grace');
  await retype(user, 'Name', 'Grace Hopper');
  await retype(user, 'Email', 'grace@example.org');
  await retype(user, 'Password', d.password ?? 'cobol42');
  await retype(user, 'Confirm password', d.confirm ?? d.password ?? 'cobol42');
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

// One fixture per model event; a new event does not compile until it has one here.
const fixtures = {
  'login.submittedEmpty': (user) => submitLogin(user, '', ''),
  'login.submittedWrongPassword': (user) => submitLogin(user, account.username, 'wrong-password'),
  'login.submittedValid': (user) => submitLogin(user, account.username, account.password),
  'register.opened': (user) => user.click(screen.getByRole('button', { name: 'Create an account' })),
  'register.submittedMismatch': (user) => submitRegistration(user, { password: 'cobol42', confirm: 'cobol43' }),
  'register.submittedShortPassword': (user) => submitRegistration(user, { password: 'cob42' }),
  'register.submittedShortUsername': (user) => submitRegistration(user, { username: 'gh' }),
  'register.submittedTakenUsername': (user) => submitRegistration(user, { username: 'taken' }),
  'register.submittedValid': (user) => submitRegistration(user),
  'login.opened': (user) => user.click(screen.getByRole('button', { name: 'Log in instead' })),
} satisfies Record<ModelEvent['type'], (user: UserEvent) => Promise<void>>;

/** The login form, idle (not waiting on the server). */
async function expectLoginForm() {
  // At the start the login form's code is still arriving (a chunk of its own).
  expect(await screen.findByRole('heading', { level: 1, name: LOGIN_HEADING })).toBeInTheDocument();
  expect(screen.getByRole('form', { name: 'Log in' })).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Log in' })).toBeEnabled();
}

async function expectRegisterForm() {
  expect(screen.getByRole('heading', { level: 1, name: 'Join Wallflower' })).toBeInTheDocument();
  expect(screen.getByRole('form', { name: 'Register' })).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Register' })).toBeEnabled();
}

/** A problem of the whole form: said above its button, where focus moves. */
async function expectAlert(message: string) {
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
  expect(within(screen.getByRole('alert')).getByText(message).textContent).toBe(message);
  await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
}

/** A rule broken: said beside its field, which is marked and holds focus; no banner. */
async function expectFieldError(label: string, said: Said) {
  const message = said.message;
  const field = screen.getByLabelText(label, { exact: true });
  await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
  expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
  expect(screen.getByText(message).textContent).toBe(message);
  await waitFor(() => expect(field).toHaveFocus());
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
}

async function expectSignedIn(said: Said) {
  const toast = said.message;
  expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
  expect(await screen.findByText('No events yet. Why not create the first one?')).toBeInTheDocument();
  expect(within(screen.getByRole('status', { name: 'Notifications' })).getByText(toast)).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
}

// What each model state looks like on screen.
const stateChecks: Record<string, (state: ModelSnapshot) => Promise<void>> = {
  'login.form': async () => {
    await expectLoginForm();
  },
  'login.rejectedEmpty': async () => {
    await expectFieldError('Username or email', MESSAGES.loginFieldsRequired);
    await expectLoginForm();
  },
  'login.rejectedByServer': async () => {
    await expectAlert(WRONG_LOGIN);
    await expectLoginForm();
  },
  'register.form': async () => {
    await expectRegisterForm();
  },
  'register.rejected.mismatch': async () => {
    await expectFieldError('Confirm password', MESSAGES.passwordsDoNotMatch);
    await expectRegisterForm();
  },
  'register.rejected.shortPassword': async () => {
    await expectFieldError('Password', MESSAGES.passwordTooShort);
    await expectRegisterForm();
  },
  'register.rejected.shortUsername': async () => {
    await expectFieldError('Username', MESSAGES.usernameTooShort);
    await expectRegisterForm();
  },
  'register.rejectedByServer': async () => {
    await expectFieldError('Username', TAKEN);
    await expectRegisterForm();
  },
  'signedIn.afterLogin': () => expectSignedIn(MESSAGES.loginSuccessful),
  'signedIn.afterRegistration': () => expectSignedIn(MESSAGES.registrationSuccessful),
  // A state without a check above would otherwise pass silently.
  '*': async (state) => {
    throw new Error(`no DOM check for model state ${JSON.stringify(state.value)}`);
  },
};

/** 'register.rejected.mismatch' for { register: { rejected: 'mismatch' } }. */
const statePath = (value: StateValue): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value)
        .map(([key, child]) => (child ? `${key}.${statePath(child)}` : key))
        .join(',');

const model = createTestModel(loginModel);
const paths = model.getShortestPaths({ allowDuplicatePaths: true });

describe('login and registration (model-based)', () => {
  it('covers every transition of the model', () => {
    const taken = new Set<string>(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    expect([...taken].filter((t) => t !== 'xstate.init').sort()).toEqual(Object.keys(fixtures).sort());
    const reached = new Set(paths.map((p) => statePath(p.state.value)));
    expect([...reached].sort()).toEqual(Object.keys(stateChecks).filter((k) => k !== '*').sort());
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const user = userEvent.setup({ delay: null });
    const view = render(
      <ThemeProvider theme={theme}>
        <AppActor.Provider options={{ input: { path: '/', online: true } }}>
          <App />
        </AppActor.Provider>
      </ThemeProvider>,
    );
    const events = Object.fromEntries(
      Object.entries(fixtures).map(([type, exec]) => [type, () => exec(user)]),
    ) as Record<ModelEvent['type'], () => Promise<void>>;
    await path.test({ states: stateChecks, events });
    view.unmount();
  });
});

describe("the login view's heading (issue 39 item 4)", () => {
  const renderApp = () =>
    render(
      <ThemeProvider theme={theme}>
        <AppActor.Provider options={{ input: { path: '/', online: true } }}>
          <App />
        </AppActor.Provider>
      </ThemeProvider>,
    );

  it.each([
    ['logging in', (user: UserEvent) => fixtures['login.submittedValid'](user)],
    ['registering', async (user: UserEvent) => {
      await fixtures['register.opened'](user);
      await fixtures['register.submittedValid'](user);
    }],
  ])('welcomes a first-time visitor, and welcomes them back after %s on this device', async (_, signIn) => {
    localStorage.clear();
    const user = userEvent.setup();
    const first = renderApp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Wallflower' })).toBeInTheDocument();
    await signIn(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    first.unmount();

    const again = renderApp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    again.unmount();
  });

  it('still welcomes a first-time visitor after a failed login (only a sign-in counts)', async () => {
    localStorage.clear();
    const user = userEvent.setup();
    const first = renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Wallflower' });
    await fixtures['login.submittedWrongPassword'](user);
    await expectAlert(WRONG_LOGIN);
    first.unmount();

    const again = renderApp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Wallflower' })).toBeInTheDocument();
    again.unmount();
  });
});
