import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { ApiError } from '../../machines/api/client';
import { ada, startApp } from './app.fakes';

describe('reopening the app', () => {
  it('goes straight to the events list, without a toast, while the session cookie is valid', async () => {
    const app = startApp({ restoreSession: async () => ada });
    expect(app.actor.getSnapshot().matches('restoringSession')).toBe(true);
    await waitFor(app.actor, (s) => s.matches({ user: 'events' }));
    expect(app.actor.getSnapshot().context.user).toEqual(ada);
    expect(app.actor.getSnapshot().context.toasts).toEqual([]);
    expect(app.calls.restoreSession).toHaveBeenCalledTimes(1);
  });

  it('shows the login view when the session is gone', async () => {
    const app = startApp({
      restoreSession: async () => {
        throw new ApiError(401, 'You need to be signed in to do that');
      },
    });
    await waitFor(app.actor, (s) => s.matches({ signedOut: 'login' }));
    expect(app.actor.getSnapshot().context.error).toBeNull();
  });

  it('does not ask at all unless told to (tests and the admin entrance start signed out)', () => {
    const app = startApp();
    expect(app.actor.getSnapshot().matches({ signedOut: 'login' })).toBe(true);
    expect(app.calls.restoreSession).not.toHaveBeenCalled();
  });

  it('forgets the cached data of the user at sign-out', async () => {
    const app = startApp({ restoreSession: async () => ada, logout: async () => ({ success: true }) });
    await waitFor(app.actor, (s) => s.matches({ user: 'events' }));
    app.actor.send({ type: 'session.ended', message: 'Logged out successfully' });
    expect(app.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(app.calls.forgetUserData).toHaveBeenCalledTimes(1);
  });
});
