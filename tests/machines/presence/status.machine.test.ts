import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise } from 'xstate';
import { DEFAULT_STATUS, STATUS_MESSAGE_MAX, WELCOME_BACK, type StatusAnswer, type StatusBody, type UserStatus } from '../../../contract/status';
import type { Notification } from '../../../contract/social';
import { ApiError } from '../../../machines/api/client';
import {
  BACK_FAILED,
  BREAK_FAILED,
  breakEnd,
  LONGEST_TIMER_MS,
  selectBreak,
  selectBreakOffer,
  selectSheet,
  selectWelcome,
  statusMachine,
} from '../../../machines/presence/status.machine';
import { asChild, deferred, flush } from '../discovery.fakes';
import { english } from '../../../contract/said';
import { notificationWords } from '../../said';
import type { Said } from '../../../contract/said';

const userId = '0b7c5d1e-4f7a-4c37-9d1e-2f0a8b6c9d10';
const HOUR = 3_600_000;
/** The device's clock while a test runs: 1 May 2030, 14:00 local time. */
const NOW = new Date(2030, 4, 1, 14, 0, 0);

const away = (until: string | null, custom_message: string | null = null, emoji: string | null = null): UserStatus => ({
  status: 'away',
  custom_message,
  emoji,
  until,
});

const welcomeNote = (content: Said = WELCOME_BACK.content): Notification => ({
  id: '90000000-0000-4000-8000-000000000001',
  ...notificationWords(WELCOME_BACK.title, content),
  read: false,
  created_at: NOW.toISOString(),
  link: null,
});

interface Server {
  load?: () => Promise<UserStatus>;
  save?: (body: StatusBody) => Promise<StatusAnswer>;
}

function start(server: Server = {}) {
  const load = vi.fn(server.load ?? (async () => DEFAULT_STATUS));
  // The server keeps what it is sent, as PUT /users/status does.
  const save = vi.fn(
    server.save ??
      (async (body: StatusBody): Promise<StatusAnswer> => ({
        success: true,
        status: { status: body.status, custom_message: body.custom_message ?? null, emoji: body.emoji ?? null, until: body.until ?? null },
      })),
  );
  const machine = statusMachine.provide({
    actors: {
      loadStatus: fromPromise<UserStatus, { userId: string }>(() => load()),
      saveStatus: fromPromise<StatusAnswer, { userId: string; body: StatusBody }>(({ input }) => save(input.body)),
    },
    actions: { logFailure: () => {} },
  });
  const t = asChild(machine, { userId });
  const snap = () => t.child.getSnapshot();
  /** Moves the device's time and the chart's clock on together. */
  const pass = (ms: number) => {
    vi.setSystemTime(Date.now() + ms);
    t.clock.increment(ms);
  };
  return { ...t, load, save, snap, pass };
}

/** Takes a break through the sheet, as the person would. */
async function takeBreak(t: ReturnType<typeof start>, length: 'hour' | 'threeHours' | 'tomorrow' | 'untilBack', message = '', emoji = '') {
  t.child.send({ type: 'break.opened' });
  t.child.send({ type: 'break.lengthChosen', length });
  if (message) t.child.send({ type: 'break.messageChanged', message });
  if (emoji) t.child.send({ type: 'break.emojiChosen', emoji });
  t.child.send({ type: 'break.submitted' });
  await flush();
}

beforeEach(() => {
  // Only the date is faked: the chart's timers run on the simulated clock.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('breakEnd', () => {
  it('is an hour or three from now, tomorrow at 08:00 on the device, or none', () => {
    expect(breakEnd('hour', NOW)).toBe(new Date(NOW.getTime() + HOUR).toISOString());
    expect(breakEnd('threeHours', NOW)).toBe(new Date(NOW.getTime() + 3 * HOUR).toISOString());
    expect(breakEnd('tomorrow', NOW)).toBe(new Date(2030, 4, 2, 8, 0, 0).toISOString());
    expect(breakEnd('untilBack', NOW)).toBeNull();
  });

  it('ends "until tomorrow" on the next calendar day, across a month and a year', () => {
    expect(breakEnd('tomorrow', new Date(2030, 3, 30, 23, 30))).toBe(new Date(2030, 4, 1, 8, 0).toISOString());
    expect(breakEnd('tomorrow', new Date(2030, 11, 31, 9, 0))).toBe(new Date(2031, 0, 1, 8, 0).toISOString());
  });
});

describe('statusMachine', () => {
  it('asks for the status at the start and offers a break while available', async () => {
    const t = start();
    expect(t.snap().matches('loading')).toBe(true);
    expect(selectBreakOffer(t.snap())).toBeNull();
    await flush();
    expect(t.load).toHaveBeenCalledTimes(1);
    expect(t.snap().matches({ available: 'idle' })).toBe(true);
    expect(selectBreakOffer(t.snap())).toBe('offered');
    expect(selectBreak(t.snap())).toBeNull();
  });

  it('takes a break for an hour with a line and an emoji, its end worked out on the device', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'break.opened' });
    expect(selectSheet(t.snap())).toBe('choosing');
    const answer = deferred<StatusAnswer>();
    t.save.mockImplementationOnce(() => answer.promise);
    t.child.send({ type: 'break.lengthChosen', length: 'hour' });
    t.child.send({ type: 'break.messageChanged', message: '  Recharging, back after lunch ' });
    t.child.send({ type: 'break.emojiChosen', emoji: '🌿' });
    t.child.send({ type: 'break.submitted' });
    expect(selectSheet(t.snap())).toBe('saving');
    const until = new Date(NOW.getTime() + HOUR).toISOString();
    expect(t.save).toHaveBeenCalledWith({ status: 'away', custom_message: 'Recharging, back after lunch', emoji: '🌿', until });
    answer.resolve({ success: true, status: away(until, 'Recharging, back after lunch', '🌿') });
    await flush();
    expect(t.snap().matches({ away: 'timed' })).toBe(true);
    expect(selectSheet(t.snap())).toBe('closed');
    expect(selectBreak(t.snap())).toEqual({ until, line: '🌿 Recharging, back after lunch', busy: null, error: null });
  });

  it('ends the break by itself at its end, on its own clock, and says "Welcome back"', async () => {
    const t = start();
    await flush();
    await takeBreak(t, 'hour');
    expect(t.snap().matches({ away: 'timed' })).toBe(true);
    t.load.mockClear();
    t.pass(HOUR - 1);
    expect(t.snap().matches('away'), 'a millisecond early').toBe(true);
    expect(selectWelcome(t.snap())).toBeNull();
    t.pass(1);
    expect(selectBreak(t.snap())).toBeNull();
    expect(english(selectWelcome(t.snap()))).toBe(english(WELCOME_BACK.content));
    // The server is asked, so it ends the break now rather than at its next sweep.
    expect(t.snap().matches('ending')).toBe(true);
    expect(t.load).toHaveBeenCalledTimes(1);
    await flush();
    expect(t.snap().matches({ available: 'idle' })).toBe(true);
    expect(t.snap().context.status).toEqual(DEFAULT_STATUS);
    t.child.send({ type: 'welcome.dismissed' });
    expect(selectWelcome(t.snap())).toBeNull();
  });

  it('stays available when its clock ends the break and the server is unreachable', async () => {
    const t = start();
    await flush();
    await takeBreak(t, 'threeHours');
    t.load.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    t.pass(3 * HOUR);
    await flush();
    expect(t.snap().matches({ available: 'idle' })).toBe(true);
    expect(english(selectWelcome(t.snap()))).toBe(english(WELCOME_BACK.content));
  });

  it('ends the break when the server says "Welcome back" live, with its words', async () => {
    const t = start();
    await flush();
    await takeBreak(t, 'tomorrow');
    const content = WELCOME_BACK.withRequests({ n: 2 });
    t.child.send({ type: 'live.notification', notification: welcomeNote(content) });
    expect(t.snap().matches({ available: 'idle' })).toBe(true);
    expect(english(selectWelcome(t.snap()))).toBe(english(content));
    // Its clock is gone with it: nothing more happens at the break's old end.
    t.load.mockClear();
    t.pass(24 * HOUR);
    expect(t.load).not.toHaveBeenCalled();
  });

  it('ignores other notifications while away', async () => {
    const t = start();
    await flush();
    await takeBreak(t, 'untilBack');
    t.child.send({ type: 'live.notification', notification: { ...welcomeNote(), title: 'New connection request', title_code: 'notification.request.title', title_params: {} } });
    expect(t.snap().matches({ away: 'open' })).toBe(true);
  });

  it('waits "until I come back" with no clock, and "I\'m back" ends it', async () => {
    const t = start();
    await flush();
    await takeBreak(t, 'untilBack', 'Quiet evening');
    expect(t.save).toHaveBeenLastCalledWith({ status: 'away', custom_message: 'Quiet evening', emoji: null, until: null });
    expect(t.snap().matches({ away: 'open' })).toBe(true);
    t.pass(40 * 24 * HOUR);
    expect(t.snap().matches({ away: 'open' })).toBe(true);
    const answer = deferred<StatusAnswer>();
    t.save.mockImplementationOnce(() => answer.promise);
    t.child.send({ type: 'break.ended' });
    expect(selectBreak(t.snap())).toMatchObject({ busy: 'returning' });
    expect(t.save).toHaveBeenLastCalledWith({ status: 'available' });
    answer.resolve({ success: true, status: DEFAULT_STATUS });
    await flush();
    expect(t.snap().matches({ available: 'idle' })).toBe(true);
    expect(selectWelcome(t.snap())).toBeNull();
  });

  it('keeps the break and says so when "I\'m back" fails', async () => {
    const t = start();
    await flush();
    await takeBreak(t, 'hour');
    t.save.mockImplementationOnce(async () => {
      throw new ApiError(503, null);
    });
    t.child.send({ type: 'break.ended' });
    await flush();
    expect(t.snap().matches({ away: 'timed' })).toBe(true);
    expect(selectBreak(t.snap())).toMatchObject({ error: BACK_FAILED, busy: null });
    // Its clock started again from what is left.
    t.pass(HOUR);
    expect(english(selectWelcome(t.snap()))).toBe(english(WELCOME_BACK.content));
  });

  it('waits a 30-day break in stretches no timer overflows', async () => {
    const until = new Date(NOW.getTime() + 30 * 24 * HOUR).toISOString();
    const t = start({ load: async () => away(until) });
    await flush();
    expect(t.snap().matches({ away: 'timed' })).toBe(true);
    t.pass(LONGEST_TIMER_MS);
    expect(t.snap().matches({ away: 'timed' }), 'after the first stretch').toBe(true);
    t.pass(30 * 24 * HOUR - LONGEST_TIMER_MS - 1);
    expect(t.snap().matches('away')).toBe(true);
    t.pass(1);
    expect(selectBreak(t.snap())).toBeNull();
    expect(english(selectWelcome(t.snap()))).toBe(english(WELCOME_BACK.content));
  });

  it('shows a break taken on another visit (or device) from the start, and its clock runs from now', async () => {
    const until = new Date(NOW.getTime() + 20 * 60_000).toISOString();
    const t = start({ load: async () => away(until, 'Back soon') });
    await flush();
    expect(selectBreak(t.snap())).toEqual({ until, line: 'Back soon', busy: null, error: null });
    t.pass(20 * 60_000);
    expect(english(selectWelcome(t.snap()))).toBe(english(WELCOME_BACK.content));
  });

  it('after a reconnect, a break the server ended while the app was asleep is over, with a welcome', async () => {
    const t = start();
    await flush();
    await takeBreak(t, 'untilBack');
    t.load.mockImplementationOnce(async () => DEFAULT_STATUS);
    t.child.send({ type: 'live.reconnected' });
    await flush();
    expect(t.snap().matches({ available: 'idle' })).toBe(true);
    expect(english(selectWelcome(t.snap()))).toBe(english(WELCOME_BACK.content));
  });

  it('keeps the banner (its button waiting) while a reconnect asks again, and the break when the answer does not come', async () => {
    const t = start();
    await flush();
    await takeBreak(t, 'hour');
    const answer = deferred<UserStatus>();
    t.load.mockImplementationOnce(() => answer.promise);
    t.child.send({ type: 'live.reconnected' });
    expect(t.snap().matches('loading')).toBe(true);
    expect(selectBreak(t.snap())).toMatchObject({ busy: 'checking' });
    expect(selectBreakOffer(t.snap())).toBeNull();
    answer.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(t.snap().matches({ away: 'timed' })).toBe(true);
    expect(selectBreak(t.snap())).toMatchObject({ busy: null });
  });

  it('keeps "Take a break" (waiting) while a reconnect asks again', async () => {
    const t = start();
    await flush();
    t.load.mockImplementationOnce(() => new Promise(() => {}));
    t.child.send({ type: 'live.reconnected' });
    expect(selectBreakOffer(t.snap())).toBe('waiting');
    expect(selectBreak(t.snap())).toBeNull();
  });

  it('checks the line against the contract before sending, and clears the error as it is edited', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'break.opened' });
    t.child.send({ type: 'break.messageChanged', message: 'x'.repeat(STATUS_MESSAGE_MAX + 1) });
    t.child.send({ type: 'break.submitted' });
    expect(t.save).not.toHaveBeenCalled();
    expect(english(t.snap().context.errors.fields.message)).toMatch(`at most ${STATUS_MESSAGE_MAX} characters`);
    t.child.send({ type: 'break.messageChanged', message: 'x'.repeat(STATUS_MESSAGE_MAX) });
    expect(t.snap().context.errors.fields).toEqual({});
    t.child.send({ type: 'break.submitted' });
    expect(t.save).toHaveBeenCalledTimes(1);
  });

  it('keeps the sheet and the draft open with the reason when the server refuses', async () => {
    const t = start({
      save: async () => {
        throw new ApiError(400, 'custom_message: must not contain control characters');
      },
    });
    await flush();
    await takeBreak(t, 'hour', 'Back soon');
    expect(selectSheet(t.snap())).toBe('choosing');
    expect(t.snap().context.draft.message).toBe('Back soon');
    expect(english(t.snap().context.errors.fields.message)).toBe(english('Your status line must not contain control characters.'));

    t.save.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    t.child.send({ type: 'break.submitted' });
    await flush();
    expect(t.snap().context.errors).toEqual({ fields: {}, form: BREAK_FAILED });
    t.child.send({ type: 'break.cancelled' });
    expect(selectSheet(t.snap())).toBe('closed');
    expect(selectBreakOffer(t.snap())).toBe('offered');
  });

  it('tells the root when the session is gone', async () => {
    const t = start({ load: async () => Promise.reject(new ApiError(401, 'Not signed in')) });
    await flush();
    expect(t.types()).toEqual(['session.expired']);
  });
});

describe('statusMachine and presence', () => {
  /** The status chart beside a presence chart (systemId 'presence') that counts each `presence.stale`. */
  function withPresence() {
    let told = 0;
    const presence = fromCallback(({ receive }) => receive((e) => void (e.type === 'presence.stale' && told++)));
    let answer: StatusAnswer | null = null;
    const status = statusMachine.provide({
      actors: {
        loadStatus: fromPromise<UserStatus, { userId: string }>(async () => DEFAULT_STATUS),
        saveStatus: fromPromise<StatusAnswer, { userId: string; body: StatusBody }>(async ({ input }) => (answer = { success: true, status: { status: input.body.status, custom_message: null, emoji: null, until: null } })),
      },
      actions: { logFailure: () => {} },
    });
    const parent = createMachine({
      invoke: [
        { src: presence, systemId: 'presence' },
        { src: status, id: 'status', input: { userId } },
      ],
    });
    const actor = createActor(parent).start();
    return { status: actor.getSnapshot().children.status!, told: () => told, saved: () => answer };
  }

  it('does not make presence read again for a status only read (at the start, after a reconnect), but does when a break starts', async () => {
    const t = withPresence();
    await flush();
    expect(t.status.getSnapshot().matches('available')).toBe(true);
    expect(t.told()).toBe(0);
    t.status.send({ type: 'live.reconnected' });
    await flush();
    expect(t.told()).toBe(0);
    t.status.send({ type: 'break.opened' });
    t.status.send({ type: 'break.lengthChosen', length: 'untilBack' });
    t.status.send({ type: 'break.submitted' });
    await flush();
    expect(t.saved()).not.toBeNull();
    expect(t.status.getSnapshot().matches('away')).toBe(true);
    expect(t.told()).toBe(1);
  });
});
