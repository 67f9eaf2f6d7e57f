/**
 * Chat drafts (issue 39): leaving a chat keeps what was typed, without asking, per
 * conversation; coming back finds it; sending clears it. The same for group chats, each
 * chat of an event its own.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { IceBreaker } from '../../../contract/discovery';
import type { ChatMessage, ChatMute, ChatPartner, GroupChat, GroupChatPeople, GroupMessage } from '../../../contract/social';
import { chatMachine } from '../../../machines/chat/chat.machine';
import { groupChatMachine } from '../../../machines/chat/group-chat.machine';
import { ada } from '../app.fakes';
import { asChild, flush, samplePerson, sampleEvent } from '../discovery.fakes';
import { eventChatNamed, writtenName } from '../../said';

const sam = samplePerson({ name: 'Sam Reed' });
const kim = samplePerson({ id: 'a0000000-0000-4000-8000-0000000000a2', name: 'Kim Park' });
const event = sampleEvent({ is_attending: true });
const everyone: GroupChat = { id: 'c2000000-0000-4000-8000-000000000001', ...eventChatNamed('Meetup'), event_id: event.id, community_id: null, closed: false, last_message: null };
const hikers: GroupChat = { id: 'c2000000-0000-4000-8000-000000000002', ...writtenName('Trail talkers'), event_id: event.id, community_id: 'd0000000-0000-4000-8000-000000000001', closed: false, last_message: null };

const quietChat = chatMachine.provide({
  actors: {
    loadHistory: fromPromise<ChatMessage[], { userId: string; otherId: string }>(async () => []),
    loadIceBreakers: fromPromise<IceBreaker[], { userId: string; otherId: string; eventId: string | null }>(async () => []),
    loadPartner: fromPromise<ChatPartner, { userId: string; otherId: string }>(async () => ({ ...sam, can_message: true })),
    loadMutes: fromPromise<ChatMute[], { userId: string }>(async () => []),
  },
  actions: { logFailure: () => {} },
});

const openChat = (partner = sam) => asChild(quietChat, { user: ada, partner, eventId: null });

const quietGroups = groupChatMachine.provide({
  actors: {
    loadChats: fromPromise<GroupChat[], { userId: string; eventId: string }>(async () => [everyone, hikers]),
    loadHistory: fromPromise<GroupMessage[], { userId: string; groupId: string }>(async () => []),
    loadPeople: fromPromise<GroupChatPeople, { userId: string; groupId: string }>(async () => ({ members: [], listening: 0, me: 'member' })),
    postMessage: fromPromise<{ success: true; message: GroupMessage }, { userId: string; groupId: string; message: string }>(async ({ input }) => ({
      success: true,
      message: { id: 'f1000000-0000-4000-8000-000000000001', group_id: input.groupId, from_user: ada.id, from_name: ada.name, message: input.message, timestamp: new Date().toISOString() },
    })),
  },
  actions: { logFailure: () => {} },
});

const openGroups = (chatId: string | null = null) => asChild(quietGroups, { user: ada, event, chatId });

describe('chat drafts', () => {
  it('keeps a 1:1 draft when the chat is left, for that conversation only, and clears it once sent', async () => {
    const first = openChat();
    first.child.send({ type: 'chat.draftChanged', draft: 'Half a thought' });
    first.actor.stop();
    const again = openChat();
    expect(again.child.getSnapshot().context.draft).toBe('Half a thought');
    expect(openChat(kim).child.getSnapshot().context.draft).toBe('');
    await flush();
    again.child.send({ type: 'chat.submitted' });
    expect(again.child.getSnapshot().context.draft).toBe('');
    again.actor.stop();
    expect(openChat().child.getSnapshot().context.draft).toBe('');
  });

  it('keeps each group chat its own draft, across switching and leaving', async () => {
    const t = openGroups();
    await flush();
    t.child.send({ type: 'groupChat.draftChanged', draft: 'For everyone' });
    t.child.send({ type: 'groupChat.chosen', chatId: hikers.id });
    expect(t.child.getSnapshot().context.draft).toBe('');
    t.child.send({ type: 'groupChat.draftChanged', draft: 'For the hikers' });
    t.child.send({ type: 'groupChat.chosen', chatId: everyone.id });
    expect(t.child.getSnapshot().context.draft).toBe('For everyone');
    t.actor.stop();
    const back = openGroups(hikers.id);
    await flush();
    expect(back.child.getSnapshot().context.draft).toBe('For the hikers');
    await flush();
    back.child.send({ type: 'groupChat.submitted' });
    back.actor.stop();
    const last = openGroups(hikers.id);
    await flush();
    expect(last.child.getSnapshot().context.draft).toBe('');
  });
});
