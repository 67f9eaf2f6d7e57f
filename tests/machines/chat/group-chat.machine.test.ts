/** group-chat: the event's chats, the chosen one's history, posting, and live messages. */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { GroupChat, GroupChatPeople, GroupMessage } from '../../../contract/social';
import { ApiError } from '../../../machines/api/client';
import { groupChatMachine, selectChosenChat, selectOutgoing, type GroupChatEvent, type PlaceChange } from '../../../machines/chat/group-chat.machine';
import { ada } from '../app.fakes';
import { asChild, deferred, flush, sampleEvent } from '../discovery.fakes';
import { eventChatNamed, writtenName } from '../../said';

const event = sampleEvent({ is_attending: true });
const everyone: GroupChat = { id: 'c2000000-0000-4000-8000-000000000001', ...eventChatNamed('Meetup'), event_id: event.id, community_id: null, closed: false, last_message: null };
const hikers: GroupChat = { id: 'c2000000-0000-4000-8000-000000000002', ...writtenName('Trail talkers'), event_id: event.id, community_id: 'd0000000-0000-4000-8000-000000000001', closed: false, last_message: null };

let n = 0;
const gm = (group_id: string, overrides: Partial<GroupMessage> = {}): GroupMessage => {
  n += 1;
  return {
    id: `f1000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    group_id,
    from_user: 'a0000000-0000-4000-8000-000000000002',
    from_name: 'Sam Reed',
    message: `group ${n}`,
    timestamp: new Date(Date.UTC(2030, 4, 1, 18, 0, n)).toISOString(),
    ...overrides,
  };
};

type Post = (i: { userId: string; groupId: string; message: string }) => Promise<{ success: true; message: GroupMessage }>;

const sam = { id: 'a0000000-0000-4000-8000-000000000002', name: 'Sam Reed' };
const nobody: GroupChatPeople = { members: [sam], listening: 0, me: null };
type Change = (i: { userId: string; groupId: string; change: PlaceChange }) => Promise<GroupChatPeople>;

/** Types and sends each text in turn, without waiting for any post. */
function sendTexts(t: { child: { send: (e: GroupChatEvent) => void } }, ...texts: string[]) {
  for (const text of texts) {
    t.child.send({ type: 'groupChat.draftChanged', draft: text });
    t.child.send({ type: 'groupChat.submitted' });
  }
}

function start(
  opts: {
    chatId?: string | null;
    history?: (groupId: string) => Promise<GroupMessage[]>;
    post?: Post;
    people?: (groupId: string) => Promise<GroupChatPeople>;
    change?: Change;
    chats?: () => Promise<GroupChat[]>;
  } = {},
) {
  const histories = vi.fn(opts.history ?? (async () => []));
  const posts = vi.fn<Post>(opts.post ?? (async (i) => ({ success: true, message: gm(i.groupId, { from_user: ada.id, message: i.message }) })));
  const peoples = vi.fn(opts.people ?? (async () => nobody));
  const changes = vi.fn<Change>(
    opts.change ??
      (async (i) =>
        i.change === 'listen'
          ? { members: [sam], listening: 1, me: 'listener' }
          : i.change === 'join'
            ? { members: [sam, { id: ada.id, name: ada.name }], listening: 0, me: 'member' }
            : { members: [sam], listening: 0, me: null }),
  );
  const chatLists = vi.fn(opts.chats ?? (async () => [everyone, hikers]));
  const machine = groupChatMachine.provide({
    actors: {
      loadPeople: fromPromise<GroupChatPeople, { userId: string; groupId: string }>(({ input }) => peoples(input.groupId)),
      changePlace: fromPromise<GroupChatPeople, { userId: string; groupId: string; change: PlaceChange }>(({ input }) => changes(input)),
      loadChats: fromPromise<GroupChat[], { userId: string; eventId: string }>(() => chatLists()),
      loadHistory: fromPromise<GroupMessage[], { userId: string; groupId: string }>(({ input }) => histories(input.groupId)),
      postMessage: fromPromise<{ success: true; message: GroupMessage }, { userId: string; groupId: string; message: string }>(({ input }) => posts(input)),
    },
    actions: { logFailure: () => {} },
  });
  const t = asChild(machine, { user: ada, event, chatId: opts.chatId ?? null });
  return { ...t, histories, posts, peoples, changes, chatLists, snap: () => t.child.getSnapshot() };
}

describe('groupChatMachine', () => {
  it("opens the event's chat for everyone by default, with its history", async () => {
    const first = gm(everyone.id);
    const t = start({ history: async () => [first] });
    await flush();
    await flush();
    expect(selectChosenChat(t.snap())).toEqual(everyone);
    expect(t.histories).toHaveBeenCalledWith(everyone.id);
    expect(t.snap().context.messages).toEqual([first]);
  });

  it('opens the chat chosen on the event view, and switches to another', async () => {
    const t = start({ chatId: hikers.id });
    await flush();
    expect(t.histories).toHaveBeenLastCalledWith(hikers.id);
    t.child.send({ type: 'groupChat.chosen', chatId: everyone.id });
    await flush();
    expect(t.histories).toHaveBeenLastCalledWith(everyone.id);
    expect(t.snap().context.chatId).toBe(everyone.id);
  });

  it('posts {group_id, message}, clears the input, and shows the stored message', async () => {
    const t = start();
    await flush();
    await flush();
    t.child.send({ type: 'groupChat.draftChanged', draft: 'Hello everyone' });
    t.child.send({ type: 'groupChat.submitted' });
    expect(t.snap().context.draft).toBe('');
    await flush();
    expect(t.posts).toHaveBeenCalledWith({ userId: ada.id, groupId: everyone.id, message: 'Hello everyone' });
    expect(t.snap().context.messages.map((m) => m.message)).toEqual(['Hello everyone']);
  });

  it('does not post whitespace', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'groupChat.draftChanged', draft: '   ' });
    t.child.send({ type: 'groupChat.submitted' });
    await flush();
    expect(t.posts).not.toHaveBeenCalled();
  });

  it('tells the root the chat on screen is read once its history shows (the Chats badge)', async () => {
    const t = start();
    await flush();
    expect(t.received).toContainEqual({ type: 'conversation.read', kind: 'group', id: everyone.id });
  });

  it('gives the text back when a post fails (only logged)', async () => {
    const t = start({
      post: async () => {
        throw new ApiError(0, null);
      },
    });
    await flush();
    await flush();
    t.child.send({ type: 'groupChat.draftChanged', draft: 'Anyone for tea?' });
    t.child.send({ type: 'groupChat.submitted' });
    await flush();
    expect(t.snap().context.draft).toBe('Anyone for tea?');
    expect(t.received.filter((e) => e.type !== 'conversation.read')).toEqual([]);
  });

  it('keeps text sent while a post is on its way and posts each in turn, in order', async () => {
    const answers = [deferred<void>(), deferred<void>(), deferred<void>()];
    let call = 0;
    const t = start({
      post: async (i) => {
        await answers[call++]!.promise;
        return { success: true, message: gm(i.groupId, { from_user: ada.id, message: i.message }) };
      },
    });
    await flush();
    await flush();
    sendTexts(t, 'One', 'Two', 'Three');
    expect(t.snap().context).toMatchObject({ draft: '', posting: 'One', queued: [{ groupId: everyone.id, message: 'Two' }, { groupId: everyone.id, message: 'Three' }] });
    await flush();
    expect(t.posts).toHaveBeenCalledTimes(1);
    for (const answer of answers) {
      answer.resolve();
      await flush();
    }
    expect(t.posts.mock.calls.map(([i]) => i.message)).toEqual(['One', 'Two', 'Three']);
    expect(t.snap().context.messages.map((m) => m.message)).toEqual(['One', 'Two', 'Three']);
    expect(t.snap().context).toMatchObject({ posting: null, queued: [] });
  });

  it('posts text waiting its turn to the chat it was typed in, after switching chats', async () => {
    const first = deferred<void>();
    const t = start({
      post: async (i) => {
        if (i.message === 'One') await first.promise;
        return { success: true, message: gm(i.groupId, { from_user: ada.id, message: i.message }) };
      },
    });
    await flush();
    await flush();
    sendTexts(t, 'One', 'Two');
    t.child.send({ type: 'groupChat.chosen', chatId: hikers.id });
    first.resolve();
    await flush();
    await flush();
    expect(t.posts).toHaveBeenLastCalledWith({ userId: ada.id, groupId: everyone.id, message: 'Two' });
    // Their answers belong to the chat they went to, not to the one on screen now.
    expect(t.snap().context.messages).toEqual([]);
    expect(selectOutgoing(t.snap())).toEqual([]);
  });

  it('gives back the failed text with the ones waiting after it, unposted and in order', async () => {
    const failure = deferred<void>();
    const t = start({
      post: async (i) => {
        if (i.message === 'One') {
          await failure.promise;
          throw new ApiError(0, null);
        }
        return { success: true, message: gm(i.groupId, { from_user: ada.id, message: i.message }) };
      },
    });
    await flush();
    await flush();
    sendTexts(t, 'One', 'Two', 'Three');
    failure.resolve();
    await flush();
    await flush();
    expect(t.posts).toHaveBeenCalledTimes(1);
    expect(t.snap().context).toMatchObject({ draft: 'One\nTwo\nThree', posting: null, queued: [] });
    expect(t.snap().matches({ open: { compose: 'idle' } })).toBe(true);
  });

  /** The lines showing this text in the chosen chat: its messages and the texts on their way. */
  const linesOf = (t: ReturnType<typeof start>, text: string) => [
    ...t.snap().context.messages.filter((m) => m.message === text),
    ...selectOutgoing(t.snap()).filter((o) => o.text === text),
  ];

  it("shows a post once when its live echo arrives before the post's answer, and once after it", async () => {
    const answer = deferred<void>();
    const stored = gm(everyone.id, { from_user: ada.id, from_name: ada.name, message: 'Count me in for the walk.' });
    const t = start({
      post: async () => {
        await answer.promise;
        return { success: true, message: stored };
      },
    });
    await flush();
    await flush();
    sendTexts(t, 'Count me in for the walk.');
    expect(linesOf(t, 'Count me in for the walk.')).toHaveLength(1);
    // The server stored it and told everyone before answering the poster.
    t.child.send({ type: 'live.group_message', message: stored });
    expect(linesOf(t, 'Count me in for the walk.')).toHaveLength(1);
    expect(selectOutgoing(t.snap())).toEqual([]);
    answer.resolve();
    await flush();
    expect(linesOf(t, 'Count me in for the walk.')).toEqual([stored]);
    expect(t.snap().context).toMatchObject({ posting: null, postingTo: null });
  });

  it("keeps the text on its way for another's message or another chat's, and does not give back one that got through", async () => {
    const answer = deferred<void>();
    const t = start({
      post: async () => {
        await answer.promise;
        throw new ApiError(0, null);
      },
    });
    await flush();
    await flush();
    sendTexts(t, 'Same words\n', 'Next');
    // The same words from someone else, or from me in another chat, are not the echo.
    t.child.send({ type: 'live.group_message', message: gm(everyone.id, { message: 'Same words' }) });
    t.child.send({ type: 'live.group_message', message: gm(hikers.id, { from_user: ada.id, message: 'Same words' }) });
    expect(selectOutgoing(t.snap()).map((o) => o.text)).toEqual(['Same words\n', 'Next']);
    // Mine, in this chat, as the server stores it (trimmed): the text on its way is stored.
    t.child.send({ type: 'live.group_message', message: gm(everyone.id, { from_user: ada.id, message: 'Same words' }) });
    expect(selectOutgoing(t.snap()).map((o) => o.text)).toEqual(['Next']);
    // Stored (its echo came), though its answer was lost: only what waited after it comes back.
    answer.resolve();
    await flush();
    expect(t.snap().context).toMatchObject({ draft: 'Next', posting: null, queued: [] });
  });

  it('gives back the text on its way when the chats are read again before its answer, not showing it as sending for good', async () => {
    const answer = deferred<void>();
    const t = start({
      post: async (i) => {
        await answer.promise;
        return { success: true, message: gm(i.groupId, { from_user: ada.id, message: i.message }) };
      },
    });
    await flush();
    await flush();
    sendTexts(t, 'One', 'Two');
    t.child.send({ type: 'live.reconnected' });
    answer.resolve();
    await flush();
    await flush();
    expect(t.snap().matches({ open: { compose: 'idle' } })).toBe(true);
    expect(selectOutgoing(t.snap())).toEqual([]);
    expect(t.snap().context).toMatchObject({ draft: 'One\nTwo', posting: null, queued: [] });
    expect(t.posts).toHaveBeenCalledTimes(1);
  });

  it("appends a live message of the chosen chat once, and only notes other chats' latest line", async () => {
    const pending = deferred<GroupMessage[]>();
    const t = start({ history: () => pending.promise });
    await flush();
    pending.resolve([]);
    await flush();
    const here = gm(everyone.id);
    t.child.send({ type: 'live.group_message', message: here });
    t.child.send({ type: 'live.group_message', message: here });
    const there = gm(hikers.id);
    t.child.send({ type: 'live.group_message', message: there });
    expect(t.snap().context.messages).toEqual([here]);
    expect(t.snap().context.chats.find((c) => c.id === hikers.id)?.last_message).toEqual(there);
  });
});

describe('groupChatMachine: just listening (issue 18)', () => {
  const settle = async () => {
    await flush();
    await flush();
  };

  it("reads the chosen chat's people with it, and again for another chat", async () => {
    const t = start();
    await settle();
    expect(t.peoples).toHaveBeenCalledWith(everyone.id);
    expect(t.snap().context.people).toEqual(nobody);
    t.child.send({ type: 'groupChat.membersToggled' });
    expect(t.snap().context.membersOpen).toBe(true);
    t.child.send({ type: 'groupChat.chosen', chatId: hikers.id });
    expect(t.snap().context).toMatchObject({ people: null, membersOpen: false });
    await settle();
    expect(t.peoples).toHaveBeenLastCalledWith(hikers.id);
  });

  it('lets someone with no place just listen, or join in, once at a time', async () => {
    const t = start();
    await settle();
    t.child.send({ type: 'groupChat.placeChosen', change: 'listen' });
    t.child.send({ type: 'groupChat.placeChosen', change: 'join' });
    expect(t.snap().context.placeChange).toBe('listen');
    await settle();
    expect(t.changes).toHaveBeenCalledTimes(1);
    expect(t.changes).toHaveBeenCalledWith({ userId: ada.id, groupId: everyone.id, change: 'listen' });
    expect(t.snap().context.people).toMatchObject({ me: 'listener', listening: 1 });
    // A listener may join in, but not listen twice.
    t.child.send({ type: 'groupChat.placeChosen', change: 'listen' });
    expect(t.snap().context.placeChange).toBeNull();
    t.child.send({ type: 'groupChat.placeChosen', change: 'join' });
    await settle();
    expect(t.snap().context.people).toMatchObject({ me: 'member', listening: 0 });
    // A member neither listens nor stops.
    t.child.send({ type: 'groupChat.placeChosen', change: 'listen' });
    t.child.send({ type: 'groupChat.placeChosen', change: 'stop' });
    expect(t.changes).toHaveBeenCalledTimes(2);
  });

  it("stops listening to the event's chat and stays there, with the choice again", async () => {
    const t = start({ people: async () => ({ members: [], listening: 1, me: 'listener' }) });
    await settle();
    t.child.send({ type: 'groupChat.placeChosen', change: 'stop' });
    await settle();
    expect(t.snap().context).toMatchObject({ chatId: everyone.id, people: { me: null } });
    expect(t.chatLists).toHaveBeenCalledTimes(1);
  });

  it("stops listening to an interest group's chat: the chats are read again and the event's chat shown", async () => {
    const t = start({ chatId: hikers.id, people: async () => ({ members: [sam], listening: 1, me: 'listener' }) });
    await settle();
    t.chatLists.mockImplementation(async () => [everyone]);
    t.child.send({ type: 'groupChat.placeChosen', change: 'stop' });
    await settle();
    await settle();
    expect(t.chatLists).toHaveBeenCalledTimes(2);
    expect(t.snap().context.chatId).toBe(everyone.id);
  });

  it("counts live at once and reads the people again, for the chosen chat only", async () => {
    const t = start();
    await settle();
    t.child.send({ type: 'live.group_chat_people', group_id: hikers.id, listening: 4, member_count: 1 });
    expect(t.snap().context.people?.listening).toBe(0);
    t.child.send({ type: 'live.group_chat_people', group_id: everyone.id, listening: 3, member_count: 1 });
    expect(t.snap().context.people?.listening).toBe(3);
    await settle();
    expect(t.peoples).toHaveBeenCalledTimes(2);
  });

  it('takes a place chosen while the people are read again, once they are', async () => {
    const t = start();
    await settle();
    const read = deferred<GroupChatPeople>();
    t.peoples.mockImplementation(() => read.promise);
    t.child.send({ type: 'live.group_chat_people', group_id: everyone.id, listening: 2, member_count: 1 });
    expect(t.snap().matches({ open: { people: 'loading' } })).toBe(true);
    t.child.send({ type: 'groupChat.placeChosen', change: 'listen' });
    t.child.send({ type: 'groupChat.placeChosen', change: 'join' });
    expect(t.snap().context.placeChange).toBe('listen');
    await settle();
    expect(t.changes).not.toHaveBeenCalled();
    read.resolve({ members: [sam], listening: 2, me: null });
    await settle();
    expect(t.changes).toHaveBeenCalledTimes(1);
    expect(t.changes).toHaveBeenCalledWith({ userId: ada.id, groupId: everyone.id, change: 'listen' });
    expect(t.snap().context).toMatchObject({ placeChange: null, people: { me: 'listener' } });
  });

  it('lets a choice made while the people are read go once they show it no longer fits', async () => {
    const t = start({ people: async () => ({ members: [sam], listening: 1, me: 'listener' }) });
    await settle();
    const read = deferred<GroupChatPeople>();
    t.peoples.mockImplementation(() => read.promise);
    // The first post makes a member; the people are read again meanwhile.
    t.child.send({ type: 'groupChat.draftChanged', draft: 'Hello, I was listening' });
    t.child.send({ type: 'groupChat.submitted' });
    await settle();
    t.child.send({ type: 'groupChat.placeChosen', change: 'stop' });
    expect(t.snap().context.placeChange).toBe('stop');
    read.resolve({ members: [sam, { id: ada.id, name: ada.name }], listening: 0, me: 'member' });
    await settle();
    expect(t.changes).not.toHaveBeenCalled();
    expect(t.snap().context).toMatchObject({ placeChange: null, people: { me: 'member' } });
    expect(t.snap().matches({ open: { people: 'ready' } })).toBe(true);
  });

  it('forgets a choice waiting for the people when another chat is chosen', async () => {
    const t = start();
    await settle();
    const read = deferred<GroupChatPeople>();
    t.peoples.mockImplementation(() => read.promise);
    t.child.send({ type: 'live.group_chat_people', group_id: everyone.id, listening: 2, member_count: 1 });
    t.child.send({ type: 'groupChat.placeChosen', change: 'join' });
    expect(t.snap().context.placeChange).toBe('join');
    t.child.send({ type: 'groupChat.chosen', chatId: hikers.id });
    expect(t.snap().context.placeChange).toBeNull();
    read.resolve(nobody);
    await settle();
    expect(t.changes).not.toHaveBeenCalled();
  });

  it('reads the people again after the first post of someone not yet a member, not after a member\'s', async () => {
    const t = start({ people: async () => ({ members: [sam], listening: 1, me: 'listener' }) });
    await settle();
    t.peoples.mockImplementation(async () => ({ members: [sam, { id: ada.id, name: ada.name }], listening: 0, me: 'member' }));
    t.child.send({ type: 'groupChat.draftChanged', draft: 'Hello, I was listening' });
    t.child.send({ type: 'groupChat.submitted' });
    await settle();
    expect(t.peoples).toHaveBeenCalledTimes(2);
    expect(t.snap().context.people?.me).toBe('member');
    t.child.send({ type: 'groupChat.draftChanged', draft: 'And again' });
    t.child.send({ type: 'groupChat.submitted' });
    await settle();
    expect(t.peoples).toHaveBeenCalledTimes(2);
  });
});

describe("groupChatMachine: a small group's chat after its event (issue 43)", () => {
  const pod = (closed: boolean): GroupChat => ({ id: 'c2000000-0000-4000-8000-000000000003', ...writtenName('Small group at Library hall'), event_id: event.id, community_id: null, closed, last_message: null });

  it('posts nothing to a closed chat: the text stays in the input', async () => {
    const t = start({ chatId: pod(true).id, chats: async () => [everyone, pod(true)] });
    await flush();
    await flush();
    expect(selectChosenChat(t.snap())?.closed).toBe(true);
    sendTexts(t, 'Thanks all');
    await flush();
    expect(t.posts).not.toHaveBeenCalled();
    expect(t.snap().context).toMatchObject({ draft: 'Thanks all', posting: null, queued: [] });
    expect(t.snap().matches({ open: { compose: 'idle' } })).toBe(true);
  });

  it('shows the chat closed when the server refuses a post because the event ended meanwhile', async () => {
    const t = start({
      chatId: pod(false).id,
      chats: async () => [everyone, pod(false)],
      post: async () => {
        throw new ApiError(403, "This small group's chat closed when the event ended", null, 'error.podChatClosed');
      },
    });
    await flush();
    await flush();
    expect(selectChosenChat(t.snap())?.closed).toBe(false);
    sendTexts(t, 'Thanks all');
    await flush();
    expect(t.posts).toHaveBeenCalledTimes(1);
    expect(selectChosenChat(t.snap())?.closed).toBe(true);
    expect(t.snap().context.chats.find((c) => c.id === everyone.id)?.closed).toBe(false);
    expect(t.snap().context).toMatchObject({ draft: 'Thanks all', posting: null });
  });
});
