import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { MicroCommunity, NearbyEntry, Recommendations, SafeZone } from '../../contract/discovery';
import type { Event } from '../../contract/events';
import type { GroupChat } from '../../contract/social';
import { MESSAGES } from '../../contract/messages';
import { ApiError } from '../../machines/api/client';
import { eventMachine, selectPeopleStatus } from '../../machines/event.machine';
import { blockFailedMessage, userCardMachine } from '../../machines/user-card.machine';
import { ada } from './app.fakes';
import {
  asChild,
  deferred,
  emptyRecommendations,
  flush,
  sampleCommunity,
  sampleEntry,
  sampleEvent,
  samplePerson,
  sampleZone,
} from './discovery.fakes';

type Ids = { userId: string; eventId: string };
const event = sampleEvent({ is_attending: true });

interface Answers {
  event?: (i: Ids) => Promise<Event>;
  people?: (i: Ids) => Promise<NearbyEntry[]>;
  zones?: (i: Ids) => Promise<SafeZone[]>;
  communities?: (i: Ids) => Promise<MicroCommunity[]>;
  recommendations?: (i: Ids) => Promise<Recommendations>;
  groupChats?: (i: Ids) => Promise<GroupChat[]>;
  joinCommunity?: (i: { userId: string; communityId: string }) => Promise<unknown>;
  block?: (i: { viewerId: string; userId: string }) => Promise<unknown>;
}

function start(a: Answers = {}) {
  const calls = {
    event: vi.fn(a.event ?? (async () => event)),
    people: vi.fn(a.people ?? (async () => [])),
    zones: vi.fn(a.zones ?? (async () => [])),
    communities: vi.fn(a.communities ?? (async () => [])),
    recommendations: vi.fn(a.recommendations ?? (async () => emptyRecommendations)),
    groupChats: vi.fn(a.groupChats ?? (async () => [])),
    joinCommunity: vi.fn(a.joinCommunity ?? (async () => ({ success: true }))),
    block: vi.fn(a.block ?? (async () => ({ success: true }))),
    logged: vi.fn(),
  };
  const machine = eventMachine.provide({
    actors: {
      loadEvent: fromPromise<Event, Ids>(({ input }) => calls.event(input)),
      loadPeople: fromPromise<NearbyEntry[], Ids>(({ input }) => calls.people(input)),
      loadZones: fromPromise<SafeZone[], Ids>(({ input }) => calls.zones(input)),
      loadCommunities: fromPromise<MicroCommunity[], Ids>(({ input }) => calls.communities(input)),
      loadRecommendations: fromPromise<Recommendations, Ids>(({ input }) => calls.recommendations(input)),
      loadGroupChats: fromPromise<GroupChat[], Ids>(({ input }) => calls.groupChats(input)),
      joinCommunity: fromPromise<unknown, { userId: string; communityId: string }>(({ input }) => calls.joinCommunity(input)),
      userCard: userCardMachine.provide({
        actors: { blockUser: fromPromise<unknown, { viewerId: string; userId: string }>(({ input }) => calls.block(input)) },
      }),
    },
    actions: { logFailure: (_, params: { what: string }) => calls.logged(params.what) },
  });
  return { ...asChild(machine, { user: ada, event }), calls };
}

const failing = async (): Promise<never> => {
  throw new ApiError(500, null);
};

describe('eventMachine: entering the event view', () => {
  it('asks for the event, people, zones, groups and recommendations at once', () => {
    const t = start({ people: () => new Promise(() => {}) });
    const ids = { userId: ada.id, eventId: event.id };
    for (const call of [t.calls.event, t.calls.people, t.calls.zones, t.calls.communities, t.calls.recommendations]) {
      expect(call).toHaveBeenCalledWith(ids);
    }
    expect(selectPeopleStatus(t.child.getSnapshot())).toBe('loading');
  });

  it('keeps what each answer brings', async () => {
    const entry = sampleEntry();
    const zone = sampleZone();
    const group = sampleCommunity();
    const recs = { people: [entry], communities: [group] };
    const fresh = { ...event, attendee_count: 9 };
    const t = start({
      event: async () => fresh,
      people: async () => [entry],
      zones: async () => [zone],
      communities: async () => [group],
      recommendations: async () => recs,
    });
    await flush();
    const c = t.child.getSnapshot().context;
    expect(c.event).toEqual(fresh);
    expect(c.cards.map((card) => card.ref.getSnapshot().context.person)).toEqual([
      { user: entry.user, compatibility: entry.compatibility, ice_breakers: entry.ice_breakers, social_battery: entry.social_battery },
    ]);
    expect(c.zones).toEqual([zone]);
    expect(c.communities).toEqual([group]);
    expect(c.recommendations).toEqual(recs);
    expect(selectPeopleStatus(t.child.getSnapshot())).toBe('ready');
    expect(t.received).toEqual([]);
  });

  it("shows 'Failed to load event attendees' when the people do not load", async () => {
    const t = start({ people: failing });
    await flush();
    expect(t.received).toEqual([{ type: 'error.show', message: MESSAGES.failedLoadEventAttendees }]);
    expect(selectPeopleStatus(t.child.getSnapshot())).toBe('failed');
  });

  it('only logs the other failures, keeping the event it was given', async () => {
    const t = start({ event: failing, zones: failing, communities: failing, recommendations: failing, groupChats: failing });
    await flush();
    expect(t.received).toEqual([]);
    expect(t.calls.logged.mock.calls.map(([what]) => what).sort()).toEqual([
      'load event',
      'load group chats',
      'load micro-communities',
      'load recommendations',
      'load safe zones',
    ]);
    expect(t.child.getSnapshot().context.event).toEqual(event);
  });

  it('loads the people again on request, keeping the cards of those still there', async () => {
    const stay = sampleEntry();
    const leave = sampleEntry();
    const arrive = sampleEntry();
    const answers = [[stay, leave], [{ ...stay, social_battery: 2 }, arrive]];
    const t = start({ people: async () => answers.shift()! });
    await flush();
    const stayRef = t.child.getSnapshot().context.cards[0]!.ref;
    stayRef.send({ type: 'card.detailsToggled' });
    t.child.send({ type: 'people.reloaded' });
    await flush();
    const cards = t.child.getSnapshot().context.cards;
    expect(cards.map((c) => c.userId)).toEqual([stay.user.id, arrive.user.id]);
    expect(cards[0]!.ref).toBe(stayRef);
    expect(stayRef.getSnapshot().matches({ details: 'shown' })).toBe(true);
    expect(stayRef.getSnapshot().context.person.social_battery).toBe(2);
    expect(Object.keys(t.child.getSnapshot().children).filter((id) => id.startsWith('card-')).sort()).toEqual(
      [`card-${stay.user.id}`, `card-${arrive.user.id}`].sort(),
    );
  });
});

describe('eventMachine: interest groups', () => {
  it('joins a group and marks it joined', async () => {
    const answer = deferred<unknown>();
    const group = sampleCommunity();
    const t = start({ communities: async () => [group], joinCommunity: () => answer.promise });
    await flush();
    t.child.send({ type: 'community.joinRequested', communityId: group.id });
    expect(t.calls.joinCommunity).toHaveBeenCalledWith({ userId: ada.id, communityId: group.id });
    expect(t.child.getSnapshot().context.joiningCommunityId).toBe(group.id);
    answer.resolve({ success: true });
    await flush();
    expect(t.child.getSnapshot().context.communities).toEqual([{ ...group, is_member: true, member_count: group.member_count + 1 }]);
    expect(t.child.getSnapshot().context.joiningCommunityId).toBeNull();
  });

  it('does not join a group twice', async () => {
    const group = sampleCommunity({ is_member: true });
    const t = start({ communities: async () => [group] });
    await flush();
    t.child.send({ type: 'community.joinRequested', communityId: group.id });
    expect(t.calls.joinCommunity).not.toHaveBeenCalled();
  });

  it('only logs a failed join and leaves the group as it was', async () => {
    const group = sampleCommunity();
    const t = start({ communities: async () => [group], joinCommunity: failing });
    await flush();
    t.child.send({ type: 'community.joinRequested', communityId: group.id });
    await flush();
    expect(t.child.getSnapshot().context.communities).toEqual([group]);
    expect(t.calls.logged).toHaveBeenCalledWith('join micro-community');
    expect(t.received).toEqual([]);
  });
});

describe('eventMachine: blocking from a card', () => {
  it('asks first, then blocks and drops the person from the people and recommendations', async () => {
    const sam = sampleEntry(samplePerson({ name: 'Sam' }));
    const kim = sampleEntry(samplePerson({ name: 'Kim' }));
    const t = start({ people: async () => [sam, kim], recommendations: async () => ({ people: [sam], communities: [] }) });
    await flush();
    const card = t.child.getSnapshot().context.cards[0]!.ref;
    card.send({ type: 'card.blockRequested' });
    expect(card.getSnapshot().matches({ block: 'confirming' })).toBe(true);
    expect(t.calls.block).not.toHaveBeenCalled();
    card.send({ type: 'card.blockConfirmed' });
    expect(t.calls.block).toHaveBeenCalledWith({ viewerId: ada.id, userId: sam.user.id });
    await flush();
    const c = t.child.getSnapshot().context;
    expect(c.cards.map((x) => x.userId)).toEqual([kim.user.id]);
    expect(c.recommendations?.people).toEqual([]);
    expect(t.child.getSnapshot().children[`card-${sam.user.id}`]).toBeUndefined();
  });

  it('keeps the card and says so when the block fails', async () => {
    const sam = sampleEntry(samplePerson({ name: 'Sam' }));
    const t = start({ people: async () => [sam], block: failing });
    await flush();
    const card = t.child.getSnapshot().context.cards[0]!.ref;
    card.send({ type: 'card.blockRequested' });
    card.send({ type: 'card.blockConfirmed' });
    await flush();
    expect(t.child.getSnapshot().context.cards).toHaveLength(1);
    expect(card.getSnapshot().matches({ block: 'idle' })).toBe(true);
    expect(t.received).toEqual([{ type: 'error.show', message: blockFailedMessage('Sam') }]);
  });
});

describe('eventMachine: connections and group chats', () => {
  it("gives each card the event, and passes a card's toast and a lost session to the root", async () => {
    const t = start({ people: async () => [sampleEntry()] });
    await flush();
    const card = t.child.getSnapshot().context.cards[0]!.ref;
    expect(card.getSnapshot().context.connection?.getSnapshot().context.eventId).toBe(event.id);
    card.send({ type: 'toast.show', message: MESSAGES.connectionRequestSent, kind: 'success' });
    card.send({ type: 'session.expired' });
    expect(t.received).toEqual([
      { type: 'toast.show', message: MESSAGES.connectionRequestSent, kind: 'success' },
      { type: 'session.expired' },
    ]);
  });

  it("loads the group chats and keeps each one's latest line live", async () => {
    const chat: GroupChat = { id: 'c2000000-0000-4000-8000-000000000001', name: 'Everyone', event_id: event.id, community_id: null, last_message: null };
    const t = start({ groupChats: async () => [chat] });
    await flush();
    expect(t.child.getSnapshot().context.groupChats).toEqual([chat]);
    const message = { id: 'f1000000-0000-4000-8000-000000000001', group_id: chat.id, from_user: 'a0000000-0000-4000-8000-000000000002', from_name: 'Sam', message: 'Hi all', timestamp: '2030-05-01T18:00:00.000Z' };
    t.child.send({ type: 'live.group_message', message });
    expect(t.child.getSnapshot().context.groupChats[0]!.last_message).toEqual(message);
  });

  it('loads the people and chats again after the live channel reconnects', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'live.reconnected' });
    await flush();
    expect(t.calls.people).toHaveBeenCalledTimes(2);
    expect(t.calls.groupChats).toHaveBeenCalledTimes(2);
  });
});
