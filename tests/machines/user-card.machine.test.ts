import { describe, expect, it } from 'vitest';
import { blockQuestion, displayName, planCards, userCardMachine } from '../../machines/user-card.machine';
import { ada } from './app.fakes';
import { asChild, samplePerson } from './discovery.fakes';

const person = { user: samplePerson({ name: 'Sam Reed' }), compatibility: null, ice_breakers: [], social_battery: 5 };

describe('userCardMachine', () => {
  it('toggles the Details panel between hidden and shown', () => {
    const t = asChild(userCardMachine, { viewerId: ada.id, person });
    expect(t.child.getSnapshot().matches({ details: 'hidden' })).toBe(true);
    t.child.send({ type: 'card.detailsToggled' });
    expect(t.child.getSnapshot().matches({ details: 'shown' })).toBe(true);
    t.child.send({ type: 'card.detailsToggled' });
    expect(t.child.getSnapshot().matches({ details: 'hidden' })).toBe(true);
  });

  it('blocks nobody when the question is answered no', () => {
    const t = asChild(userCardMachine, { viewerId: ada.id, person });
    t.child.send({ type: 'card.blockRequested' });
    expect(t.child.getSnapshot().matches({ block: 'confirming' })).toBe(true);
    t.child.send({ type: 'card.blockCancelled' });
    expect(t.child.getSnapshot().matches({ block: 'idle' })).toBe(true);
    expect(t.received).toEqual([]);
  });

  it('asks plainly, naming the person, or not naming an anonymous one', () => {
    expect(blockQuestion(person.user)).toBe("Block Sam Reed? They won't be able to see you or contact you, and they won't be told.");
    const anon = samplePerson({ is_anonymous: true, name: 'Anonymous' });
    expect(displayName(anon)).toBe('Anonymous attendee');
    expect(blockQuestion(anon)).toMatch(/^Block Anonymous attendee\?/);
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
