import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import type { User } from '../../contract/common';
import { MESSAGES } from '../../contract/messages';
import { ApiError } from '../../machines/api/client';
import { appMachine, currentUserView } from '../../machines/app.machine';
import { chartOf } from '../../machines/lazy-charts';
import { emptyRegister, registerBody, type RegisterDraft } from '../../machines/session/auth.machine';
import { USER_VIEWS } from '../../machines/views';
import { ada, quietChildren, startApp, submitLogin, submitRegistration, toastsOf, type Fakes, type TestApp } from './app.fakes';
import { testSaid } from '../said';
import { english } from '../../contract/said';

const validRegistration: Partial<RegisterDraft> = {
  username: 'grace',
  name: 'Grace Hopper',
  email: 'grace@example.org',
  password: 'cobol42',
  confirmPassword: 'cobol42',
};
const grace: User = { ...ada, id: '7d3b1e0a-2c4f-4e8b-9a6d-5f1c0b2e3d4a', username: 'grace', name: 'Grace Hopper', email: 'grace@example.org' };

const messages = (app: TestApp) => toastsOf(app.actor).map((t) => t.message.message);
const error = (app: TestApp) => app.actor.getSnapshot().context.error;
/** What the login view's forms say, beside their fields and above their buttons. */
const authErrors = (app: TestApp) => app.auth().getSnapshot().context.errors;
const profileErrors = (app: TestApp) => app.profile().getSnapshot().context.profileErrors;
const passwordErrors = (app: TestApp) => app.profile().getSnapshot().context.passwordErrors;

/** Starts the app and signs Ada in through the auth child. */
async function signedInApp(fakes: Fakes = {}) {
  const app = startApp({ login: async () => ({ user: ada, reactivated: false }), ...fakes });
  submitLogin(app, { username_or_email: 'ada', password: 'secret1' });
  await waitFor(app.actor, (s) => s.matches({ user: 'events' }));
  return app;
}

async function onProfile(fakes: Fakes = {}) {
  const app = await signedInApp(fakes);
  app.actor.send({ type: 'view.opened', view: 'profile' });
  expect(app.actor.getSnapshot().matches({ user: 'profile' })).toBe(true);
  return app;
}

describe('appMachine: start', () => {
  it('starts on the login form for the site root, without asking the gate', () => {
    const app = startApp();
    expect(app.actor.getSnapshot().matches({ signedOut: 'login' })).toBe(true);
    expect(app.calls.checkAdminGate).not.toHaveBeenCalled();
    expect(app.actor.getSnapshot().context).toMatchObject({ user: null, error: null, online: true });
    expect(toastsOf(app.actor)).toEqual([]);
  });

  it('asks the gate for /admin/<slug> and shows admin-login when it answers', async () => {
    const app = startApp({ path: '/admin/back-door', checkAdminGate: async () => ({ ok: true }) });
    expect(app.actor.getSnapshot().matches('checkingGate')).toBe(true);
    await waitFor(app.actor, (s) => s.matches({ signedOut: 'admin-login' }));
    expect(app.calls.checkAdminGate).toHaveBeenCalledWith({ slug: 'back-door' });
    expect(app.calls.redirectToRoot).not.toHaveBeenCalled();
  });

  it('sends the browser to the root when the gate refuses', async () => {
    const app = startApp({
      path: '/admin/guess',
      checkAdminGate: async () => {
        throw new ApiError(404, 'Not found');
      },
    });
    await vi.waitFor(() => expect(app.calls.redirectToRoot).toHaveBeenCalledTimes(1));
    expect(app.calls.checkAdminGate).toHaveBeenCalledWith({ slug: 'guess' });
    expect(app.actor.getSnapshot().matches('signedOut')).toBe(false);
  });
});

describe('appMachine: error banner', () => {
  it('stays until replaced, however much time passes', () => {
    const app = startApp();
    app.actor.send({ type: 'error.show', message: testSaid('first problem') });
    app.clock.increment(60_000);
    expect(english(error(app))).toBe(english('first problem'));
    app.actor.send({ type: 'error.show', message: testSaid('second problem') });
    expect(english(error(app))).toBe('second problem');
  });

  it('goes when dismissed', () => {
    const app = startApp();
    app.actor.send({ type: 'error.show', message: testSaid('problem') });
    app.actor.send({ type: 'error.dismissed' });
    expect(error(app)).toBeNull();
  });

  it('goes when cleared, as a new attempt starts', () => {
    const app = startApp({ login: () => new Promise(() => {}) });
    app.actor.send({ type: 'error.show', message: testSaid('problem') });
    submitLogin(app, { username_or_email: 'ada', password: 'secret1' });
    expect(app.auth().getSnapshot().matches('loggingIn')).toBe(true);
    expect(error(app)).toBeNull();
  });
});

describe('appMachine: connectivity', () => {
  it('flips online with what the connectivity actor reports', () => {
    const app = startApp();
    app.reportConnectivity(false);
    expect(app.actor.getSnapshot().context.online).toBe(false);
    app.reportConnectivity(true);
    expect(app.actor.getSnapshot().context.online).toBe(true);
  });

  it('accepts connectivity.changed in any state', async () => {
    const app = await signedInApp();
    app.actor.send({ type: 'connectivity.changed', online: false });
    expect(app.actor.getSnapshot().context.online).toBe(false);
    expect(app.actor.getSnapshot().matches({ user: 'events' })).toBe(true);
  });
});

describe('appMachine: signing in', () => {
  it('moves from signedOut.login to user.events on a login, with its toast', async () => {
    const app = startApp({ login: async () => ({ user: ada, reactivated: false }) });
    submitLogin(app, { username_or_email: '  ada  ', password: 'secret1' });
    const s = await waitFor(app.actor, (snap) => snap.matches({ user: 'events' }));
    expect(app.calls.login).toHaveBeenCalledWith({ username_or_email: '  ada  ', password: 'secret1' });
    expect(s.context.user).toEqual(ada);
    expect(english(messages(app))).toEqual(english([MESSAGES.loginSuccessful]));
    expect(currentUserView(s)).toBe('events');
  });

  it('says the account is back when the login reactivated it', async () => {
    const app = startApp({ login: async () => ({ user: ada, reactivated: true }) });
    submitLogin(app, { username_or_email: 'ada', password: 'secret1' });
    await waitFor(app.actor, (s) => s.matches('user'));
    expect(english(messages(app))).toEqual(english([MESSAGES.accountReactivated]));
  });

  it('moves to user.events on a registration, with its toast', async () => {
    const app = startApp({ register: async () => grace });
    submitRegistration(app, validRegistration);
    const s = await waitFor(app.actor, (snap) => snap.matches({ user: 'events' }));
    expect(s.context.user).toEqual(grace);
    expect(english(messages(app))).toEqual(english([MESSAGES.registrationSuccessful]));
  });

  it('offers the rest of the profile a step at a time after a registration only, over the events list (issue 39)', async () => {
    const app = startApp({ register: async () => grace });
    submitRegistration(app, validRegistration);
    await waitFor(app.actor, (snap) => snap.matches({ user: 'events' }));
    const steps = await waitFor(app.actor, (snap) => chartOf(snap, 'profileSteps') !== undefined);
    expect(steps.context.profileStepsOpen).toBe(true);
    chartOf(steps, 'profileSteps')!.send({ type: 'steps.closed' });
    const closed = app.actor.getSnapshot();
    expect(closed.context.profileStepsOpen).toBe(false);
    expect(chartOf(closed, 'profileSteps')).toBeUndefined();
    expect(closed.matches({ user: 'events' })).toBe(true);

    const back = await signedInApp();
    expect(back.actor.getSnapshot().context.profileStepsOpen).toBe(false);
    expect(chartOf(back.actor.getSnapshot(), 'profileSteps')).toBeUndefined();
  });

  it('clears an earlier error on success', async () => {
    const app = startApp({ login: async () => ({ user: ada, reactivated: false }) });
    app.actor.send({ type: 'error.show', message: testSaid('stale') });
    submitLogin(app, { username_or_email: '', password: '' });
    expect(authErrors(app).fields.username_or_email).toBe(MESSAGES.loginFieldsRequired);
    submitLogin(app, { username_or_email: 'ada', password: 'secret1' });
    await waitFor(app.actor, (s) => s.matches('user'));
    expect(error(app)).toBeNull();
  });
});

describe('authMachine: login rules and answers', () => {
  it.each([
    ['both fields empty', { username_or_email: '', password: '' }, 'username_or_email'],
    ['no password', { username_or_email: 'ada', password: '' }, 'password'],
    ['a blank username', { username_or_email: '   ', password: 'secret1' }, 'username_or_email'],
  ] as const)('refuses %s without calling the server, beside the first empty field, with focus there', (_, draft, field) => {
    const app = startApp();
    submitLogin(app, draft);
    expect(authErrors(app)).toEqual({ fields: { [field]: MESSAGES.loginFieldsRequired }, form: null });
    expect(error(app)).toBeNull();
    expect(app.calls.focus).toHaveBeenCalledWith('auth');
    expect(app.calls.login).not.toHaveBeenCalled();
    expect(app.auth().getSnapshot().matches('editing')).toBe(true);
    expect(app.actor.getSnapshot().matches({ signedOut: 'login' })).toBe(true);
  });

  it("shows the server's detail when the login is refused", async () => {
    const app = startApp({
      login: async () => {
        throw new ApiError(401, 'Incorrect username/email or password');
      },
    });
    submitLogin(app, { username_or_email: 'ada', password: 'wrong-1' });
    await waitFor(app.auth(), (s) => s.context.errors.form !== null);
    expect(english(authErrors(app))).toEqual(english({ fields: {}, form: 'Incorrect username/email or password' }));
    expect(app.calls.focus).toHaveBeenCalledWith('auth');
    expect(app.auth().getSnapshot().matches('editing')).toBe(true);
    expect(app.actor.getSnapshot().context.user).toBeNull();
  });

  it('says a field detail beside its field, in plain words', async () => {
    const app = startApp({
      login: async () => {
        throw new ApiError(400, 'username_or_email: is required');
      },
    });
    submitLogin(app, { username_or_email: 'ada', password: 'secret1' });
    await waitFor(app.auth(), (s) => s.matches('editing') && s.context.errors.fields.username_or_email !== undefined);
    expect(english(authErrors(app))).toEqual(english({ fields: { username_or_email: 'Please fill in your username or email.' }, form: null }));
  });

  it('hands a ban to the root, which says why and until when instead of an error', async () => {
    const ban = { reason: 'Unkind messages', until: '2030-11-30T19:23:57.872Z', contact: null };
    const app = startApp({
      login: async () => {
        throw new ApiError(403, 'This account is banned until 2030-11-30T19:23:57.872Z', ban);
      },
    });
    submitLogin(app, { username_or_email: 'ada', password: 'secret1' });
    await waitFor(app.actor, (s) => s.context.ban !== null);
    expect(app.actor.getSnapshot().context).toMatchObject({ ban, error: null, user: null });
    expect(authErrors(app)).toEqual({ fields: {}, form: null });
    // A new attempt starts afresh; dismissing it works too.
    app.actor.send({ type: 'error.dismissed' });
    expect(app.actor.getSnapshot().context.ban).toBeNull();
  });

  it.each([
    ['an answer without detail', new ApiError(500, null)],
    ['a network failure', new ApiError(0, null)],
    ['an unexpected error', new Error('boom')],
  ])("falls back to 'Login failed' on %s", async (_, failure) => {
    const app = startApp({
      login: async () => {
        throw failure;
      },
    });
    submitLogin(app, { username_or_email: 'ada', password: 'secret1' });
    await waitFor(app.auth(), (s) => s.context.errors.form !== null);
    expect(authErrors(app).form).toBe(MESSAGES.loginFailed);
  });

  it('keeps the drafts after a refusal so the person can correct them', async () => {
    const app = startApp({
      login: async () => {
        throw new ApiError(401, 'nope');
      },
    });
    submitLogin(app, { username_or_email: 'ada', password: 'wrong-1' });
    await waitFor(app.auth(), (s) => s.matches('editing') && s.context.errors.form !== null);
    expect(app.auth().getSnapshot().context.login).toEqual({ username_or_email: 'ada', password: 'wrong-1' });
  });
});

describe('authMachine: registration rules and answers', () => {
  it.each([
    ['passwords that differ', { password: 'cobol42', confirmPassword: 'cobol43' }, 'confirmPassword', MESSAGES.passwordsDoNotMatch],
    ['a short password', { password: 'abc12', confirmPassword: 'abc12' }, 'password', MESSAGES.passwordTooShort],
    ['a short username', { username: 'gh' }, 'username', MESSAGES.usernameTooShort],
    ['a username that is short once trimmed', { username: '  gh  ' }, 'username', MESSAGES.usernameTooShort],
    // The rules run in SPEC 5 order: the mismatch is told before the length.
    ['short passwords that also differ', { password: 'abc', confirmPassword: 'abd' }, 'confirmPassword', MESSAGES.passwordsDoNotMatch],
    ['a short password and a short username', { username: 'gh', password: 'abc', confirmPassword: 'abc' }, 'password', MESSAGES.passwordTooShort],
  ] as const)('refuses %s without calling the server, in SPEC 8’s words beside the field', (_, change, field, message) => {
    const app = startApp();
    submitRegistration(app, { ...validRegistration, ...change });
    expect(authErrors(app)).toEqual({ fields: { [field]: message }, form: null });
    expect(app.calls.focus).toHaveBeenCalledWith('auth');
    expect(app.calls.register).not.toHaveBeenCalled();
    expect(app.auth().getSnapshot().matches('editing')).toBe(true);
    expect(app.auth().getSnapshot().context.mode).toBe('register');
  });

  it("shows the server's detail when the username is taken", async () => {
    const app = startApp({
      register: async () => {
        throw new ApiError(409, 'That username is already taken');
      },
    });
    submitRegistration(app, validRegistration);
    await waitFor(app.auth(), (s) => s.matches('editing') && s.context.errors.fields.username !== undefined);
    expect(english(authErrors(app))).toEqual(english({ fields: { username: 'That username is already taken' }, form: null }));
    expect(app.actor.getSnapshot().matches({ signedOut: 'login' })).toBe(true);
  });

  it('puts a refused field beside it in plain words, and settles it when the field is edited', async () => {
    const app = startApp({
      register: async () => {
        throw new ApiError(400, 'email: must be a valid email address');
      },
    });
    submitRegistration(app, validRegistration);
    await waitFor(app.auth(), (s) => s.matches('editing') && s.context.errors.fields.email !== undefined);
    expect(english(authErrors(app))).toEqual(english({ fields: { email: 'Please enter an email address like name@example.com.' }, form: null }));
    app.auth().send({ type: 'auth.registerChanged', field: 'email', value: 'grace@example.org' });
    expect(authErrors(app)).toEqual({ fields: {}, form: null });
  });

  it("falls back to 'Registration failed' without a detail", async () => {
    const app = startApp({
      register: async () => {
        throw new ApiError(500, null);
      },
    });
    submitRegistration(app, validRegistration);
    await waitFor(app.auth(), (s) => s.context.errors.form !== null);
    expect(authErrors(app).form).toBe(MESSAGES.registrationFailed);
  });

  it('hands the register actor the draft as typed', async () => {
    const app = startApp({ register: async () => grace });
    submitRegistration(app, { ...validRegistration, name: ' Grace ' });
    await waitFor(app.actor, (s) => s.matches('user'));
    expect(app.calls.register).toHaveBeenCalledWith({ ...emptyRegister, ...validRegistration, name: ' Grace ' });
  });

  it('asks only name, username, email and password with its confirmation (issue 39)', () => {
    expect(Object.keys(emptyRegister).sort()).toEqual(['confirmPassword', 'email', 'name', 'password', 'username']);
  });

  it('toggles between the two forms, keeping both drafts', () => {
    const app = startApp();
    const auth = app.auth();
    auth.send({ type: 'auth.loginChanged', field: 'username_or_email', value: 'ada' });
    auth.send({ type: 'auth.modeToggled' });
    auth.send({ type: 'auth.registerChanged', field: 'username', value: 'grace' });
    auth.send({ type: 'auth.modeToggled' });
    expect(auth.getSnapshot().context).toMatchObject({
      mode: 'login',
      login: { username_or_email: 'ada' },
      register: { username: 'grace' },
    });
  });
});

describe('registerBody', () => {
  const draft = (change: Partial<RegisterDraft>): RegisterDraft => ({ ...emptyRegister, ...validRegistration, ...change } as RegisterDraft);

  it('trims the text fields, keeps the password as typed, leaves out the confirmation and sends the rest of SPEC 7\'s body empty', () => {
    const body = registerBody(
      draft({ username: ' grace ', name: ' Grace ', email: ' g@example.org ', password: ' pass word ' }),
    );
    expect(body).toEqual({
      username: 'grace',
      name: 'Grace',
      email: 'g@example.org',
      password: ' pass word ',
      interests: [],
      age: null,
      occupation: null,
      social_preferences: [],
      personality_traits: [],
      communication_style: 'balanced',
      // The app's language (the browser's here), for the first email (issue 41).
      language: 'en',
    });
  });
});

describe('appMachine: signed in', () => {
  it('opens every user view by view.opened', async () => {
    const app = await signedInApp();
    for (const view of [...USER_VIEWS].reverse()) {
      app.actor.send({ type: 'view.opened', view });
      expect(currentUserView(app.actor.getSnapshot())).toBe(view);
    }
  });

  it('runs the events machine on events and the profile machine on profile only', async () => {
    const app = await signedInApp();
    expect(app.actor.getSnapshot().children.events).toBeDefined();
    expect(app.actor.getSnapshot().children.profile).toBeUndefined();
    app.actor.send({ type: 'view.opened', view: 'profile' });
    expect(app.actor.getSnapshot().children.events).toBeUndefined();
    expect(app.profile().getSnapshot().context.user).toEqual(ada);
  });

  it('ignores view.opened while signed out', () => {
    const app = startApp();
    app.actor.send({ type: 'view.opened', view: 'profile' });
    expect(app.actor.getSnapshot().matches({ signedOut: 'login' })).toBe(true);
  });

  it('returns to signedOut.login on session.ended, with its toast and no user', async () => {
    const app = await signedInApp();
    app.actor.send({ type: 'error.show', message: testSaid('stale') });
    app.actor.send({ type: 'session.ended', message: MESSAGES.loggedOut });
    const s = app.actor.getSnapshot();
    expect(s.matches({ signedOut: 'login' })).toBe(true);
    expect(s.context.user).toBeNull();
    expect(s.context.error).toBeNull();
    expect(english(messages(app))).toContain(english(MESSAGES.loggedOut));
    // A fresh login form, not the one that signed in.
    expect(app.auth().getSnapshot().context.login).toEqual({ username_or_email: '', password: '' });
  });

  it("shows 'User not logged in' when the session expired", async () => {
    const app = await signedInApp();
    app.actor.send({ type: 'session.expired' });
    const s = app.actor.getSnapshot();
    expect(s.matches({ signedOut: 'login' })).toBe(true);
    expect(s.context.user).toBeNull();
    expect(s.context.error).toBe(MESSAGES.userNotLoggedIn);
    expect(s.context.ban).toBeNull();
  });

  it('says why when a ban ended the session, not "User not logged in"', async () => {
    const app = await signedInApp();
    const ban = { reason: 'Unkind messages', until: null, contact: 'help@example.org' };
    app.actor.send({ type: 'session.expired', ban });
    const s = app.actor.getSnapshot();
    expect(s.matches({ signedOut: 'login' })).toBe(true);
    expect(s.context.user).toBeNull();
    expect(s.context.ban).toEqual(ban);
    expect(s.context.error).toBeNull();
  });
});

describe('profileMachine', () => {
  it('edits and saves the profile, tells the root and shows its toast', async () => {
    const updated: User = { ...ada, name: 'Ada King', interests: ['chess', 'go'], age: 37 };
    const app = await onProfile({ saveProfile: async () => updated });
    const profile = app.profile();
    profile.send({ type: 'profile.editStarted' });
    expect(profile.getSnapshot().context.draft).toMatchObject({ name: 'Ada Lovelace', age: '36', interests: 'engines, poetry' });
    profile.send({ type: 'profile.fieldChanged', field: 'name', value: 'Ada King' });
    profile.send({ type: 'profile.fieldChanged', field: 'interests', value: 'chess, , go' });
    profile.send({ type: 'profile.fieldChanged', field: 'age', value: '37' });
    profile.send({ type: 'profile.saved' });
    await waitFor(profile, (s) => s.matches('viewing'));

    expect(app.calls.saveProfile).toHaveBeenCalledWith({
      userId: ada.id,
      draft: expect.objectContaining({ name: 'Ada King', interests: 'chess, , go', age: '37' }),
    });
    expect(profile.getSnapshot().context.user).toEqual(updated);
    expect(app.actor.getSnapshot().context.user).toEqual(updated);
    expect(english(messages(app))).toContain(english(MESSAGES.profileUpdated));
  });

  it("shows 'Failed to update profile' when saving fails, the field's words beside it, and keeps the edit open", async () => {
    const app = await onProfile({
      saveProfile: async () => {
        throw new ApiError(400, 'email: must be a valid email address');
      },
    });
    const profile = app.profile();
    profile.send({ type: 'profile.editStarted' });
    profile.send({ type: 'profile.fieldChanged', field: 'email', value: 'nope' });
    profile.send({ type: 'profile.saved' });
    await waitFor(profile, (s) => s.matches('editing'));
    expect(english(profileErrors(app))).toEqual(english({
      fields: { email: 'Please enter an email address like name@example.com.' },
      form: MESSAGES.failedUpdateProfile,
    }));
    expect(app.calls.focus).toHaveBeenCalledWith('profile');
    expect(error(app)).toBeNull();
    expect(profile.getSnapshot().context.draft.email).toBe('nope');
    expect(app.actor.getSnapshot().context.user).toEqual(ada);
    expect(messages(app)).not.toContain(MESSAGES.profileUpdated);
  });

  it('cancelling an edit leaves the user as it was', async () => {
    const app = await onProfile();
    const profile = app.profile();
    profile.send({ type: 'profile.editStarted' });
    profile.send({ type: 'profile.fieldChanged', field: 'name', value: 'Someone else' });
    profile.send({ type: 'profile.cancelled' });
    expect(profile.getSnapshot().matches('viewing')).toBe(true);
    profile.send({ type: 'profile.editStarted' });
    expect(profile.getSnapshot().context.draft.name).toBe('Ada Lovelace');
  });

  it.each([
    ['new passwords that differ', { next: 'abcdef', confirm: 'abcdeg' }, 'confirm', MESSAGES.newPasswordsDoNotMatch],
    ['a short new password', { next: 'abc12', confirm: 'abc12' }, 'next', MESSAGES.newPasswordTooShort],
  ] as const)('refuses %s without calling the server, beside the field', async (_, draft, field, message) => {
    const app = await onProfile();
    const profile = app.profile();
    profile.send({ type: 'password.formOpened' });
    profile.send({ type: 'password.fieldChanged', field: 'current', value: 'secret1' });
    profile.send({ type: 'password.fieldChanged', field: 'next', value: draft.next });
    profile.send({ type: 'password.fieldChanged', field: 'confirm', value: draft.confirm });
    profile.send({ type: 'password.submitted' });
    expect(passwordErrors(app)).toEqual({ fields: { [field]: message }, form: null });
    expect(app.calls.focus).toHaveBeenCalledWith('password');
    expect(app.calls.changePassword).not.toHaveBeenCalled();
    expect(profile.getSnapshot().matches('changingPassword')).toBe(true);
  });

  it('changes the password, clears the form and shows its toast', async () => {
    const app = await onProfile({ changePassword: async () => ({ success: true }) });
    const profile = app.profile();
    profile.send({ type: 'password.formOpened' });
    profile.send({ type: 'password.fieldChanged', field: 'current', value: 'secret1' });
    profile.send({ type: 'password.fieldChanged', field: 'next', value: 'better-secret' });
    profile.send({ type: 'password.fieldChanged', field: 'confirm', value: 'better-secret' });
    profile.send({ type: 'password.submitted' });
    await waitFor(profile, (s) => s.matches('viewing'));
    expect(app.calls.changePassword).toHaveBeenCalledWith({
      userId: ada.id,
      password: { current: 'secret1', next: 'better-secret', confirm: 'better-secret' },
    });
    expect(profile.getSnapshot().context.password).toEqual({ current: '', next: '', confirm: '' });
    expect(english(messages(app))).toContain(english(MESSAGES.passwordChanged));
    expect(error(app)).toBeNull();
  });

  it("says a wrong current password beside it, a sentence for the form, else 'Failed to change password'", async () => {
    const failures = [
      new ApiError(400, 'current_password: the current password is not correct'),
      new ApiError(429, 'Too many attempts. Please wait a moment and try again.'),
      new ApiError(500, null),
    ];
    const app = await onProfile({
      changePassword: async () => {
        throw failures.shift();
      },
    });
    const profile = app.profile();
    profile.send({ type: 'password.formOpened' });
    profile.send({ type: 'password.fieldChanged', field: 'next', value: 'better-secret' });
    profile.send({ type: 'password.fieldChanged', field: 'confirm', value: 'better-secret' });
    profile.send({ type: 'password.submitted' });
    await waitFor(profile, (s) => s.matches('changingPassword') && s.context.passwordErrors.fields.current !== undefined);
    expect(english(passwordErrors(app))).toEqual(english({
      fields: { current: "That isn't your current password. Please check it and try again." },
      form: null,
    }));
    expect(app.calls.focus).toHaveBeenCalledWith('password');

    profile.send({ type: 'password.submitted' });
    await waitFor(profile, (s) => s.matches('changingPassword') && s.context.passwordErrors.form !== null);
    expect(english(passwordErrors(app))).toEqual({ fields: {}, form: 'Too many attempts. Please wait a moment and try again.' });

    profile.send({ type: 'password.submitted' });
    await waitFor(profile, (s) => s.context.passwordErrors.form === MESSAGES.failedChangePassword);
    expect(error(app)).toBeNull();
  });

  it('deactivates only after the confirm, then ends the session with its toast', async () => {
    const app = await onProfile({ deactivate: async () => ({ success: true }) });
    const profile = app.profile();
    profile.send({ type: 'deactivate.requested' });
    expect(profile.getSnapshot().matches('confirmingDeactivate')).toBe(true);
    expect(app.calls.deactivate).not.toHaveBeenCalled();
    profile.send({ type: 'deactivate.confirmed' });
    const s = await waitFor(app.actor, (snap) => snap.matches({ signedOut: 'login' }));
    expect(app.calls.deactivate).toHaveBeenCalledWith({ userId: ada.id });
    expect(s.context.user).toBeNull();
    expect(english(messages(app))).toContain(english(MESSAGES.accountDeactivated));
  });

  it('keeps the account when the confirm is declined', async () => {
    const app = await onProfile();
    const profile = app.profile();
    profile.send({ type: 'deactivate.requested' });
    profile.send({ type: 'profile.cancelled' });
    expect(profile.getSnapshot().matches('viewing')).toBe(true);
    expect(app.calls.deactivate).not.toHaveBeenCalled();
  });

  it("shows 'Failed to deactivate account' and stays signed in when deactivating fails", async () => {
    const app = await onProfile({
      deactivate: async () => {
        throw new ApiError(500, null);
      },
    });
    const profile = app.profile();
    profile.send({ type: 'deactivate.requested' });
    profile.send({ type: 'deactivate.confirmed' });
    // The confirm stays open and says so, where the person pressed.
    await waitFor(profile, (s) => s.matches('confirmingDeactivate') && s.context.deactivateError !== null);
    expect(profile.getSnapshot().context.deactivateError).toBe(MESSAGES.failedDeactivateAccount);
    expect(app.calls.focus).toHaveBeenCalledWith('deactivate');
    expect(app.actor.getSnapshot().matches({ user: 'profile' })).toBe(true);
  });

  it.each([
    ['succeeds', async () => ({ success: true })],
    [
      'fails',
      async () => {
        throw new ApiError(0, null);
      },
    ],
  ])('logs out when the call %s', async (_, logout) => {
    const app = await onProfile({ logout });
    app.profile().send({ type: 'logout.requested' });
    const s = await waitFor(app.actor, (snap) => snap.matches({ signedOut: 'login' }));
    expect(app.calls.logout).toHaveBeenCalledWith({ userId: ada.id });
    expect(s.context.user).toBeNull();
    expect(english(messages(app))).toContain(english(MESSAGES.loggedOut));
  });
});

describe('authMachine: what goes over the wire', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function appWithRealAuth(answer: unknown) {
    const fetchSpy = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(answer));
    vi.stubGlobal('fetch', fetchSpy);
    const real = createActor(
      appMachine.provide({
        actors: quietChildren,
      }),
      { clock: new SimulatedClock(), input: { path: '/' } },
    ).start();
    const auth = chartOf(real.getSnapshot(), 'auth')!;
    const sent = () => {
      const [url, init] = fetchSpy.mock.calls[0]!;
      return { url, method: init?.method, body: JSON.parse(String(init?.body)) as unknown };
    };
    return { real, auth, sent };
  }

  it('posts the registration body built from the draft', async () => {
    const { real, auth, sent } = appWithRealAuth(grace);
    auth.send({ type: 'auth.modeToggled' });
    const draft: Partial<RegisterDraft> = {
      ...validRegistration,
      username: ' grace ',
    };
    for (const [field, value] of Object.entries(draft) as Array<[keyof RegisterDraft, string]>) {
      auth.send({ type: 'auth.registerChanged', field, value });
    }
    auth.send({ type: 'auth.submitted' });
    await waitFor(real, (s) => s.matches('user'));
    expect(sent()).toEqual({
      url: '/api/auth/register',
      method: 'POST',
      body: {
        username: 'grace',
        name: 'Grace Hopper',
        email: 'grace@example.org',
        password: 'cobol42',
        interests: [],
        age: null,
        occupation: null,
        social_preferences: [],
        personality_traits: [],
        communication_style: 'balanced',
        language: 'en',
      },
    });
  });

  it('posts the login with the name trimmed and the password as typed', async () => {
    const { real, auth, sent } = appWithRealAuth({ user: ada, reactivated: false });
    auth.send({ type: 'auth.loginChanged', field: 'username_or_email', value: ' ada@example.org ' });
    auth.send({ type: 'auth.loginChanged', field: 'password', value: ' secret1 ' });
    auth.send({ type: 'auth.submitted' });
    await waitFor(real, (s) => s.matches('user'));
    expect(sent()).toEqual({
      url: '/api/auth/login',
      method: 'POST',
      body: { username_or_email: 'ada@example.org', password: ' secret1 ' },
    });
  });
});
