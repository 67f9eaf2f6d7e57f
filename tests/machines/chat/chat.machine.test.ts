/** chat: history, ice breakers, and SPEC 5's input rules; messages merged by id. */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { PublicUser } from '../../../contract/common';
import type { IceBreaker } from '../../../contract/discovery';
import type { ChatBreakAnswer, ChatMessage, ChatMute, ChatPartner } from '../../../contract/social';
import { CLOSING_LINES, EXIT_WORDS, type ClosingLineId } from '../../../contract/exit-plan';
import { ApiError } from '../../../machines/api/client';
import { blockFailedMessage } from '../../../machines/safety/block';
import {
  CHAT_PAGE,
  chatLines,
  chatMachine,
  isSendable,
  mergeById,
  selectBlockStep,
  selectExitStep,
  selectHasOlder,
  selectMutedUntil,
  selectRestStep,
  selectUnmuting,
  selectHistoryStatus,
  selectWriteClosed,
} from '../../../machines/chat/chat.machine';
import type { PendingMessage } from '../../../machines/chat/chat-outbox.machine';
import { ada } from '../app.fakes';
import { asChild, deferred, flush, samplePerson } from '../discovery.fakes';
import { english } from '../../../contract/said';
import type { ChatRest } from '../../../contract/recap';
import { KIND_ENDING_WORDS, type HeadingOffLineId } from '../../../contract/kind-endings';

const sam = samplePerson({ name: 'Sam Reed' });
const eventId = 'e0000000-0000-4000-8000-000000000001';
const breaker: IceBreaker = { id: 'b0000000-0000-4000-8000-000000000001', suggestion_text: 'What brought you here today?', suggestion_code: '', suggestion_params: {}, category: 'event' };

let n = 0;
const msg = (overrides: Partial<ChatMessage> = {}): ChatMessage => {
  n += 1;
  return {
    id: `f0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    from_user: sam.id,
    to_user: ada.id,
    message: `message ${n}`,
    message_type: 'text',
    ice_breaker_id: null,
    event_id: null,
    client_id: null,
    timestamp: new Date(Date.UTC(2030, 4, 1, 18, 0, n)).toISOString(),
    ...overrides,
  };
};

type Pair = { userId: string; otherId: string; before?: string };
type BlockInput = { userId: string; blockedId: string };
type BreakInput = Pair & { lineId: ClosingLineId; minutes: number; eventId: string | null };

type HeadOffInput = Pair & { lineId: HeadingOffLineId; language: 'en' | 'de'; eventId: string | null };
const AWAKE: ChatRest = { resting: false, by_me: null, since: null };
const RESTING_BY_ME: ChatRest = { resting: true, by_me: true, since: '2030-05-01T18:00:00.000Z' };

const MINUTE = 60_000;
/** The server's answer to a break taken now: the line as a message from Ada, muted for the minutes chosen. */
const breakAnswer = (i: BreakInput): ChatBreakAnswer => ({
  message: msg({ from_user: ada.id, to_user: sam.id, message: CLOSING_LINES.find((l) => l.id === i.lineId)!.text }),
  muted_until: new Date(Date.now() + i.minutes * MINUTE).toISOString(),
});

function start(
  opts: {
    history?: (i: Pair) => Promise<ChatMessage[]>;
    breakers?: () => Promise<IceBreaker[]>;
    partner?: () => Promise<ChatPartner>;
    block?: (i: BlockInput) => Promise<unknown>;
    /** The person the chat is with; Sam by default. */
    person?: PublicUser;
    mutes?: () => Promise<ChatMute[]>;
    takeBreak?: (i: BreakInput) => Promise<ChatBreakAnswer>;
    unmute?: () => Promise<unknown>;
    rest?: () => Promise<ChatRest>;
    headOff?: (i: HeadOffInput) => Promise<{ message: ChatMessage; rest: ChatRest }>;
    wake?: () => Promise<ChatRest>;
  } = {},
) {
  const history = vi.fn(opts.history ?? (async () => []));
  const breakers = vi.fn(opts.breakers ?? (async () => [breaker]));
  const partner = vi.fn(opts.partner ?? (async (): Promise<ChatPartner> => ({ ...sam, can_message: true })));
  const block = vi.fn(opts.block ?? (async () => ({ success: true })));
  const mutes = vi.fn(opts.mutes ?? (async (): Promise<ChatMute[]> => []));
  const takeBreak = vi.fn(opts.takeBreak ?? (async (i: BreakInput) => breakAnswer(i)));
  const unmute = vi.fn(opts.unmute ?? (async () => ({ success: true })));
  const rest = vi.fn(opts.rest ?? (async (): Promise<ChatRest> => AWAKE));
  const headOff = vi.fn(opts.headOff ?? (async (i: HeadOffInput) => ({ message: msg({ from_user: ada.id, to_user: sam.id, message: i.lineId }), rest: RESTING_BY_ME })));
  const wake = vi.fn(opts.wake ?? (async (): Promise<ChatRest> => AWAKE));
  const machine = chatMachine.provide({
    actors: {
      loadHistory: fromPromise<ChatMessage[], Pair>(({ input }) => history(input)),
      loadIceBreakers: fromPromise<IceBreaker[], Pair & { eventId: string | null }>(() => breakers()),
      loadPartner: fromPromise<ChatPartner, Pair>(() => partner()),
      blockUser: fromPromise<unknown, BlockInput>(({ input }) => block(input)),
      loadMutes: fromPromise<ChatMute[], { userId: string }>(() => mutes()),
      takeBreak: fromPromise<ChatBreakAnswer, BreakInput>(({ input }) => takeBreak(input)),
      unmute: fromPromise<unknown, Pair>(() => unmute()),
      loadRest: fromPromise<ChatRest, Pair>(() => rest()),
      headOff: fromPromise<{ message: ChatMessage; rest: ChatRest }, HeadOffInput>(({ input }) => headOff(input)),
      wakeChat: fromPromise<ChatRest, Pair>(() => wake()),
    },
    actions: { logFailure: () => {} },
  });
  const t = asChild(machine, { user: ada, partner: opts.person ?? sam, eventId });
  const snap = () => t.child.getSnapshot();
  const queued = () => t.received.filter((e) => e.type === 'outbox.queued').map((e) => (e as unknown as { message: unknown }).message);
  return { ...t, history, breakers, partner, block, mutes, takeBreak, unmute, rest, headOff, wake, snap, queued };
}

describe('chatMachine: history and ice breakers', () => {
  it('loads the history oldest first and the ice breakers for the partner', async () => {
    const page = [msg(), msg({ from_user: ada.id, to_user: sam.id })];
    const t = start({ history: async () => page });
    expect(selectHistoryStatus(t.snap())).toBe('loading');
    await flush();
    expect(t.history).toHaveBeenCalledWith({ userId: ada.id, otherId: sam.id });
    expect(t.snap().context.messages).toEqual(page);
    expect(t.snap().context.iceBreakers).toEqual([breaker]);
    expect(t.snap().context.hasOlder).toBe(false);
  });

  it('loads older messages before the first one on demand, when the first page was full', async () => {
    const older = Array.from({ length: 3 }, () => msg());
    const latest = Array.from({ length: CHAT_PAGE }, () => msg());
    const t = start({ history: async (i) => (i.before ? older : latest) });
    await flush();
    expect(t.snap().context.hasOlder).toBe(true);
    t.child.send({ type: 'chat.olderRequested' });
    expect(selectHistoryStatus(t.snap())).toBe('loadingOlder');
    await flush();
    expect(t.history).toHaveBeenLastCalledWith({ userId: ada.id, otherId: sam.id, before: latest[0]!.id });
    expect(t.snap().context.messages.map((m) => m.id)).toEqual([...older, ...latest].map((m) => m.id));
    expect(t.snap().context.hasOlder).toBe(false);
    t.child.send({ type: 'chat.olderRequested' });
    expect(t.history).toHaveBeenCalledTimes(2);
  });

  it('only logs a failed load, and loads again on request', async () => {
    let fail = true;
    const t = start({
      history: async () => {
        if (fail) throw new ApiError(500, null);
        return [msg()];
      },
    });
    await flush();
    expect(selectHistoryStatus(t.snap())).toBe('failed');
    expect(t.received).toEqual([]);
    fail = false;
    t.child.send({ type: 'chat.reloaded' });
    await flush();
    expect(t.snap().context.messages).toHaveLength(1);
  });

  it('reloads after the live channel reconnects, merging what was missed', async () => {
    const first = msg();
    const missed = msg();
    const pages = [[first], [first, missed]];
    const t = start({ history: async () => pages.shift()! });
    await flush();
    t.child.send({ type: 'live.reconnected' });
    await flush();
    expect(t.snap().context.messages).toEqual([first, missed]);
  });
});

describe('chatMachine: sending (SPEC 5)', () => {
  it('sends the typed text through the outbox and clears the input', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'chat.draftChanged', draft: '  Hi Sam!  ' });
    t.child.send({ type: 'chat.submitted' });
    expect(t.queued()).toEqual([{ to_user: sam.id, message: '  Hi Sam!  ', message_type: 'text', ice_breaker_id: null, event_id: eventId }]);
    expect(t.snap().context.draft).toBe('');
  });

  it.each([[''], ['   '], ['\n\t ']])('does not send %j and keeps what was typed', (draft) => {
    const t = start();
    t.child.send({ type: 'chat.draftChanged', draft });
    t.child.send({ type: 'chat.submitted' });
    expect(t.queued()).toEqual([]);
    expect(t.snap().context.draft).toBe(draft);
    expect(isSendable(draft)).toBe(false);
  });

  it('sends an ice breaker as its suggestion, of type ice_breaker with its id', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'chat.draftChanged', draft: 'half typed' });
    t.child.send({ type: 'chat.iceBreakerChosen', iceBreakerId: breaker.id, text: breaker.suggestion_text });
    expect(t.queued()).toEqual([
      { to_user: sam.id, message: breaker.suggestion_text, message_type: 'ice_breaker', ice_breaker_id: breaker.id, event_id: eventId },
    ]);
    // The draft is the person's own words: an ice breaker leaves it alone.
    expect(t.snap().context.draft).toBe('half typed');
  });

  it('ignores an ice breaker it does not know', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'chat.iceBreakerChosen', iceBreakerId: 'b0000000-0000-4000-8000-00000000ffff', text: 'Hello' });
    expect(t.queued()).toEqual([]);
  });
});

describe('chatMachine: messages arriving', () => {
  it('appends a live message from the partner in place, once even if it comes twice', async () => {
    const t = start({ history: async () => [msg()] });
    await flush();
    const live = msg();
    t.child.send({ type: 'live.new_message', message: live });
    t.child.send({ type: 'live.new_message', message: live });
    expect(t.snap().context.messages.map((m) => m.id).filter((id) => id === live.id)).toHaveLength(1);
    expect(t.snap().context.messages.at(-1)).toEqual(live);
  });

  it('merges the outbox answer and the live echo of the same message into one', async () => {
    const t = start();
    await flush();
    const mine = msg({ from_user: ada.id, to_user: sam.id, client_id: 'client-1' });
    t.child.send({ type: 'outbox.sent', clientId: 'client-1', message: mine });
    t.child.send({ type: 'live.new_message', message: mine });
    expect(t.snap().context.messages).toEqual([mine]);
  });

  it('leaves out messages between other people', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'live.new_message', message: msg({ from_user: 'a0000000-0000-4000-8000-0000000000cc' }) });
    expect(t.snap().context.messages).toEqual([]);
  });

  it('orders by time whatever the arrival order', () => {
    const a = msg();
    const b = msg();
    expect(mergeById([b], [a])).toEqual([a, b]);
  });
});

describe('chatLines: the history and the outbox as one conversation', () => {
  const pendingTo = (clientId: string, message: string, overrides: Partial<PendingMessage> = {}): PendingMessage => ({
    clientId,
    to_user: sam.id,
    message,
    message_type: 'text',
    ice_breaker_id: null,
    event_id: null,
    ...overrides,
  });

  it('shows the history oldest first, each line marked mine or theirs, with its time', () => {
    const theirs = msg();
    const mine = msg({ from_user: ada.id, to_user: sam.id, message_type: 'ice_breaker', ice_breaker_id: breaker.id });
    expect(chatLines({ messages: [theirs, mine], pending: [], me: ada.id, waiting: false })).toEqual([
      { key: theirs.id, mine: false, text: theirs.message, time: theirs.timestamp, iceBreaker: false, pending: null },
      { key: mine.id, mine: true, text: mine.message, time: mine.timestamp, iceBreaker: true, pending: null },
    ]);
  });

  it('puts the messages still in the outbox after the history, in the order written, without a time', () => {
    const history = [msg()];
    const lines = chatLines({
      messages: history,
      pending: [pendingTo('c1', 'first'), pendingTo('c2', 'second', { message_type: 'ice_breaker', ice_breaker_id: breaker.id })],
      me: ada.id,
      waiting: false,
    });
    expect(lines.map((l) => l.key)).toEqual([history[0]!.id, 'c1', 'c2']);
    expect(lines.slice(1)).toEqual([
      { key: 'c1', mine: true, text: 'first', time: null, iceBreaker: false, pending: 'sending' },
      { key: 'c2', mine: true, text: 'second', time: null, iceBreaker: true, pending: 'sending' },
    ]);
  });

  it('marks them as waiting while the outbox waits for the connection', () => {
    const lines = chatLines({ messages: [], pending: [pendingTo('c1', 'hello')], me: ada.id, waiting: true });
    expect(lines.map((l) => l.pending)).toEqual(['waiting']);
  });

  it('shows a message once when the history already holds it (an earlier try got through)', () => {
    const delivered = msg({ from_user: ada.id, to_user: sam.id, message: 'hello', client_id: 'c1' });
    const lines = chatLines({ messages: [delivered], pending: [pendingTo('c1', 'hello'), pendingTo('c2', 'still going')], me: ada.id, waiting: false });
    expect(lines.map((l) => [l.key, l.pending])).toEqual([
      [delivered.id, null],
      ['c2', 'sending'],
    ]);
  });

  it('shows refused messages after the history and before those still sending, marked refused', () => {
    const history = [msg()];
    const lines = chatLines({ messages: history, pending: [pendingTo('c2', 'second')], refused: [pendingTo('c1', 'first')], me: ada.id, waiting: false });
    expect(lines.map((l) => [l.key, l.pending])).toEqual([
      [history[0]!.id, null],
      ['c1', 'refused'],
      ['c2', 'sending'],
    ]);
  });

  it('is empty for an empty conversation with nothing pending', () => {
    expect(chatLines({ messages: [], pending: [], me: ada.id, waiting: true })).toEqual([]);
  });
});

describe('chatMachine: who may write (issue 16)', () => {
  it('asks whether the partner takes messages, and offers the input while it asks and when they do', async () => {
    const answer = deferred<ChatPartner>();
    const t = start({ partner: () => answer.promise });
    expect(t.partner).toHaveBeenCalledTimes(1);
    expect(selectWriteClosed(t.snap())).toBe(false);
    answer.resolve({ ...sam, can_message: true });
    await flush();
    expect(t.snap().matches({ open: { permission: 'open' } })).toBe(true);
    expect(selectWriteClosed(t.snap())).toBe(false);
  });

  it('is closed when the partner answers can_message false', async () => {
    const t = start({ partner: async () => ({ ...sam, can_message: false }) });
    await flush();
    expect(selectWriteClosed(t.snap())).toBe(true);
    // The history stays readable.
    expect(t.snap().matches({ open: { history: 'ready' } })).toBe(true);
  });

  it('stays open when the question gets no answer: the server decides as a message is sent', async () => {
    const t = start({ partner: async () => Promise.reject(new TypeError('Failed to fetch')) });
    await flush();
    expect(t.snap().matches({ open: { permission: 'open' } })).toBe(true);
  });
});

describe('chatMachine: Block in the chat (issue 16)', () => {
  it('asks first: answering no blocks nobody, and the chat goes on', async () => {
    const t = start({ history: async () => [msg()] });
    await flush();
    expect(selectBlockStep(t.snap())).toBe('idle');
    t.child.send({ type: 'chat.blockRequested' });
    expect(selectBlockStep(t.snap())).toBe('confirming');
    t.child.send({ type: 'chat.blockCancelled' });
    expect(selectBlockStep(t.snap())).toBe('idle');
    await flush();
    expect(t.block).not.toHaveBeenCalled();
    t.child.send({ type: 'chat.draftChanged', draft: 'Still here' });
    t.child.send({ type: 'chat.submitted' });
    expect(t.queued()).toHaveLength(1);
    expect(t.received.map((e) => e.type)).toEqual(['outbox.queued']);
  });

  it('blocks once confirmed, tells the root, and keeps the conversation on screen, read-only', async () => {
    const page = Array.from({ length: CHAT_PAGE }, () => msg());
    const answer = deferred<unknown>();
    const t = start({ history: async () => page, block: () => answer.promise });
    await flush();
    expect(selectHasOlder(t.snap())).toBe(true);
    t.child.send({ type: 'chat.draftChanged', draft: 'half a thought' });
    t.child.send({ type: 'chat.blockRequested' });
    t.child.send({ type: 'chat.blockConfirmed' });
    expect(selectBlockStep(t.snap())).toBe('blocking');
    expect(t.block).toHaveBeenCalledWith({ userId: ada.id, blockedId: sam.id });
    answer.resolve({ success: true });
    await flush();

    expect(selectBlockStep(t.snap())).toBe('blocked');
    expect(t.received).toEqual([{ type: 'chat.blocked', userId: sam.id }]);
    // The messages stay as they were; nothing more loads (the server no longer shows the two to each other).
    expect(t.snap().context.messages).toEqual(page);
    expect(selectHistoryStatus(t.snap())).toBe('ready');
    expect(selectHasOlder(t.snap())).toBe(false);
    expect(t.snap().context.draft).toBe('');
    t.child.send({ type: 'chat.olderRequested' });
    t.child.send({ type: 'chat.reloaded' });
    t.child.send({ type: 'live.reconnected' });
    await flush();
    expect(t.history).toHaveBeenCalledTimes(1);
    expect(t.snap().context.messages).toEqual(page);
    // Nothing more is written to them.
    t.child.send({ type: 'chat.draftChanged', draft: 'Sorry?' });
    t.child.send({ type: 'chat.submitted' });
    t.child.send({ type: 'chat.iceBreakerChosen', iceBreakerId: breaker.id, text: breaker.suggestion_text });
    expect(t.queued()).toEqual([]);
    expect(t.snap().context.draft).toBe('');
    // Block is not offered twice.
    t.child.send({ type: 'chat.blockRequested' });
    expect(selectBlockStep(t.snap())).toBe('blocked');
  });

  it('still shows a message of hers the server stored before the block', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'chat.blockRequested' });
    t.child.send({ type: 'chat.blockConfirmed' });
    await flush();
    const late = msg({ from_user: ada.id, to_user: sam.id, client_id: 'client-1' });
    t.child.send({ type: 'outbox.sent', clientId: 'client-1', message: late });
    expect(t.snap().context.messages).toEqual([late]);
  });

  it('says so in the banner when the block does not go through, and offers Block again', async () => {
    const t = start({
      block: async () => {
        throw new ApiError(500, null);
      },
    });
    await flush();
    t.child.send({ type: 'chat.blockRequested' });
    t.child.send({ type: 'chat.blockConfirmed' });
    await flush();
    expect(selectBlockStep(t.snap())).toBe('idle');
    expect(t.received).toEqual([{ type: 'error.show', message: blockFailedMessage('Sam Reed') }]);
    t.child.send({ type: 'chat.draftChanged', draft: 'Hi' });
    t.child.send({ type: 'chat.submitted' });
    expect(t.queued()).toHaveLength(1);
  });

  it('names an anonymous person as the chat does when their block fails', async () => {
    const t = start({
      person: { ...sam, is_anonymous: true },
      block: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    t.child.send({ type: 'chat.blockRequested' });
    t.child.send({ type: 'chat.blockConfirmed' });
    await flush();
    expect(t.received).toEqual([{ type: 'error.show', message: blockFailedMessage('Anonymous attendee') }]);
  });

  it('reports a lost session instead of a failed block', async () => {
    const t = start({
      block: async () => {
        throw new ApiError(401, 'Not signed in');
      },
    });
    await flush();
    t.child.send({ type: 'chat.blockRequested' });
    t.child.send({ type: 'chat.blockConfirmed' });
    await flush();
    expect(t.received.map((e) => e.type)).toEqual(['session.expired']);
    expect(selectBlockStep(t.snap())).toBe('idle');
  });
});

describe('chatMachine: "I need a break" (issue 18)', () => {
  it('opens the sheet, sends the chosen line and length, shows the calm screen, and the chat is muted', async () => {
    const t = start();
    await flush();
    expect(selectMutedUntil(t.snap())).toBeNull();
    t.child.send({ type: 'exit.opened' });
    expect(selectExitStep(t.snap())).toBe('choosing');
    t.child.send({ type: 'exit.lineChosen', lineId: 'later' });
    t.child.send({ type: 'exit.lengthChosen', minutes: 180 });
    const answer = deferred<ChatBreakAnswer>();
    t.takeBreak.mockImplementationOnce(() => answer.promise);
    t.child.send({ type: 'exit.submitted' });
    expect(selectExitStep(t.snap())).toBe('sending');
    expect(t.takeBreak).toHaveBeenCalledWith({ userId: ada.id, otherId: sam.id, lineId: 'later', minutes: 180, eventId });
    const done = breakAnswer({ userId: ada.id, otherId: sam.id, lineId: 'later', minutes: 180, eventId });
    answer.resolve(done);
    await flush();
    expect(selectExitStep(t.snap())).toBe('calm');
    expect(t.snap().context.sentLine).toBe(CLOSING_LINES.find((l) => l.id === 'later')!.text);
    expect(selectMutedUntil(t.snap())).toBe(done.muted_until);
    // The line is in the conversation as any message of Ada's; nothing went through the outbox.
    expect(t.snap().context.messages).toEqual([done.message]);
    expect(t.queued()).toEqual([]);
    // Back to the chat: the calm screen closes, the mute stays.
    t.child.send({ type: 'exit.calmClosed' });
    expect(selectExitStep(t.snap())).toBe('idle');
    expect(selectMutedUntil(t.snap())).toBe(done.muted_until);
  });

  it('Cancel closes the sheet and sends nothing', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'exit.opened' });
    t.child.send({ type: 'exit.cancelled' });
    t.child.send({ type: 'exit.submitted' });
    expect(selectExitStep(t.snap())).toBe('idle');
    expect(t.takeBreak).not.toHaveBeenCalled();
  });

  it("a refusal is said in the sheet in the server's words, the choice is kept, and Send tries again", async () => {
    let refuse: Error | null = new ApiError(429, 'Messages are coming too fast.');
    const t = start({
      takeBreak: async (i) => {
        if (refuse) throw refuse;
        return breakAnswer(i);
      },
    });
    await flush();
    t.child.send({ type: 'exit.opened' });
    t.child.send({ type: 'exit.lineChosen', lineId: 'quiet' });
    t.child.send({ type: 'exit.submitted' });
    await flush();
    expect(selectExitStep(t.snap())).toBe('choosing');
    expect(english(t.snap().context.exitError)).toBe(english('Messages are coming too fast.'));
    expect(t.snap().context.exitChoice.lineId).toBe('quiet');
    expect(selectMutedUntil(t.snap())).toBeNull();
    // No detail from the server (offline): the calm general line.
    refuse = new TypeError('Failed to fetch');
    t.child.send({ type: 'exit.submitted' });
    await flush();
    expect(english(t.snap().context.exitError)).toBe(EXIT_WORDS.sendFailed.message);
    refuse = null;
    t.child.send({ type: 'exit.submitted' });
    await flush();
    expect(selectExitStep(t.snap())).toBe('calm');
    expect(t.snap().context.exitError).toBeNull();
    expect(t.takeBreak).toHaveBeenLastCalledWith(expect.objectContaining({ lineId: 'quiet' }));
  });

  it('a lost session while sending is told to the root', async () => {
    const t = start({ takeBreak: async () => Promise.reject(new ApiError(401, 'Not logged in')) });
    await flush();
    t.child.send({ type: 'exit.opened' });
    t.child.send({ type: 'exit.submitted' });
    await flush();
    expect(t.types()).toContain('session.expired');
    expect(selectExitStep(t.snap())).toBe('choosing');
  });

  it("reads whether this chat is muted as it opens (another person's mute does not count)", async () => {
    const until = new Date(Date.now() + 20 * MINUTE).toISOString();
    const t = start({
      mutes: async () => [
        { user_id: 'a0000000-0000-4000-8000-0000000000ff', until: new Date(Date.now() + 5 * MINUTE).toISOString() },
        { user_id: sam.id, until },
      ],
    });
    await flush();
    expect(t.mutes).toHaveBeenCalled();
    expect(selectMutedUntil(t.snap())).toBe(until);
  });

  it('reads the mute again after the live channel reconnects (it may have ended on another device)', async () => {
    const answers: ChatMute[][] = [[{ user_id: sam.id, until: new Date(Date.now() + 20 * MINUTE).toISOString() }], []];
    const t = start({ mutes: async () => answers.shift()! });
    await flush();
    expect(selectMutedUntil(t.snap())).not.toBeNull();
    t.child.send({ type: 'live.reconnected' });
    await flush();
    expect(t.mutes).toHaveBeenCalledTimes(2);
    expect(selectMutedUntil(t.snap())).toBeNull();
  });

  it('a mute already over on the device is no mute; a failed read shows none', async () => {
    const past = start({ mutes: async () => [{ user_id: sam.id, until: new Date(Date.now() - 1).toISOString() }] });
    await flush();
    expect(selectMutedUntil(past.snap())).toBeNull();
    const failed = start({ mutes: async () => Promise.reject(new ApiError(500, null)) });
    await flush();
    expect(selectMutedUntil(failed.snap())).toBeNull();
  });

  it('the mute ends on its own clock', async () => {
    const t = start({ mutes: async () => [{ user_id: sam.id, until: new Date(Date.now() + 30 * MINUTE).toISOString() }] });
    await flush();
    expect(selectMutedUntil(t.snap())).not.toBeNull();
    t.clock.increment(29 * MINUTE);
    expect(selectMutedUntil(t.snap())).not.toBeNull();
    t.clock.increment(MINUTE + 1000);
    expect(selectMutedUntil(t.snap())).toBeNull();
  });

  it('Unmute ends the mute; a 404 (already over) counts as done; another failure says so and keeps it', async () => {
    const until = new Date(Date.now() + 60 * MINUTE).toISOString();
    let fail: ApiError | null = new ApiError(500, null);
    const t = start({
      mutes: async () => [{ user_id: sam.id, until }],
      unmute: async () => {
        if (fail) throw fail;
        return { success: true };
      },
    });
    await flush();
    t.child.send({ type: 'exit.unmuteRequested' });
    expect(selectUnmuting(t.snap())).toBe(true);
    await flush();
    expect(selectMutedUntil(t.snap())).toBe(until);
    expect(english(t.snap().context.exitError)).toBe(english(EXIT_WORDS.unmuteFailed.message));
    fail = new ApiError(404, 'This chat is not muted.');
    t.child.send({ type: 'exit.unmuteRequested' });
    expect(t.snap().context.exitError).toBeNull();
    await flush();
    expect(selectMutedUntil(t.snap())).toBeNull();
    expect(t.unmute).toHaveBeenCalledTimes(2);
    // Not muted: nothing to unmute.
    t.child.send({ type: 'exit.unmuteRequested' });
    expect(t.unmute).toHaveBeenCalledTimes(2);
  });

  it('Unmute now on the calm screen: the chat is loud again and the calm screen stays until left', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'exit.opened' });
    t.child.send({ type: 'exit.submitted' });
    await flush();
    expect(selectExitStep(t.snap())).toBe('calm');
    t.child.send({ type: 'exit.unmuteRequested' });
    await flush();
    expect(t.unmute).toHaveBeenCalledTimes(1);
    expect(selectMutedUntil(t.snap())).toBeNull();
    expect(selectExitStep(t.snap())).toBe('calm');
  });

  it('a second break restarts the mute’s clock with the new end', async () => {
    const t = start({ mutes: async () => [{ user_id: sam.id, until: new Date(Date.now() + 30 * MINUTE).toISOString() }] });
    await flush();
    t.child.send({ type: 'exit.opened' });
    t.child.send({ type: 'exit.lengthChosen', minutes: 180 });
    t.child.send({ type: 'exit.submitted' });
    await flush();
    t.clock.increment(31 * MINUTE);
    expect(selectMutedUntil(t.snap())).not.toBeNull();
    t.clock.increment(150 * MINUTE);
    expect(selectMutedUntil(t.snap())).toBeNull();
  });
});

describe('chatMachine: "I\'m heading off" (issue 43)', () => {
  it('one tap sends the line in the language shown, and the chat rests for both; Wake ends it', async () => {
    const t = start();
    await flush();
    expect(selectRestStep(t.snap())).toBe('awake');
    t.child.send({ type: 'rest.opened' });
    expect(selectRestStep(t.snap())).toBe('choosing');
    t.child.send({ type: 'rest.lineChosen', lineId: 'glad', language: 'de' });
    expect(selectRestStep(t.snap())).toBe('sending');
    expect(t.headOff).toHaveBeenCalledWith({ userId: ada.id, otherId: sam.id, lineId: 'glad', language: 'de', eventId });
    await flush();
    expect(selectRestStep(t.snap())).toBe('resting');
    expect(t.snap().context.rest).toEqual({ resting: true, byMe: true });
    expect(t.snap().context.messages.map((m) => m.message)).toEqual(['glad']);
    expect(t.queued()).toEqual([]);
    t.child.send({ type: 'rest.wakeRequested' });
    expect(selectRestStep(t.snap())).toBe('waking');
    await flush();
    expect(selectRestStep(t.snap())).toBe('awake');
  });

  it('opens resting when the server says so, and follows chat_rest live for this chat only', async () => {
    const t = start({ rest: async () => ({ resting: true, by_me: false, since: '2030-05-01T18:00:00.000Z' }) });
    await flush();
    expect(selectRestStep(t.snap())).toBe('resting');
    t.child.send({ type: 'live.chat_rest', user_id: 'someone-else', resting: false, by_me: false });
    expect(selectRestStep(t.snap())).toBe('resting');
    t.child.send({ type: 'live.chat_rest', user_id: sam.id, resting: false, by_me: false });
    expect(selectRestStep(t.snap())).toBe('awake');
    t.child.send({ type: 'live.chat_rest', user_id: sam.id, resting: true, by_me: false });
    expect(selectRestStep(t.snap())).toBe('resting');
    expect(t.snap().context.rest).toEqual({ resting: true, byMe: false });
  });

  it('a refusal is said in the sheet, which stays open; Not now closes it', async () => {
    const t = start({ headOff: async () => Promise.reject(new ApiError(429, 'Messages are coming too fast.')) });
    await flush();
    t.child.send({ type: 'rest.opened' });
    t.child.send({ type: 'rest.lineChosen', lineId: 'lovely', language: 'en' });
    await flush();
    expect(selectRestStep(t.snap())).toBe('choosing');
    expect(english(t.snap().context.restError)).toBe('Messages are coming too fast.');
    t.child.send({ type: 'rest.cancelled' });
    expect(selectRestStep(t.snap())).toBe('awake');
  });

  it('a wake the other person made first counts as done; another failure is said', async () => {
    const t = start({ rest: async () => RESTING_BY_ME, wake: async () => Promise.reject(new ApiError(404, 'This chat is not resting.')) });
    await flush();
    t.child.send({ type: 'rest.wakeRequested' });
    await flush();
    expect(selectRestStep(t.snap())).toBe('awake');
    const u = start({ rest: async () => RESTING_BY_ME, wake: async () => Promise.reject(new Error('offline')) });
    await flush();
    u.child.send({ type: 'rest.wakeRequested' });
    await flush();
    expect(selectRestStep(u.snap())).toBe('resting');
    expect(u.snap().context.restError).toEqual(KIND_ENDING_WORDS.failed);
  });
});
