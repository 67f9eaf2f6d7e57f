/** The root chart waits for the chunks its charts are in (issue 15), through its chart loader: loading, failing offline, trying again. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { LoginAnswer } from '../../contract/account';
import { appMachine, PLANS_UNAVAILABLE, REPORT_UNAVAILABLE } from '../../machines/app.machine';
import { selectCodeState } from '../../machines/app/chart-loader.machine';
import { authMachine, type LoginDraft } from '../../machines/session/auth.machine';
import { chartOf, type Chunk, type LoadedCharts } from '../../machines/lazy-charts';
import { personReport } from '../../machines/safety/report-target';
import { ada, quietCharts, quietChildren } from './app.fakes';
import { chunkCharts, withChunks } from './charts.fakes';
import { flush } from './discovery.fakes';

const OFFLINE = new TypeError('Failed to fetch dynamically imported module');

/** The root with every chunk held until the test lets it arrive (or fail). */
function heldChunks() {
  const asked: Array<{ chunk: Chunk; resolve: (c: LoadedCharts) => void; reject: (e: unknown) => void }> = [];
  const machine = appMachine.provide({
    actors: {
      ...quietChildren,
      ...withChunks(
        fromPromise<LoadedCharts, { chunk: Chunk }>(({ input }) => new Promise((resolve, reject) => asked.push({ chunk: input.chunk, resolve, reject }))),
      ),
    },
  });
  const actor = createActor(machine, { clock: new SimulatedClock(), input: { path: '/', online: true } }).start();
  const last = () => asked[asked.length - 1]!;
  const given = {
    ...quietCharts,
    auth: authMachine.provide({ actors: { login: fromPromise<LoginAnswer, LoginDraft>(async () => ({ user: ada, reactivated: false })) } }),
  };
  return {
    actor,
    asked,
    /** The chunk asked for last arrives. */
    arrive: async () => {
      last().resolve(chunkCharts(last().chunk, given));
      await flush();
    },
    /** The chunk asked for last cannot be fetched. */
    fail: async () => {
      last().reject(OFFLINE);
      await flush();
    },
    snapshot: () => actor.getSnapshot(),
    /** What the chunk of the part on screen says: arriving, out of reach, or here (null). */
    code: () => selectCodeState(actor.getSnapshot().children.charts?.getSnapshot()),
    /** The person presses Try again. */
    retry: () => actor.getSnapshot().children.charts!.send({ type: 'code.retried' }),
  };
}

/** The login form's chunk arrives and Ada signs in with it; the session's chunk is then on its way. */
async function logIn(app: ReturnType<typeof heldChunks>) {
  await app.arrive();
  const auth = chartOf(app.snapshot(), 'auth')!;
  auth.send({ type: 'auth.loginChanged', field: 'username_or_email', value: 'ada' });
  auth.send({ type: 'auth.loginChanged', field: 'password', value: 'secret1' });
  auth.send({ type: 'auth.submitted' });
  await flush();
}

async function signedIn() {
  const app = heldChunks();
  await logIn(app);
  await app.arrive();
  return app;
}

describe('appMachine: the charts arrive in chunks', () => {
  it('says the login form is loading until its chunk arrives, then runs its chart', async () => {
    const app = heldChunks();
    expect(app.asked.map((a) => a.chunk)).toEqual(['pwa', 'login']);
    expect(app.snapshot().matches({ signedOut: 'login' })).toBe(true);
    expect(app.code()).toBe('loading');
    expect(chartOf(app.snapshot(), 'auth')).toBeUndefined();
    await app.arrive();
    expect(app.code()).toBeNull();
    expect(chartOf(app.snapshot(), 'auth')).toBeDefined();
  });

  it('opens the session once its chunk arrives: its charts and the events list run', async () => {
    const app = heldChunks();
    await logIn(app);
    expect(app.snapshot().matches('openingSession')).toBe(true);
    expect(app.code()).toBe('loading');
    expect(app.asked.map((a) => a.chunk)).toEqual(['pwa', 'login', 'session']);
    await app.arrive();
    expect(app.snapshot().matches({ user: 'events' })).toBe(true);
    for (const id of ['availability', 'battery', 'switchboard', 'outbox', 'notifications', 'requests', 'conversations', 'events'] as const)
      expect(chartOf(app.snapshot(), id), id).toBeDefined();
  });

  it('says calmly when a view’s chunk cannot be fetched, and fetches it again on Try again', async () => {
    const app = await signedIn();
    app.actor.send({ type: 'view.opened', view: 'profile' });
    expect(app.snapshot().matches({ user: 'profile' })).toBe(true);
    expect(app.code()).toBe('loading');
    await app.fail();
    expect(app.snapshot().matches({ user: 'profile' })).toBe(true);
    expect(app.code()).toBe('unavailable');
    expect(chartOf(app.snapshot(), 'profile')).toBeUndefined();
    app.retry();
    expect(app.asked.map((a) => a.chunk)).toEqual(['pwa', 'login', 'session', 'profile', 'profile']);
    await app.arrive();
    expect(app.snapshot().matches({ user: 'profile' })).toBe(true);
    expect(app.code()).toBeNull();
    for (const id of ['profile', 'profilePhoto', 'businessCard'] as const) expect(chartOf(app.snapshot(), id), id).toBeDefined();
  });

  it('stops a view’s charts as the view is left, and fetches its chunk again when it opens again', async () => {
    const app = await signedIn();
    app.actor.send({ type: 'view.opened', view: 'user-search' });
    await app.arrive();
    expect(chartOf(app.snapshot(), 'userSearch')).toBeDefined();
    app.actor.send({ type: 'view.opened', view: 'events' });
    expect(chartOf(app.snapshot(), 'userSearch')).toBeUndefined();
    app.actor.send({ type: 'view.opened', view: 'user-search' });
    expect(app.snapshot().matches({ user: 'user-search' })).toBe(true);
    expect(app.code()).toBe('loading');
  });

  it('keeps the signed-out person on a calm "could not load" with Try again when the session’s chunk cannot be fetched', async () => {
    const app = heldChunks();
    await logIn(app);
    await app.fail();
    expect(app.snapshot().matches('openingSession')).toBe(true);
    expect(app.code()).toBe('unavailable');
    expect(app.snapshot().context.user?.id).toBe(ada.id);
    app.retry();
    await app.arrive();
    expect(app.snapshot().matches({ user: 'events' })).toBe(true);
  });

  it('closes the plan chooser and says so when its chunk cannot be fetched; Upgrade asks again', async () => {
    const app = await signedIn();
    app.actor.send({ type: 'plans.opened' });
    expect(app.snapshot().context.plansOpen).toBe(true);
    expect(chartOf(app.snapshot(), 'plans')).toBeUndefined();
    await app.fail();
    expect(app.snapshot().context.plansOpen).toBe(false);
    expect(app.snapshot().context.error).toBe(PLANS_UNAVAILABLE);
    app.actor.send({ type: 'plans.opened' });
    await app.arrive();
    expect(chartOf(app.snapshot(), 'plans')).toBeDefined();
    app.actor.send({ type: 'plans.closed' });
    expect(chartOf(app.snapshot(), 'plans')).toBeUndefined();
  });

  it('runs the report sheet’s chart once its chunk arrives, closes it, and says so when the chunk cannot be fetched', async () => {
    const app = await signedIn();
    const sam = personReport({ id: 'b0000000-0000-4000-8000-000000000001', name: 'Sam Reed' });
    app.actor.send(sam);
    expect(app.snapshot().context.report).toEqual(sam.target);
    expect(chartOf(app.snapshot(), 'report')).toBeUndefined();
    await app.fail();
    expect(app.snapshot().context.report).toBeNull();
    expect(app.snapshot().context.error).toBe(REPORT_UNAVAILABLE);
    app.actor.send(sam);
    expect(app.asked.at(-1)!.chunk).toBe('report');
    await app.arrive();
    expect(chartOf(app.snapshot(), 'report')?.getSnapshot().context.target).toEqual(sam.target);
    chartOf(app.snapshot(), 'report')!.send({ type: 'report.closeRequested' });
    expect(chartOf(app.snapshot(), 'report')).toBeUndefined();
    expect(app.snapshot().context.report).toBeNull();
  });

  it('ignores a chunk that arrives after the report sheet was closed', async () => {
    const app = await signedIn();
    app.actor.send(personReport({ id: 'b0000000-0000-4000-8000-000000000001', name: 'Sam Reed' }));
    app.actor.send({ type: 'report.closed' });
    await app.arrive();
    expect(chartOf(app.snapshot(), 'report')).toBeUndefined();
  });
});
