import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { BusinessCard } from '../../../contract/plans';
import { ApiError } from '../../../machines/api/client';
import {
  businessCardMachine,
  CARD_MESSAGES,
  emptyCard,
  filledFields,
  selectCardBusy,
  selectCardMode,
} from '../../../machines/profile/business-card.machine';
import { connectionCardMachine, selectConnectionCard, type ConnectionCardInput } from '../../../machines/people/connection-card.machine';
import { ada } from '../app.fakes';
import { asChild, deferred, flush } from '../discovery.fakes';
import { adaCard } from '../media.fakes';
import { english } from '../../../contract/said';

type SaveInput = { userId: string; card: BusinessCard };

interface Answers {
  load?: (i: { userId: string }) => Promise<BusinessCard | null>;
  save?: (i: SaveInput) => Promise<BusinessCard>;
  remove?: (i: { userId: string }) => Promise<unknown>;
}

const none = async (): Promise<null> => null;
const failing = (status = 500, detail: string | null = null) => async (): Promise<never> => {
  throw new ApiError(status, detail);
};

function start(a: Answers = {}) {
  const calls = {
    load: vi.fn(a.load ?? none),
    save: vi.fn(a.save ?? (async ({ card }: SaveInput) => card)),
    remove: vi.fn(a.remove ?? (async () => ({ success: true }))),
    logged: vi.fn(),
  };
  const machine = businessCardMachine.provide({
    actors: {
      loadCard: fromPromise<BusinessCard | null, { userId: string }>(({ input }) => calls.load(input)),
      saveCard: fromPromise<BusinessCard, SaveInput>(({ input }) => calls.save(input)),
      removeCard: fromPromise<unknown, { userId: string }>(({ input }) => calls.remove(input)),
    },
    actions: { logFailure: (_, params: { what: string }) => calls.logged(params.what) },
  });
  const c = asChild(machine, { user: ada });
  // What the card tells the root besides its edits (issue 39: a test of their own below).
  const t = { ...c, told: () => c.received.filter((e) => !e.type.startsWith('edits.')) };
  return { ...t, calls, mode: () => selectCardMode(t.child.getSnapshot()), ctx: () => t.child.getSnapshot().context };
}

describe('businessCardMachine', () => {
  it('tells the root whether the card being edited differs from the one kept (issue 39)', async () => {
    const card = adaCard();
    const t = start({ load: async () => card });
    await flush();
    t.child.send({ type: 'card.editStarted' });
    t.child.send({ type: 'card.fieldChanged', field: 'company', value: 'Elsewhere Ltd' });
    t.child.send({ type: 'card.fieldChanged', field: 'company', value: card.company ?? '' });
    t.child.send({ type: 'card.fieldChanged', field: 'company', value: 'Elsewhere Ltd' });
    t.child.send({ type: 'card.cancelled' });
    expect(t.received.map((e) => (e as { dirty?: boolean }).dirty)).toEqual([true, false, true, false]);
  });

  it("loads the person's own card and shows it", async () => {
    const card = adaCard();
    const t = start({ load: async () => card });
    expect(t.mode()).toBe('loading');
    expect(t.calls.load).toHaveBeenCalledWith({ userId: ada.id });
    await flush();
    expect(t.mode()).toBe('showing');
    expect(t.ctx().card).toEqual(card);
  });

  it('says there is none yet when the server has none (null), and creates one starting from their name', async () => {
    const t = start();
    await flush();
    expect(t.mode()).toBe('none');
    expect(t.calls.logged).not.toHaveBeenCalled();
    t.child.send({ type: 'card.createStarted' });
    expect(t.mode()).toBe('editing');
    expect(t.ctx().draft).toEqual(emptyCard(ada.name));
    t.child.send({ type: 'card.fieldChanged', field: 'title', value: ' Analyst ' });
    t.child.send({ type: 'card.fieldChanged', field: 'email', value: 'ada@engines.example  ' });
    t.child.send({ type: 'card.saved' });
    expect(selectCardBusy(t.child.getSnapshot())).toBe(true);
    expect(t.calls.save).toHaveBeenCalledWith({
      userId: ada.id,
      card: { ...emptyCard(ada.name), title: 'Analyst', email: 'ada@engines.example' },
    });
    await flush();
    expect(t.mode()).toBe('showing');
    expect(t.ctx().card).toMatchObject({ title: 'Analyst' });
    expect(t.told()).toEqual([{ type: 'toast.show', message: CARD_MESSAGES.saved, kind: 'success' }]);
  });

  it('edits the card from what it holds, and Cancel leaves it unchanged', async () => {
    const card = adaCard();
    const t = start({ load: async () => card });
    await flush();
    t.child.send({ type: 'card.editStarted' });
    expect(t.ctx().draft).toEqual(card);
    t.child.send({ type: 'card.fieldChanged', field: 'company', value: 'Somewhere else' });
    t.child.send({ type: 'card.cancelled' });
    expect(t.mode()).toBe('showing');
    expect(t.ctx().card).toEqual(card);
    t.child.send({ type: 'card.editStarted' });
    expect(t.ctx().draft).toEqual(card);
  });

  it("keeps the draft and shows the server's detail when a field is refused", async () => {
    const t = start({ load: async () => adaCard(), save: failing(400, 'website: must be a web address starting with http:// or https://') });
    await flush();
    t.child.send({ type: 'card.editStarted' });
    t.child.send({ type: 'card.fieldChanged', field: 'website', value: 'ada.example' });
    t.child.send({ type: 'card.saved' });
    await flush();
    expect(t.mode()).toBe('editing');
    expect(english(t.ctx().errors)).toEqual(english({
      fields: { website: 'Please enter your website as a full web address, starting with https://.' },
      form: null,
    }));
    expect(t.ctx().draft.website).toBe('ada.example');
    expect(t.told()).toEqual([]);
  });

  it('falls back to a plain sentence when the save fails without a detail', async () => {
    const t = start({ save: failing(0) });
    await flush();
    t.child.send({ type: 'card.createStarted' });
    t.child.send({ type: 'card.saved' });
    await flush();
    expect(t.ctx().errors).toEqual({ fields: {}, form: CARD_MESSAGES.saveFailed });
  });

  it('removes the card after asking first', async () => {
    const answer = deferred<unknown>();
    const t = start({ load: async () => adaCard(), remove: () => answer.promise });
    await flush();
    t.child.send({ type: 'card.removeRequested' });
    expect(t.mode()).toBe('confirmingRemove');
    expect(t.calls.remove).not.toHaveBeenCalled();
    t.child.send({ type: 'card.removeConfirmed' });
    expect(t.calls.remove).toHaveBeenCalledWith({ userId: ada.id });
    answer.resolve({ success: true });
    await flush();
    expect(t.mode()).toBe('none');
    expect(t.ctx().card).toBeNull();
    expect(t.told()).toEqual([{ type: 'toast.show', message: CARD_MESSAGES.removed, kind: 'success' }]);
  });

  it('keeps the card when the person changes their mind, or the removal fails', async () => {
    const card = adaCard();
    const t = start({ load: async () => card, remove: failing() });
    await flush();
    t.child.send({ type: 'card.removeRequested' });
    t.child.send({ type: 'card.cancelled' });
    expect(t.mode()).toBe('showing');
    t.child.send({ type: 'card.removeRequested' });
    t.child.send({ type: 'card.removeConfirmed' });
    await flush();
    expect(t.mode()).toBe('showing');
    expect(t.ctx().card).toEqual(card);
    expect(t.ctx().error).toBe(CARD_MESSAGES.removeFailed);
    expect(t.calls.logged).toHaveBeenCalledWith('remove business card');
  });

  it('does not offer an empty card when the load fails for another reason, so a real card is never overwritten', async () => {
    const answers = [failing(0), async () => adaCard()];
    const t = start({ load: () => answers.shift()!() });
    await flush();
    expect(t.mode()).toBe('unavailable');
    t.child.send({ type: 'card.createStarted' });
    expect(t.mode()).toBe('unavailable');
    t.child.send({ type: 'card.reloaded' });
    await flush();
    expect(t.mode()).toBe('showing');
  });

  it('tells the root when the session has gone', async () => {
    const t = start({ load: failing(401, 'Not signed in') });
    await flush();
    expect(t.types()).toEqual(['session.expired']);
  });

  it('lists the filled fields in order, name apart', () => {
    expect(filledFields(adaCard({ phone: ' ', bio: '' }))).toEqual([
      ['title', 'Analyst'],
      ['company', 'Analytical Engines Ltd'],
      ['email', 'ada@engines.example'],
      ['linkedin', 'https://www.linkedin.com/in/ada'],
      ['website', 'https://ada.example'],
    ]);
  });
});

describe("connectionCardMachine: a connection's card", () => {
  const sam = 'a0000000-0000-4000-8000-000000000001';

  function startCard(load: (i: ConnectionCardInput) => Promise<BusinessCard | null>) {
    const calls = { load: vi.fn(load), logged: vi.fn() };
    const machine = connectionCardMachine.provide({
      actors: { loadCard: fromPromise<BusinessCard | null, ConnectionCardInput>(({ input }) => calls.load(input)) },
      actions: { logFailure: (_, params: { what: string }) => calls.logged(params.what) },
    });
    return { ...asChild(machine, { viewerId: ada.id, userId: sam }), calls };
  }

  it("loads the connection's card as the viewer", async () => {
    const card = adaCard({ name: 'Sam Reed' });
    const t = startCard(async () => card);
    expect(t.calls.load).toHaveBeenCalledWith({ viewerId: ada.id, userId: sam });
    await flush();
    expect(selectConnectionCard(t.child.getSnapshot())).toEqual(card);
  });

  it('treats no card (null) as none, quietly', async () => {
    const t = startCard(none);
    await flush();
    expect(selectConnectionCard(t.child.getSnapshot())).toBeNull();
    expect(t.calls.logged).not.toHaveBeenCalled();
    expect(t.received).toEqual([]);
  });

  it('treats a failed load as none too (SPEC 3), logging it', async () => {
    const t = startCard(failing(500));
    await flush();
    expect(selectConnectionCard(t.child.getSnapshot())).toBeNull();
    expect(t.calls.logged).toHaveBeenCalledWith('load business card');
    expect(t.received).toEqual([]);
  });
});
