/** conversations: the Chats inbox's list and unread total, quiet coalesced refreshes, read markers. */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Conversation, ConversationReadBody, ConversationsAnswer } from '../../../contract/social';
import { ApiError } from '../../../machines/api/client';
import {
  conversationsMachine,
  selectConversations,
  selectConversationsStatus,
  selectUnreadTotal,
} from '../../../machines/chat/conversations.machine';
import { ada } from '../app.fakes';
import { sam, sampleChat } from '../connections.fakes';
import { asChild, deferred, flush } from '../discovery.fakes';
import { writtenTitle } from '../../said';

const GROUP_ID = 'a0000000-0000-4000-8000-000000000001';
const EVENT_ID = 'e0000000-0000-4000-8000-000000000001';

const direct = (unread: number, overrides: Partial<Conversation> = {}): Conversation => ({
  kind: 'direct',
  id: sam.id,
  ...writtenTitle(sam.name),
  partner: sam,
  event_id: null,
  last_message: { message: 'Hi Ada', from_name: sam.name, timestamp: '2030-05-01T18:00:00.000Z' },
  unread,
  ...overrides,
});

const group = (unread: number): Conversation => ({
  kind: 'group',
  id: GROUP_ID,
  ...writtenTitle('Book lovers'),
  partner: null,
  event_id: EVENT_ID,
  last_message: { message: 'See you at the shelf', from_name: 'Kim', timestamp: '2030-05-01T17:00:00.000Z' },
  unread,
});

const answer = (...conversations: Conversation[]): ConversationsAnswer => ({
  conversations,
  unread_total: conversations.reduce((sum, c) => sum + c.unread, 0),
});

const groupMessage = (from_user: string | null) => ({
  id: 'b0000000-0000-4000-8000-000000000001',
  group_id: GROUP_ID,
  from_user,
  from_name: 'Kim',
  message: 'Hello all',
  timestamp: '2030-05-01T18:05:00.000Z',
});

type ReadAnswer = { success: true; unread_total: number };

function start(
  load: () => Promise<ConversationsAnswer>,
  mark: (body: ConversationReadBody) => Promise<ReadAnswer> = async () => ({ success: true, unread_total: 0 }),
) {
  const loads = vi.fn(load);
  const marks = vi.fn(mark);
  const failures = vi.fn();
  const machine = conversationsMachine.provide({
    actors: {
      loadConversations: fromPromise<ConversationsAnswer, { userId: string }>(() => loads()),
      markRead: fromPromise<ReadAnswer, { userId: string; body: ConversationReadBody }>(({ input }) => marks(input.body)),
    },
    actions: { logFailure: failures },
  });
  const t = asChild(machine, { userId: ada.id });
  return { ...t, loads, marks, failures, snap: () => t.child.getSnapshot() };
}

describe('conversationsMachine', () => {
  it('loads at once and keeps the list and the unread total', async () => {
    const t = start(async () => answer(direct(2), group(1)));
    expect(selectConversationsStatus(t.snap())).toBe('loading');
    await flush();
    expect(selectConversationsStatus(t.snap())).toBe('ready');
    expect(selectConversations(t.snap()).map((c) => c.title)).toEqual([sam.name, 'Book lovers']);
    expect(selectUnreadTotal(t.snap())).toBe(3);
  });

  it('fails calmly (only logged) and loads again when asked', async () => {
    let fail = true;
    const t = start(async () => {
      if (fail) throw new ApiError(500, null);
      return answer(direct(1));
    });
    await flush();
    expect(selectConversationsStatus(t.snap())).toBe('failed');
    expect(t.failures).toHaveBeenCalledTimes(1);
    expect(t.received).toEqual([]);
    fail = false;
    t.child.send({ type: 'conversations.reloaded' });
    await flush();
    expect(selectConversationsStatus(t.snap())).toBe('ready');
    expect(selectUnreadTotal(t.snap())).toBe(1);
  });

  it('updates a listed conversation in place on a message from someone else: last line, one more unread, first', async () => {
    const t = start(async () => answer(group(0), direct(0)));
    await flush();
    t.child.send({
      type: 'live.new_message',
      message: sampleChat({ message: 'Are you near the stage?', timestamp: '2030-05-01T18:05:00.000Z' }),
    });
    t.child.send({ type: 'live.new_message', message: sampleChat({ message: 'I am by the coffee' }) });
    expect(t.loads).toHaveBeenCalledTimes(1);
    expect(selectConversations(t.snap()).map((c) => c.title)).toEqual([sam.name, 'Book lovers']);
    expect(selectConversations(t.snap())[0]).toMatchObject({ unread: 2, last_message: { message: 'I am by the coffee', from_name: sam.name } });
    expect(selectUnreadTotal(t.snap())).toBe(2);
    t.child.send({ type: 'live.group_message', message: groupMessage(null) });
    expect(selectConversations(t.snap()).map((c) => `${c.title} ${c.unread} ${c.last_message?.from_name}`)).toEqual([
      'Book lovers 1 Kim',
      `${sam.name} 2 ${sam.name}`,
    ]);
    expect(selectUnreadTotal(t.snap())).toBe(3);
    expect(t.loads).toHaveBeenCalledTimes(1);
  });

  it('shows the reader’s own message as the last line, from You, without an unread or a load', async () => {
    const t = start(async () => answer(direct(1), group(0)));
    await flush();
    t.child.send({ type: 'live.group_message', message: groupMessage(ada.id) });
    t.child.send({ type: 'live.new_message', message: sampleChat({ from_user: ada.id, to_user: sam.id, message: 'On my way' }) });
    expect(selectConversations(t.snap()).map((c) => `${c.title} ${c.unread} ${c.last_message?.from_name}: ${c.last_message?.message}`)).toEqual([
      `${sam.name} 1 You: On my way`,
      'Book lovers 0 You: Hello all',
    ]);
    expect(selectUnreadTotal(t.snap())).toBe(1);
    expect(t.loads).toHaveBeenCalledTimes(1);
  });

  it('refreshes quietly on a message to a conversation not listed, keeping the list shown', async () => {
    const next = deferred<ConversationsAnswer>();
    let calls = 0;
    const t = start(() => (++calls === 1 ? Promise.resolve(answer(group(0))) : next.promise));
    await flush();
    t.child.send({ type: 'live.new_message', message: sampleChat({ from_user: sam.id, to_user: ada.id }) });
    expect(t.loads).toHaveBeenCalledTimes(2);
    expect(selectConversationsStatus(t.snap())).toBe('ready');
    expect(selectConversations(t.snap())).toHaveLength(1);
    next.resolve(answer(direct(1, { last_message: { message: 'Are you near the stage?', from_name: sam.name, timestamp: '2030-05-01T18:05:00.000Z' } }), group(0)));
    await flush();
    expect(selectConversations(t.snap())[0]!.last_message!.message).toBe('Are you near the stage?');
    expect(selectUnreadTotal(t.snap())).toBe(1);
  });

  it('does not load for the reader’s own messages to conversations not listed', async () => {
    const t = start(async () => answer());
    await flush();
    t.child.send({ type: 'live.new_message', message: sampleChat({ from_user: ada.id, to_user: sam.id }) });
    t.child.send({ type: 'live.group_message', message: groupMessage(ada.id) });
    await flush();
    expect(t.loads).toHaveBeenCalledTimes(1);
  });

  it('refreshes on a group message from someone else to a chat not listed, even an anonymous one, and after a reconnect', async () => {
    const t = start(async () => answer(direct(0)));
    await flush();
    t.child.send({ type: 'live.group_message', message: groupMessage(null) });
    await flush();
    expect(t.loads).toHaveBeenCalledTimes(2);
    t.child.send({ type: 'live.reconnected' });
    await flush();
    expect(t.loads).toHaveBeenCalledTimes(3);
  });

  it('coalesces a burst: one load at a time, and one more after it when asked meanwhile', async () => {
    const answers = [deferred<ConversationsAnswer>(), deferred<ConversationsAnswer>(), deferred<ConversationsAnswer>()];
    let calls = 0;
    const t = start(async () => answer());
    await flush();
    t.loads.mockImplementation(() => answers[calls++]!.promise);
    for (let i = 0; i < 5; i++) t.child.send({ type: 'live.new_message', message: sampleChat() });
    t.child.send({ type: 'live.group_message', message: groupMessage(null) });
    expect(t.loads).toHaveBeenCalledTimes(2);
    answers[0]!.resolve(answer(direct(3)));
    await flush();
    expect(t.loads).toHaveBeenCalledTimes(3);
    answers[1]!.resolve(answer(direct(6)));
    await flush();
    expect(t.loads).toHaveBeenCalledTimes(3);
    expect(selectUnreadTotal(t.snap())).toBe(6);
  });

  it('loads once more after the first load when a message came while it ran', async () => {
    const first = deferred<ConversationsAnswer>();
    const t = start(() => first.promise);
    t.child.send({ type: 'live.new_message', message: sampleChat() });
    t.child.send({ type: 'live.new_message', message: sampleChat() });
    expect(t.loads).toHaveBeenCalledTimes(1);
    t.loads.mockImplementation(async () => answer(direct(2)));
    first.resolve(answer(direct(1)));
    await flush();
    await flush();
    expect(t.loads).toHaveBeenCalledTimes(2);
    expect(selectUnreadTotal(t.snap())).toBe(2);
  });

  it('keeps the list when a quiet refresh fails (only logged)', async () => {
    const t = start(async () => answer(direct(2)));
    await flush();
    t.loads.mockImplementation(async () => {
      throw new ApiError(0, null);
    });
    t.child.send({ type: 'conversations.reloaded' });
    await flush();
    expect(selectConversationsStatus(t.snap())).toBe('ready');
    expect(selectUnreadTotal(t.snap())).toBe(2);
    expect(t.failures).toHaveBeenCalledTimes(1);
    expect(t.received).toEqual([]);
  });

  it('marks a conversation read at once, then takes the server’s total', async () => {
    const read = deferred<ReadAnswer>();
    const t = start(async () => answer(direct(2), group(3)), () => read.promise);
    await flush();
    t.child.send({ type: 'conversation.read', kind: 'direct', id: sam.id });
    expect(selectConversations(t.snap()).map((c) => c.unread)).toEqual([0, 3]);
    expect(selectUnreadTotal(t.snap())).toBe(3);
    expect(t.marks).toHaveBeenCalledWith({ kind: 'direct', id: sam.id });
    // Another message of the group arrived on the server meanwhile: its total is the truth.
    read.resolve({ success: true, unread_total: 4 });
    await flush();
    expect(selectUnreadTotal(t.snap())).toBe(4);
  });

  it('sends markers one at a time in the order asked, and one more for a chat still open', async () => {
    const reads = [deferred<ReadAnswer>(), deferred<ReadAnswer>(), deferred<ReadAnswer>()];
    let calls = 0;
    const t = start(async () => answer(direct(1), group(1)), () => reads[calls++]!.promise);
    await flush();
    t.child.send({ type: 'conversation.read', kind: 'direct', id: sam.id });
    t.child.send({ type: 'conversation.read', kind: 'group', id: GROUP_ID });
    t.child.send({ type: 'conversation.read', kind: 'direct', id: sam.id });
    t.child.send({ type: 'conversation.read', kind: 'direct', id: sam.id });
    expect(t.marks).toHaveBeenCalledTimes(1);
    expect(selectUnreadTotal(t.snap())).toBe(0);
    // A total while others wait is not final: the later answers carry it.
    reads[0]!.resolve({ success: true, unread_total: 1 });
    await flush();
    expect(selectUnreadTotal(t.snap())).toBe(0);
    reads[1]!.resolve({ success: true, unread_total: 0 });
    await flush();
    reads[2]!.resolve({ success: true, unread_total: 0 });
    await flush();
    expect(t.marks.mock.calls.map(([b]) => `${b.kind}:${b.id}`)).toEqual([`direct:${sam.id}`, `group:${GROUP_ID}`, `direct:${sam.id}`]);
    expect(selectUnreadTotal(t.snap())).toBe(0);
  });

  it('keeps a conversation read when a load that began before its marker lands after it', async () => {
    const refresh = deferred<ConversationsAnswer>();
    const t = start(async () => answer(direct(1)));
    await flush();
    t.loads.mockImplementation(() => refresh.promise);
    t.child.send({ type: 'conversations.reloaded' });
    t.child.send({ type: 'conversation.read', kind: 'direct', id: sam.id });
    await flush();
    refresh.resolve(answer(direct(2), group(1)));
    await flush();
    expect(selectConversations(t.snap()).map((c) => c.unread)).toEqual([0, 1]);
    expect(selectUnreadTotal(t.snap())).toBe(1);
  });

  it('only logs a marker that fails, leaving the count at zero, and goes on with the next', async () => {
    let calls = 0;
    const t = start(
      async () => answer(direct(2), group(1)),
      async () => {
        if (++calls === 1) throw new ApiError(500, null);
        return { success: true, unread_total: 0 };
      },
    );
    await flush();
    t.child.send({ type: 'conversation.read', kind: 'direct', id: sam.id });
    t.child.send({ type: 'conversation.read', kind: 'group', id: GROUP_ID });
    await flush();
    await flush();
    expect(t.marks).toHaveBeenCalledTimes(2);
    expect(t.failures).toHaveBeenCalledTimes(1);
    expect(selectConversationsStatus(t.snap())).toBe('ready');
    expect(selectUnreadTotal(t.snap())).toBe(0);
    expect(t.received).toEqual([]);
  });

  it('tells the root when the session is gone, on load or on a marker', async () => {
    const t = start(async () => {
      throw new ApiError(401, null);
    });
    await flush();
    expect(t.types()).toEqual(['session.expired']);

    const u = start(
      async () => answer(direct(1)),
      async () => {
        throw new ApiError(401, null);
      },
    );
    await flush();
    u.child.send({ type: 'conversation.read', kind: 'direct', id: sam.id });
    await flush();
    expect(u.types()).toEqual(['session.expired']);
  });

  it('tells the root why when a ban ended the session', async () => {
    const ban = { reason: 'Spamming', until: '2030-11-30T19:23:57.872Z', contact: null };
    const t = start(async () => {
      throw new ApiError(403, 'banned', ban);
    });
    await flush();
    expect(t.received).toEqual([{ type: 'session.expired', ban }]);
  });
});
