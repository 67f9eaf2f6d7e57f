/** recap (issue 43 item 4): opened on demand, the people and how, notes one at a time, the cards shared or downloaded. */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Recap } from '../../../contract/recap';
import { ApiError } from '../../../machines/api/client';
import { recapMachine, RECAP_WORDS, selectHasCards, selectNoteSaving, selectRecapStep, selectSharing } from '../../../machines/event/recap.machine';
import { english } from '../../../contract/said';
import { flush, samplePerson } from '../discovery.fakes';

const sam = samplePerson({ name: 'Sam Reed' });
const kim = samplePerson({ name: 'Kim Ode' });
const input = { userId: 'a0000000-0000-4000-8000-000000000001', eventId: 'e0000000-0000-4000-8000-000000000001', eventName: 'Quiet meetup' };
const recap: Recap = {
  people: [
    { user: sam, how: ['connected', 'chatted'], note: null, has_card: true },
    { user: kim, how: ['met'], note: 'Owls', has_card: false },
  ],
};

function start(opts: { load?: () => Promise<Recap>; save?: (i: { personId: string; note: string }) => Promise<{ note: string | null }>; share?: () => Promise<'shared' | 'downloaded'> } = {}) {
  const load = vi.fn(opts.load ?? (async () => recap));
  const save = vi.fn(opts.save ?? (async (i: { note: string }) => ({ note: i.note.trim() || null })));
  const share = vi.fn(opts.share ?? (async () => 'downloaded' as const));
  const actor = createActor(
    recapMachine.provide({
      actors: {
        loadRecap: fromPromise(() => load()),
        saveNote: fromPromise(({ input: i }: { input: { userId: string; eventId: string; personId: string; note: string } }) => save(i)),
        shareCards: fromPromise(() => share()),
      },
      actions: { logFailure: () => {} },
    }),
    { input },
  ).start();
  return { actor, load, save, share, snap: () => actor.getSnapshot() };
}

describe('recapMachine', () => {
  it('stays closed until opened, then lists the people', async () => {
    const t = start();
    expect(selectRecapStep(t.snap())).toBe('closed');
    expect(t.load).not.toHaveBeenCalled();
    t.actor.send({ type: 'recap.opened' });
    expect(selectRecapStep(t.snap())).toBe('loading');
    await flush();
    expect(selectRecapStep(t.snap())).toBe('ready');
    expect(t.snap().context.people).toEqual(recap.people);
    expect(selectHasCards(t.snap())).toBe(true);
  });

  it('edits one note at a time, starting from the note kept, and keeps what the server answers', async () => {
    const t = start();
    t.actor.send({ type: 'recap.opened' });
    await flush();
    t.actor.send({ type: 'note.edited', personId: kim.id });
    expect(t.snap().context.editing).toEqual({ personId: kim.id, draft: 'Owls' });
    t.actor.send({ type: 'note.edited', personId: sam.id });
    expect(t.snap().context.editing?.personId).toBe(kim.id);
    t.actor.send({ type: 'note.changed', draft: 'Owls and  moths ' });
    t.actor.send({ type: 'note.saved' });
    expect(selectNoteSaving(t.snap())).toBe(true);
    expect(t.save).toHaveBeenCalledWith({ userId: input.userId, eventId: input.eventId, personId: kim.id, note: 'Owls and  moths ' });
    await flush();
    expect(t.snap().context.editing).toBeNull();
    expect(t.snap().context.people.find((p) => p.user.id === kim.id)?.note).toBe('Owls and  moths');
  });

  it("a refused note is said in the server's words and the draft stays", async () => {
    const t = start({ save: async () => Promise.reject(new ApiError(400, 'note: must be at most 1000 characters')) });
    t.actor.send({ type: 'recap.opened' });
    await flush();
    t.actor.send({ type: 'note.edited', personId: sam.id });
    t.actor.send({ type: 'note.changed', draft: 'x' });
    t.actor.send({ type: 'note.saved' });
    await flush();
    expect(english(t.snap().context.noteError)).toBe('note: must be at most 1000 characters');
    expect(t.snap().context.editing).toEqual({ personId: sam.id, draft: 'x' });
  });

  it('shares the cards, says how it went, and says a failure kindly', async () => {
    const t = start();
    t.actor.send({ type: 'recap.opened' });
    await flush();
    t.actor.send({ type: 'cards.requested' });
    expect(selectSharing(t.snap())).toBe(true);
    await flush();
    expect(t.snap().context.cardsOutcome).toBe('downloaded');
    const u = start({ share: async () => Promise.reject(new Error('offline')) });
    u.actor.send({ type: 'recap.opened' });
    await flush();
    u.actor.send({ type: 'cards.requested' });
    await flush();
    expect(u.snap().context.cardsError).toEqual(RECAP_WORDS.cardsFailed);
  });

  it('a failed load offers to try again', async () => {
    let fail = true;
    const t = start({ load: async () => (fail ? Promise.reject(new ApiError(500, null)) : recap) });
    t.actor.send({ type: 'recap.opened' });
    await flush();
    expect(selectRecapStep(t.snap())).toBe('failed');
    fail = false;
    t.actor.send({ type: 'recap.retried' });
    await flush();
    expect(selectRecapStep(t.snap())).toBe('ready');
  });
});
