import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { LOCATION_INTERVAL_MS, type ConnectionStatus } from '../../../contract/constants';
import type { MicroCommunity, NearbyEntry, Recommendations, SafeZone } from '../../../contract/discovery';
import type { Event } from '../../../contract/events';
import type { Connection, GroupChat, ReceivedRequest } from '../../../contract/social';
import { MESSAGES } from '../../../contract/messages';
import { ApiError } from '../../../machines/api/client';
import {
  eventMachine,
  loadNearbyRange,
  MOVED_SPREAD_MS,
  selectMorePeople,
  selectJoining,
  selectPeopleStatus,
  selectVisiting,
  type PeopleRange,
} from '../../../machines/event/event.machine';
import { selectConnectionButton } from '../../../machines/people/connection-request.machine';
import { blockFailedMessage, userCardMachine, type UserCardActorRef } from '../../../machines/people/user-card.machine';
import type { EventChange } from '../../../contract/live';
import { ada } from '../app.fakes';
import {
  asChild,
  deferred,
  emptyRecommendations,
  fakeDiscover,
  flush,
  sampleCommunity,
  sampleCrowd,
  sampleEntry,
  sampleEvent,
  samplePerson,
  sampleZone,
} from '../discovery.fakes';
import { writtenName } from '../../said';

type Ids = { userId: string; eventId: string };
const event = sampleEvent({ is_attending: true });

interface Answers {
  event?: (i: Ids) => Promise<Event>;
  people?: (i: PeopleRange) => Promise<NearbyEntry[]>;
  zones?: (i: Ids) => Promise<SafeZone[]>;
  communities?: (i: Ids) => Promise<MicroCommunity[]>;
  recommendations?: (i: Ids) => Promise<Recommendations>;
  groupChats?: (i: Ids) => Promise<GroupChat[]>;
  joinCommunity?: (i: { userId: string; communityId: string }) => Promise<unknown>;
  listen?: (i: { userId: string; chatId: string }) => Promise<unknown>;
  block?: (i: { userId: string; blockedId: string }) => Promise<unknown>;
  join?: (i: Ids) => Promise<unknown>;
}

function start(a: Answers = {}, shown: Event = event) {
  const calls = {
    event: vi.fn(a.event ?? (async () => event)),
    people: vi.fn(a.people ?? (async () => [])),
    zones: vi.fn(a.zones ?? (async () => [])),
    communities: vi.fn(a.communities ?? (async () => [])),
    recommendations: vi.fn(a.recommendations ?? (async () => emptyRecommendations)),
    groupChats: vi.fn(a.groupChats ?? (async () => [])),
    joinCommunity: vi.fn(a.joinCommunity ?? (async () => ({ success: true }))),
    listen: vi.fn(a.listen ?? (async () => ({ members: [], listening: 1, me: 'listener' }))),
    block: vi.fn(a.block ?? (async () => ({ success: true }))),
    join: vi.fn(a.join ?? (async () => ({ success: true }))),
    logged: vi.fn(),
  };
  const machine = eventMachine.provide({
    actors: {
      loadEvent: fromPromise<Event, Ids>(({ input }) => calls.event(input)),
      joinEvent: fromPromise<unknown, Ids>(({ input }) => calls.join(input)),
      loadPeople: fromPromise<NearbyEntry[], PeopleRange>(({ input }) => calls.people(input)),
      loadZones: fromPromise<SafeZone[], Ids>(({ input }) => calls.zones(input)),
      loadCommunities: fromPromise<MicroCommunity[], Ids>(({ input }) => calls.communities(input)),
      loadRecommendations: fromPromise<Recommendations, Ids>(({ input }) => calls.recommendations(input)),
      loadGroupChats: fromPromise<GroupChat[], Ids>(({ input }) => calls.groupChats(input)),
      joinCommunity: fromPromise<unknown, { userId: string; communityId: string }>(({ input }) => calls.joinCommunity(input)),
      listenToChat: fromPromise<unknown, { userId: string; chatId: string }>(({ input }) => calls.listen(input)),
      userCard: userCardMachine.provide({
        actors: { blockUser: fromPromise<unknown, { userId: string; blockedId: string }>(({ input }) => calls.block(input)) },
      }),
    },
    actions: { logFailure: (_, params: { what: string }) => calls.logged(params.what) },
  });
  return { ...asChild(machine, { user: ada, event: shown }), calls };
}

const failing = async (): Promise<never> => {
  throw new ApiError(500, null);
};

describe('eventMachine: an event not joined yet (a shared link, issue 39)', () => {
  const visited = sampleEvent({ is_attending: false, attendee_count: 4 });

  it('reads the event alone: no people, zones, groups, chats or recommendations before Join', async () => {
    const t = start({ event: async () => visited }, visited);
    await flush();
    expect(t.calls.event).toHaveBeenCalled();
    for (const call of [t.calls.people, t.calls.zones, t.calls.communities, t.calls.recommendations, t.calls.groupChats]) expect(call).not.toHaveBeenCalled();
    expect(selectVisiting(t.child.getSnapshot())).toBe(true);
    expect(t.types()).not.toContain('error.show');
  });

  it('joins with SPEC’s call, tells the root the event opened (attending), then loads its people', async () => {
    const joined = deferred<unknown>();
    let done = false;
    void joined.promise.then(() => (done = true));
    // The server's event, read again once joined, says so.
    const t = start({ event: async () => (done ? { ...visited, is_attending: true, attendee_count: 5 } : visited), join: () => joined.promise }, visited);
    await flush();
    t.child.send({ type: 'event.joinRequested' });
    expect(selectJoining(t.child.getSnapshot())).toBe(true);
    expect(t.calls.join).toHaveBeenCalledWith({ userId: ada.id, eventId: visited.id });
    joined.resolve({ success: true });
    await flush();
    expect(selectVisiting(t.child.getSnapshot())).toBe(false);
    expect(t.received).toContainEqual({ type: 'event.opened', event: { ...visited, is_attending: true, attendee_count: 5 } });
    expect(t.calls.people).toHaveBeenCalled();
    expect(t.calls.zones).toHaveBeenCalled();
  });

  it('reads the event again once joined: before, its count was only of the viewer’s connections (issue 40)', async () => {
    const asAttendee = { ...visited, is_attending: true, attendee_count: 12 };
    let reads = 0;
    const t = start({ event: async () => (reads++ === 0 ? visited : asAttendee), join: async () => ({ success: true }) }, visited);
    await flush();
    t.child.send({ type: 'event.joinRequested' });
    await flush();
    expect(t.calls.event).toHaveBeenCalledTimes(2);
    expect(t.child.getSnapshot().context.event).toEqual(asAttendee);
  });

  it('says SPEC’s words when Join fails, and offers it again', async () => {
    const t = start({ event: async () => visited, join: failing }, visited);
    await flush();
    t.child.send({ type: 'event.joinRequested' });
    await flush();
    expect(t.received).toContainEqual({ type: 'error.show', message: MESSAGES.failedJoinEvent });
    expect(selectVisiting(t.child.getSnapshot())).toBe(true);
    expect(selectJoining(t.child.getSnapshot())).toBe(false);
    expect(t.calls.people).not.toHaveBeenCalled();
  });

  it('offers no Join to someone attending', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'event.joinRequested' });
    expect(t.calls.join).not.toHaveBeenCalled();
  });
});

describe('eventMachine: entering the event view', () => {
  it('asks for the event, people, zones, groups and recommendations at once', () => {
    const t = start({ people: () => new Promise(() => {}) });
    const ids = { userId: ada.id, eventId: event.id };
    for (const call of [t.calls.event, t.calls.zones, t.calls.communities, t.calls.recommendations]) {
      expect(call).toHaveBeenCalledWith(ids);
    }
    expect(t.calls.people).toHaveBeenCalledWith({ ...ids, offset: 0, count: 30 });
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
      { user: entry.user, compatibility: entry.compatibility, ice_breakers: entry.ice_breakers, social_battery: entry.social_battery, recharging: false, distance_band: null, opening_moves: [], open_to_hello: false },
    ]);
    expect(c.zones).toEqual([zone]);
    expect(c.communities).toEqual([group]);
    expect(c.recommendations).toEqual(recs);
    expect(selectPeopleStatus(t.child.getSnapshot())).toBe('ready');
    // The event as answered is newer than the root's (from the list): the root hears it.
    expect(t.received).toEqual([{ type: 'currentEvent.changed', event: fresh }]);
  });

  it('tells the root nothing when the event is as the root had it', async () => {
    const t = start();
    await flush();
    expect(t.child.getSnapshot().context.event).toEqual(event);
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

  it("listens to a group's chat without joining the group, reads the chats again and opens it (issue 18)", async () => {
    const chatId = 'c2000000-0000-4000-8000-0000000000a1';
    const group = sampleCommunity({ group_chat_id: chatId });
    const t = start({ communities: async () => [group] });
    await flush();
    t.child.send({ type: 'community.listenRequested', chatId });
    expect(t.child.getSnapshot().context.listeningChatId).toBe(chatId);
    t.child.send({ type: 'community.listenRequested', chatId });
    await flush();
    expect(t.calls.listen).toHaveBeenCalledTimes(1);
    expect(t.calls.listen).toHaveBeenCalledWith({ userId: ada.id, chatId });
    expect(t.received).toContainEqual({ type: 'groupChat.opened', chatId });
    expect(t.calls.groupChats).toHaveBeenCalledTimes(2);
    expect(t.child.getSnapshot().context).toMatchObject({ listeningChatId: null, communities: [group] });
  });

  it("does not listen to the chat of a group one belongs to, or of none of the event's groups", async () => {
    const chatId = 'c2000000-0000-4000-8000-0000000000a1';
    const t = start({ communities: async () => [sampleCommunity({ group_chat_id: chatId, is_member: true })] });
    await flush();
    t.child.send({ type: 'community.listenRequested', chatId });
    t.child.send({ type: 'community.listenRequested', chatId: 'c2000000-0000-4000-8000-0000000000a2' });
    await flush();
    expect(t.calls.listen).not.toHaveBeenCalled();
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
    expect(t.calls.block).toHaveBeenCalledWith({ userId: ada.id, blockedId: sam.user.id });
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
    expect(card.getSnapshot().context.connection.getSnapshot().context.eventId).toBe(event.id);
    card.send({ type: 'toast.show', message: MESSAGES.connectionRequestSent, kind: 'success' });
    card.send({ type: 'session.expired' });
    expect(t.received).toEqual([
      { type: 'toast.show', message: MESSAGES.connectionRequestSent, kind: 'success' },
      { type: 'session.expired' },
    ]);
  });

  it("loads the group chats and keeps each one's latest line live", async () => {
    const chat: GroupChat = { id: 'c2000000-0000-4000-8000-000000000001', ...writtenName('Everyone'), event_id: event.id, community_id: null, closed: false, last_message: null };
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

describe('eventMachine: people moving', () => {
  it('spreads the refreshes over less than the time until positions are next reported', () => {
    expect(MOVED_SPREAD_MS).toBeLessThan(LOCATION_INTERVAL_MS);
  });

  it('refreshes after a random wait of at most MOVED_SPREAD_MS, once for a burst, at once for Try again', async () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      const t = start({ people: async () => [sampleEntry()] });
      await flush();
      expect(t.calls.people).toHaveBeenCalledTimes(1);
      t.child.send({ type: 'people.moved' });
      t.child.send({ type: 'people.moved' });
      t.clock.increment(MOVED_SPREAD_MS / 2 - 1);
      await flush();
      expect(t.calls.people).toHaveBeenCalledTimes(1);
      t.clock.increment(1);
      await flush();
      expect(t.calls.people).toHaveBeenCalledTimes(2);
      // A person's own Try again does not wait.
      t.child.send({ type: 'people.moved' });
      t.child.send({ type: 'people.reloaded' });
      await flush();
      expect(t.calls.people).toHaveBeenCalledTimes(3);
      t.clock.increment(MOVED_SPREAD_MS);
      await flush();
      expect(t.calls.people).toHaveBeenCalledTimes(3);
    } finally {
      random.mockRestore();
    }
  });
});

describe('eventMachine: where the viewer stands with each person', () => {
  const buttonOf = (card: UserCardActorRef) => selectConnectionButton(card.getSnapshot().context.connection.getSnapshot());
  const cardsOf = (t: ReturnType<typeof start>) => t.child.getSnapshot().context.cards.map((c) => c.ref);

  const as = (e: NearbyEntry, connection_status: ConnectionStatus): NearbyEntry => ({ ...e, connection_status });

  it('starts each card as its entry says, a declined request still Request Sent', async () => {
    const [friend, asked, declined, asker, stranger] = Array.from({ length: 5 }, () => sampleEntry());
    const t = start({
      people: async () => [
        as(friend!, 'connected'),
        as(asked!, 'request_sent'),
        // The server answers request_sent to the sender of a declined request (DESIGN 5).
        as(declined!, 'request_sent'),
        as(asker!, 'request_received'),
        as(stranger!, 'none'),
      ],
    });
    await flush();
    expect(cardsOf(t).map(buttonOf)).toEqual(['chat', 'requestSent', 'requestSent', 'checkRequest', 'connect']);
  });

  it('does not retell shown cards on the refreshes as people move, but does on the first after a reconnect', async () => {
    const sam = sampleEntry();
    const answers = [as(sam, 'none'), as(sam, 'connected'), as(sam, 'connected')];
    const t = start({ people: async () => [answers.shift()!] });
    await flush();
    const card = cardsOf(t)[0]!;
    expect(buttonOf(card)).toBe('connect');
    // An answer that left before news arrived must not set a card back: refreshes keep it.
    t.child.send({ type: 'people.reloaded' });
    await flush();
    expect(t.calls.people).toHaveBeenCalledTimes(2);
    expect(cardsOf(t)[0]).toBe(card);
    expect(buttonOf(card)).toBe('connect');
    t.child.send({ type: 'live.reconnected' });
    await flush();
    expect(t.calls.people).toHaveBeenCalledTimes(3);
    expect(buttonOf(card)).toBe('chat');
  });

  it('keeps a request just sent through the refreshes that follow', async () => {
    const sam = sampleEntry();
    const t = start({ people: async () => [as(sam, 'none')] });
    await flush();
    const card = cardsOf(t)[0]!;
    card.send({ type: 'connection.statusLoaded', status: 'request_sent' });
    t.child.send({ type: 'people.reloaded' });
    await flush();
    expect(t.calls.people).toHaveBeenCalledTimes(2);
    expect(buttonOf(card)).toBe('requestSent');
  });

  it('starts the people of the next page as their entries say', async () => {
    const crowd = sampleCrowd(45);
    crowd[40] = as(crowd[40]!, 'request_sent');
    const discover = fakeDiscover(() => crowd);
    const t = start({ people: (r) => loadNearbyRange(discover, r) });
    await flush();
    t.child.send({ type: 'people.moreRequested' });
    await flush();
    expect(buttonOf(cardsOf(t)[40]!)).toBe('requestSent');
    expect(buttonOf(cardsOf(t)[39]!)).toBe('connect');
  });

  it('moves a card live when that person asks, or accepts', async () => {
    const sam = sampleEntry();
    const kim = sampleEntry();
    const t = start({ people: async () => [sam, as(kim, 'request_sent')] });
    await flush();
    const [samCard, kimCard] = cardsOf(t);
    const request = { sender: { id: sam.user.id } } as ReceivedRequest;
    t.child.send({ type: 'live.connection_request', request });
    expect(buttonOf(samCard!)).toBe('checkRequest');
    const connection = { connected_user: { id: kim.user.id } } as Connection;
    t.child.send({ type: 'live.connection_accepted', connection });
    expect(buttonOf(kimCard!)).toBe('chat');
  });
});

describe('eventMachine: people a page at a time', () => {
  /** The machine over a fake GET /discover that pages `everyone` as the server does. */
  function startPaged(everyone: () => NearbyEntry[], a: Answers = {}) {
    const discover = fakeDiscover(everyone);
    const t = start({ people: (r) => loadNearbyRange(discover, r), ...a });
    const shown = () => t.child.getSnapshot().context.cards.map((c) => c.userId);
    const more = () => selectMorePeople(t.child.getSnapshot());
    const pages = () => discover.mock.calls.map(([, , page]) => page);
    return { ...t, discover, shown, more, pages };
  }
  const idsOf = (entries: NearbyEntry[]) => entries.map((e) => e.user.id);

  it('shows the first 30 and offers more when that page was full', async () => {
    const crowd = sampleCrowd(45);
    const t = startPaged(() => crowd);
    expect(t.more()).toBe('hidden');
    await flush();
    expect(t.pages()).toEqual([{ offset: 0, limit: 30 }]);
    expect(t.shown()).toEqual(idsOf(crowd.slice(0, 30)));
    expect(t.more()).toBe('offered');
  });

  it('appends the next page from the number shown, keeping the cards already there', async () => {
    const crowd = sampleCrowd(45);
    const t = startPaged(() => crowd);
    await flush();
    const first = t.child.getSnapshot().context.cards[0]!.ref;
    first.send({ type: 'card.detailsToggled' });
    t.child.send({ type: 'people.moreRequested' });
    expect(t.more()).toBe('loading');
    expect(selectPeopleStatus(t.child.getSnapshot())).toBe('ready');
    await flush();
    expect(t.pages()).toEqual([
      { offset: 0, limit: 30 },
      { offset: 30, limit: 30 },
    ]);
    expect(t.shown()).toEqual(idsOf(crowd));
    expect(t.child.getSnapshot().context.cards[0]!.ref).toBe(first);
    expect(first.getSnapshot().matches({ details: 'shown' })).toBe(true);
    // 15 came back where 30 were asked for: nobody is left to show.
    expect(t.more()).toBe('hidden');
    t.child.send({ type: 'people.moreRequested' });
    await flush();
    expect(t.discover).toHaveBeenCalledTimes(2);
  });

  it('offers nothing more when the first page is short', async () => {
    const t = startPaged(() => sampleCrowd(12));
    await flush();
    expect(t.shown()).toHaveLength(12);
    expect(t.more()).toBe('hidden');
    t.child.send({ type: 'people.moreRequested' });
    await flush();
    expect(t.discover).toHaveBeenCalledTimes(1);
  });

  it('hides the offer when a full page turns out to be the last', async () => {
    const t = startPaged(() => sampleCrowd(30));
    await flush();
    expect(t.more()).toBe('offered');
    t.child.send({ type: 'people.moreRequested' });
    await flush();
    expect(t.pages()[1]).toEqual({ offset: 30, limit: 30 });
    expect(t.shown()).toHaveLength(30);
    expect(t.more()).toBe('hidden');
  });

  it('shows each person once when someone moves up between pages', async () => {
    let crowd = sampleCrowd(70);
    const t = startPaged(() => crowd);
    await flush();
    // The 40th rises to the top: the 30th is pushed onto the next page and comes back in it.
    const riser = crowd[39]!;
    crowd = [{ ...riser, social_battery: 3 }, ...crowd.slice(0, 39), ...crowd.slice(40)];
    const thirtieth = t.child.getSnapshot().context.cards[29]!;
    t.child.send({ type: 'people.moreRequested' });
    await flush();
    const shown = t.shown();
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown).toHaveLength(59);
    expect(shown[29]).toBe(thirtieth.userId);
    expect(t.child.getSnapshot().context.cards[29]!.ref).toBe(thirtieth.ref);
    expect(shown.slice(30)).toEqual(idsOf(crowd.slice(31, 60)).filter((id) => id !== riser.user.id));
    expect(Object.keys(t.child.getSnapshot().children).filter((id) => id.startsWith('card-'))).toHaveLength(59);
    expect(t.more()).toBe('offered');
    // The next page starts after the 59 shown.
    t.child.send({ type: 'people.moreRequested' });
    await flush();
    expect(t.pages()[2]).toEqual({ offset: 59, limit: 30 });
    expect(new Set(t.shown()).size).toBe(69);
    // The riser went above the pages loaded: the next refresh, from the top, brings them in.
    expect(t.shown()).not.toContain(riser.user.id);
    t.child.send({ type: 'people.reloaded' });
    await flush();
    expect(t.pages()[3]).toEqual({ offset: 0, limit: 69 });
    expect(t.shown()).toEqual(idsOf(crowd.slice(0, 69)));
  });

  it('keeps the people shown when the next page fails, says so, and tries that page again', async () => {
    const crowd = sampleCrowd(45);
    let down = true;
    const t = startPaged(() => crowd);
    await flush();
    t.discover.mockImplementationOnce(async () => {
      if (down) throw new ApiError(503, null);
      return [];
    });
    t.child.send({ type: 'people.moreRequested' });
    await flush();
    expect(t.more()).toBe('failed');
    expect(t.shown()).toEqual(idsOf(crowd.slice(0, 30)));
    expect(selectPeopleStatus(t.child.getSnapshot())).toBe('ready');
    expect(t.received).toEqual([{ type: 'error.show', message: MESSAGES.failedLoadEventAttendees }]);
    down = false;
    t.child.send({ type: 'people.moreRequested' });
    expect(t.more()).toBe('loading');
    await flush();
    expect(t.pages().slice(1)).toEqual([
      { offset: 30, limit: 30 },
      { offset: 30, limit: 30 },
    ]);
    expect(t.shown()).toEqual(idsOf(crowd));
    expect(t.more()).toBe('hidden');
  });

  it('a lost session while loading more goes to the root, without an error', async () => {
    const t = startPaged(() => sampleCrowd(45));
    await flush();
    t.discover.mockRejectedValueOnce(new ApiError(401, null));
    t.child.send({ type: 'people.moreRequested' });
    await flush();
    expect(t.received).toEqual([{ type: 'session.expired' }]);
    expect(t.shown()).toHaveLength(30);
  });

  it('a live refresh loads everyone shown again from the top, so the list keeps its length', async () => {
    let crowd = sampleCrowd(80);
    const t = startPaged(() => crowd);
    await flush();
    t.child.send({ type: 'people.moreRequested' });
    await flush();
    expect(t.shown()).toHaveLength(60);
    // Someone leaves and the order changes; the refresh follows it.
    crowd = [crowd[5]!, ...crowd.slice(0, 5), ...crowd.slice(7)];
    t.child.send({ type: 'people.reloaded' });
    expect(selectPeopleStatus(t.child.getSnapshot())).toBe('loading');
    expect(t.more()).toBe('offered');
    await flush();
    expect(t.pages()[2]).toEqual({ offset: 0, limit: 60 });
    expect(t.shown()).toEqual(idsOf(crowd.slice(0, 60)));
    expect(t.more()).toBe('offered');
    t.child.send({ type: 'live.reconnected' });
    await flush();
    expect(t.pages()[3]).toEqual({ offset: 0, limit: 60 });
    // Fewer people than were shown now: the list shrinks to them and nothing more is offered.
    crowd = crowd.slice(0, 40);
    t.child.send({ type: 'people.reloaded' });
    await flush();
    expect(t.shown()).toEqual(idsOf(crowd));
    expect(t.more()).toBe('hidden');
    expect(t.child.getSnapshot().context.cards).toHaveLength(40);
  });

  it('refreshes more than 100 shown in pages of 100', async () => {
    const crowd = sampleCrowd(140);
    const t = startPaged(() => crowd);
    await flush();
    for (let i = 0; i < 4; i++) {
      t.child.send({ type: 'people.moreRequested' });
      await flush();
    }
    expect(t.shown()).toHaveLength(140);
    expect(t.more()).toBe('hidden');
    t.discover.mockClear();
    t.child.send({ type: 'people.reloaded' });
    await flush();
    expect(t.pages()).toEqual([
      { offset: 0, limit: 100 },
      { offset: 100, limit: 40 },
    ]);
    expect(t.shown()).toEqual(idsOf(crowd));
    expect(t.more()).toBe('offered');
  });

  it('shows each person once when the ranking moves between the pages of a refresh', async () => {
    let crowd = sampleCrowd(140);
    const t = startPaged(() => crowd);
    await flush();
    for (let i = 0; i < 4; i++) {
      t.child.send({ type: 'people.moreRequested' });
      await flush();
    }
    const before = crowd;
    // Someone new ranks first between the two pages: the 100th comes back on the second.
    t.discover.mockImplementationOnce(async () => {
      crowd = [sampleEntry(), ...before];
      return before.slice(0, 100);
    });
    t.child.send({ type: 'people.reloaded' });
    await flush();
    expect(t.pages().slice(-2)).toEqual([
      { offset: 0, limit: 100 },
      { offset: 100, limit: 40 },
    ]);
    expect(t.shown()).toEqual(idsOf(before.slice(0, 139)));
    expect(Object.keys(t.child.getSnapshot().children).filter((id) => id.startsWith('card-'))).toHaveLength(139);
  });

  it('runs a refresh that arrives while the next page loads once that page has landed', async () => {
    const crowd = sampleCrowd(80);
    const t = startPaged(() => crowd);
    await flush();
    const page = deferred<NearbyEntry[]>();
    t.discover.mockImplementationOnce(() => page.promise);
    t.child.send({ type: 'people.moreRequested' });
    t.child.send({ type: 'people.reloaded' });
    expect(t.more()).toBe('loading');
    expect(t.discover).toHaveBeenCalledTimes(2);
    page.resolve(crowd.slice(30, 60));
    await flush();
    expect(t.pages().slice(1)).toEqual([
      { offset: 30, limit: 30 },
      { offset: 0, limit: 60 },
    ]);
    expect(t.shown()).toEqual(idsOf(crowd.slice(0, 60)));
    expect(t.more()).toBe('offered');
  });

  it('loads the next page first when it is asked for during a refresh, then refreshes', async () => {
    const crowd = sampleCrowd(80);
    const t = startPaged(() => crowd);
    await flush();
    const refresh = deferred<NearbyEntry[]>();
    t.discover.mockImplementationOnce(() => refresh.promise);
    t.child.send({ type: 'people.reloaded' });
    t.child.send({ type: 'people.moreRequested' });
    expect(t.more()).toBe('loading');
    await flush();
    refresh.resolve([]); // the refresh set aside: its answer is not used
    await flush();
    expect(t.pages().slice(1)).toEqual([
      { offset: 0, limit: 30 },
      { offset: 30, limit: 30 },
      { offset: 0, limit: 60 },
    ]);
    expect(t.shown()).toEqual(idsOf(crowd.slice(0, 60)));
  });

  it('asks for the next page after the people left once someone is blocked', async () => {
    const crowd = sampleCrowd(45);
    const t = startPaged(() => crowd);
    await flush();
    t.child.send({ type: 'card.blocked', userId: crowd[3]!.user.id });
    t.child.send({ type: 'people.moreRequested' });
    await flush();
    expect(t.pages()[1]).toEqual({ offset: 29, limit: 30 });
  });

  it("tells the root of a card's block, so nothing more is said about the person (issue 40)", async () => {
    const crowd = sampleCrowd(5);
    const t = startPaged(() => crowd);
    await flush();
    t.child.send({ type: 'card.blocked', userId: crowd[2]!.user.id });
    expect(t.received).toContainEqual({ type: 'person.blocked', userId: crowd[2]!.user.id });
    expect(t.shown()).not.toContain(crowd[2]!.user.id);
  });
});

describe('eventMachine: its organizers change it (issue 17)', () => {
  const changed = (change: EventChange, eventId = event.id) => ({ type: 'live.event_changed' as const, event_id: eventId, change });
  const otherEvent = 'e0000000-0000-4000-8000-0000000000ff';

  /** The chart with everything loaded once, and each call's count cleared. */
  async function loaded(a: Answers = {}) {
    const t = start(a);
    await flush();
    for (const call of Object.values(t.calls)) call.mockClear();
    return t;
  }

  it('reads the event again when its details change, and tells the root its new name and times', async () => {
    const moved = { ...event, name: 'Quiet Founders Brunch', start_time: '2030-05-02T09:00:00.000Z', end_time: '2030-05-02T11:00:00.000Z' };
    const t = await loaded();
    t.calls.event.mockImplementation(async () => moved);
    t.child.send(changed('details'));
    await flush();
    expect(t.calls.event).toHaveBeenCalledWith({ userId: ada.id, eventId: event.id });
    expect(t.child.getSnapshot().context.event).toEqual(moved);
    expect(t.received).toEqual([{ type: 'currentEvent.changed', event: moved }]);
    // Nothing else is read again.
    for (const call of [t.calls.people, t.calls.zones, t.calls.communities, t.calls.groupChats]) expect(call).not.toHaveBeenCalled();
  });

  it('reads the event again when its organizers change: the viewer may be one now', async () => {
    const t = await loaded();
    t.calls.event.mockImplementation(async () => ({ ...event, organizer_role: 'co_organizer' }));
    t.child.send(changed('organizers'));
    await flush();
    expect(t.child.getSnapshot().context.event.organizer_role).toBe('co_organizer');
  });

  it('keeps the event it has when reading it again fails, and only logs it', async () => {
    const t = await loaded();
    t.calls.event.mockImplementation(failing);
    t.child.send(changed('details'));
    await flush();
    expect(t.child.getSnapshot().context.event).toEqual(event);
    expect(t.calls.logged).toHaveBeenCalledWith('load event');
    expect(t.received).toEqual([]);
  });

  it('takes the answer to the latest change when a second arrives while the first is read', async () => {
    const t = await loaded();
    const first = deferred<Event>();
    t.calls.event.mockImplementationOnce(() => first.promise).mockImplementationOnce(async () => ({ ...event, name: 'Second' }));
    t.child.send(changed('details'));
    t.child.send(changed('details'));
    first.resolve({ ...event, name: 'First' });
    await flush();
    expect(t.calls.event).toHaveBeenCalledTimes(2);
    expect(t.child.getSnapshot().context.event.name).toBe('Second');
  });

  it('reads the zones again when they change', async () => {
    const moved = sampleZone({ name: 'Library corner' });
    const t = await loaded({ zones: async () => [sampleZone()] });
    t.calls.zones.mockImplementation(async () => [moved]);
    t.child.send(changed('zones'));
    await flush();
    expect(t.child.getSnapshot().context.zones).toEqual([moved]);
    expect(t.calls.event).not.toHaveBeenCalled();
    expect(t.calls.communities).not.toHaveBeenCalled();
  });

  it('reads the interest groups and the group chats again when a group is added, dropping a join on its way', async () => {
    const board = sampleCommunity({ name: 'Board games' });
    const walks = sampleCommunity({ id: 'd0000000-0000-4000-8000-000000000002', name: 'Walks' });
    const t = await loaded({ communities: async () => [board], joinCommunity: () => new Promise(() => {}) });
    t.child.send({ type: 'community.joinRequested', communityId: board.id });
    expect(t.child.getSnapshot().context.joiningCommunityId).toBe(board.id);
    t.calls.communities.mockImplementation(async () => [{ ...board, is_member: true, member_count: 1 }, walks]);
    t.child.send(changed('communities'));
    expect(t.child.getSnapshot().context.joiningCommunityId).toBeNull();
    await flush();
    expect(t.child.getSnapshot().context.communities.map((c) => c.name)).toEqual(['Board games', 'Walks']);
    expect(t.calls.groupChats).toHaveBeenCalledTimes(1);
    expect(t.child.getSnapshot().matches({ communities: 'ready' })).toBe(true);
  });

  it('reads nothing again for an announcement (its notification says it) or for another event', async () => {
    const t = await loaded();
    t.child.send(changed('announcement'));
    for (const change of ['details', 'zones', 'communities', 'cancelled'] as const) t.child.send(changed(change, otherEvent));
    await flush();
    for (const call of Object.values(t.calls)) expect(call).not.toHaveBeenCalled();
    expect(t.received).toEqual([]);
  });

  it.each(['cancelled', 'taken_down'] as const)(
    'leaves for the events list when the event is %s, adding no toast to the notification that says why',
    async (change) => {
      const t = await loaded();
      t.child.send(changed(change));
      expect(t.received).toEqual([{ type: 'view.opened', view: 'events' }]);
    },
  );
});

describe('loadNearbyRange', () => {
  it('asks in pages of at most 100 and stops at a short page', async () => {
    const crowd = sampleCrowd(130);
    const discover = fakeDiscover(() => crowd);
    const range = { userId: ada.id, eventId: event.id };
    expect(await loadNearbyRange(discover, { ...range, offset: 0, count: 250 })).toHaveLength(130);
    expect(discover.mock.calls.map(([, , page]) => page)).toEqual([
      { offset: 0, limit: 100 },
      { offset: 100, limit: 100 },
    ]);
    discover.mockClear();
    expect(await loadNearbyRange(discover, { ...range, offset: 30, count: 30 })).toEqual(crowd.slice(30, 60));
    expect(discover).toHaveBeenCalledWith(ada.id, event.id, { offset: 30, limit: 30 });
  });
});

describe('eventMachine: small groups (issue 43)', () => {
  it('tells the pod card, by an emitted pod.formed, when a pod formed', async () => {
    const t = start();
    await flush();
    const heard = vi.fn();
    const sub = t.child.on('pod.formed', heard);
    t.child.send({ type: 'live.pod_formed', event_id: event.id, pod_id: 'b0000000-0000-4000-8000-000000000001' });
    expect(heard).toHaveBeenCalledWith({ type: 'pod.formed', eventId: event.id });
    sub.unsubscribe();
  });
});
