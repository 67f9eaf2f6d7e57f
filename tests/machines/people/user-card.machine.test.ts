import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { MESSAGES } from '../../../contract/messages';
import type { ConnectionRequestAnswer } from '../../../contract/social';
import { connectionRequestMachine, selectConnectionButton } from '../../../machines/people/connection-request.machine';
import { blockQuestion, displayName, planCards, userCardMachine, type UserCardInput } from '../../../machines/people/user-card.machine';
import { ada } from '../app.fakes';
import { asChild, flush, samplePerson } from '../discovery.fakes';
import { english } from '../../../contract/said';

const person = { user: samplePerson({ name: 'Sam Reed' }), compatibility: null, ice_breakers: [], social_battery: 5 };

describe('userCardMachine', () => {
  it('toggles the Details panel between hidden and shown', () => {
    const t = asChild(userCardMachine, { viewerId: ada.id, person, eventId: null });
    expect(t.child.getSnapshot().matches({ details: 'hidden' })).toBe(true);
    t.child.send({ type: 'card.detailsToggled' });
    expect(t.child.getSnapshot().matches({ details: 'shown' })).toBe(true);
    t.child.send({ type: 'card.detailsToggled' });
    expect(t.child.getSnapshot().matches({ details: 'hidden' })).toBe(true);
  });

  it('blocks nobody when the question is answered no', () => {
    const t = asChild(userCardMachine, { viewerId: ada.id, person, eventId: null });
    t.child.send({ type: 'card.blockRequested' });
    expect(t.child.getSnapshot().matches({ block: 'confirming' })).toBe(true);
    t.child.send({ type: 'card.blockCancelled' });
    expect(t.child.getSnapshot().matches({ block: 'idle' })).toBe(true);
    expect(t.received).toEqual([]);
  });

  it('asks plainly, naming the person, or not naming an anonymous one', () => {
    expect(english(blockQuestion(person.user))).toBe(english("Block Sam Reed? They won't be able to see you or contact you, and they won't be told."));
    const anon = samplePerson({ is_anonymous: true, name: 'Anonymous' });
    expect(displayName(anon)).toBe('Anonymous attendee');
    expect(english(blockQuestion(anon))).toMatch(/^Block Anonymous attendee\?/);
  });
});

type SendInput = { userId: string; otherId: string; eventId: string | null; message: string };

describe('userCardMachine: where the two stand', () => {
  const eventId = 'e0000000-0000-4000-8000-000000000001';
  function startCard(input: Omit<UserCardInput, 'viewerId' | 'person'>) {
    const sends = vi.fn(async (_input: SendInput): Promise<ConnectionRequestAnswer> => ({ success: true, status: 'request_sent' }));
    const machine = userCardMachine.provide({
      actors: { connectionRequest: connectionRequestMachine.provide({ actors: { sendRequest: fromPromise<ConnectionRequestAnswer, SendInput>(({ input }) => sends(input)) } }) },
    });
    const t = asChild(machine, { viewerId: ada.id, person, ...input });
    const connection = () => t.child.getSnapshot().context.connection;
    return { ...t, sends, connection, button: () => selectConnectionButton(connection().getSnapshot()) };
  }

  it.each([
    ['connected', 'chat'],
    ['request_sent', 'requestSent'],
    ['request_received', 'checkRequest'],
    ['none', 'connect'],
    [undefined, 'connect'],
  ] as const)('starts as the list says (%s), offering %s', (status, button) => {
    expect(startCard({ eventId, status }).button()).toBe(button);
  });

  it('passes what the list learns on to its connection chart', () => {
    const t = startCard({ eventId, status: 'none' });
    t.child.send({ type: 'connection.statusLoaded', status: 'request_sent' });
    expect(t.button()).toBe('requestSent');
    t.child.send({ type: 'connection.accepted' });
    expect(t.button()).toBe('chat');
    const other = startCard({ eventId });
    other.child.send({ type: 'connection.requestReceived' });
    expect(other.button()).toBe('checkRequest');
  });

  it('a search result sends its request naming no event, and tells the list', async () => {
    const t = startCard({ eventId: null });
    t.connection().send({ type: 'connection.composeOpened' });
    t.connection().send({ type: 'connection.submitted' });
    await flush();
    expect(t.sends).toHaveBeenCalledWith({ userId: ada.id, otherId: person.user.id, eventId: null, message: '' });
    expect(t.button()).toBe('requestSent');
    expect(t.received).toEqual([{ type: 'toast.show', message: MESSAGES.connectionRequestSent, kind: 'success' }]);
  });
});

describe('planCards', () => {
  it('keeps, stops and adds cards to follow a new answer, in its order', () => {
    const a = { ...person, user: samplePerson() };
    const b = { ...person, user: samplePerson() };
    const c = { ...person, user: samplePerson() };
    const refA = {} as never;
    const refB = {} as never;
    const plan = planCards(
      [
        { userId: a.user.id, ref: refA },
        { userId: b.user.id, ref: refB },
      ],
      [c, a],
    );
    expect(plan.stop.map((s) => s.userId)).toEqual([b.user.id]);
    expect(plan.update.map((u) => u.slot.userId)).toEqual([a.user.id]);
    expect(plan.order.map((o) => [o.person.user.id, o.existing?.ref ?? null])).toEqual([
      [c.user.id, null],
      [a.user.id, refA],
    ]);
  });
});
