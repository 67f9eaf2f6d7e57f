import { describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { ApiError, createApi } from '../../machines/api/client';
import { ada, startApp, toastsOf } from './app.fakes';
import { testSaid } from '../said';

describe('reopening the app', () => {
  it('goes straight to the events list, without a toast, while the session cookie is valid', async () => {
    const app = startApp({ restoreSession: async () => ada });
    expect(app.actor.getSnapshot().matches('restoringSession')).toBe(true);
    await waitFor(app.actor, (s) => s.matches({ user: 'events' }));
    expect(app.actor.getSnapshot().context.user).toEqual(ada);
    expect(toastsOf(app.actor)).toEqual([]);
    expect(app.calls.restoreSession).toHaveBeenCalledTimes(1);
  });

  it('shows the login view, quietly, when the probe finds no session (signed out, expired or revoked)', async () => {
    const app = startApp({ restoreSession: async () => null });
    await waitFor(app.actor, (s) => s.matches({ signedOut: 'login' }));
    expect(app.actor.getSnapshot().context.user).toBeNull();
    expect(app.actor.getSnapshot().context.error).toBeNull();
    expect(toastsOf(app.actor)).toEqual([]);
    expect(app.calls.restoreSession).toHaveBeenCalledTimes(1);
  });

  it('shows the login view when the probe fails (offline, or the server errs)', async () => {
    const app = startApp({
      restoreSession: async () => {
        throw new ApiError(503, 'Service unavailable');
      },
    });
    await waitFor(app.actor, (s) => s.matches({ signedOut: 'login' }));
    expect(app.actor.getSnapshot().context.user).toBeNull();
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
    app.actor.send({ type: 'session.ended', message: testSaid('Logged out successfully') });
    expect(app.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(app.calls.forgetUserData).toHaveBeenCalledTimes(1);
  });
});

describe('the session probe of the API client', () => {
  it('asks GET /api/auth/session (200 when signed out) and answers its user or null', async () => {
    const answers = [{ user: ada }, { user: null }];
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(answers.shift()), { status: 200, headers: { 'content-type': 'application/json' } }));
    const api = createApi('/api', fetchImpl as unknown as typeof fetch);
    expect(await api.sessionUser()).toEqual(ada);
    expect(await api.sessionUser()).toBeNull();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/session');
    expect(init.method).toBe('GET');
  });
});
