import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { UserSearchBody, UserSearchResult } from '../../../contract/discovery';
import { MESSAGES } from '../../../contract/messages';
import { ApiError } from '../../../machines/api/client';
import { selectConnectionButton } from '../../../machines/people/connection-request.machine';
import { AGES_REVERSED, emptySearchDraft, searchBody, userSearchMachine, type SearchDraft } from '../../../machines/people/user-search.machine';
import { mayWrite } from '../../../machines/people/user-card.machine';
import { ada } from '../app.fakes';
import { asChild, flush, samplePerson } from '../discovery.fakes';
import { english } from '../../../contract/said';

describe('searchBody (SPEC 5 "User search")', () => {
  it('sends empty filters as empty or null', () => {
    expect(searchBody(emptySearchDraft)).toEqual({
      query: '',
      interests: [],
      professional_industry: null,
      communication_style: null,
      age_range: null,
    });
  });

  it('trims the query, splits the interests on commas and drops empty items', () => {
    const body = searchBody({ ...emptySearchDraft, query: '  maya ', interests: ' jazz, , board games ,', industry: ' Design ' });
    expect(body).toMatchObject({ query: 'maya', interests: ['jazz', 'board games'], professional_industry: 'Design' });
  });

  it('sends the chosen style, and none for any', () => {
    expect(searchBody({ ...emptySearchDraft, communication_style: 'introverted' }).communication_style).toBe('introverted');
    expect(searchBody({ ...emptySearchDraft, communication_style: 'any' }).communication_style).toBeNull();
  });

  it.each([
    [{ ageMin: '25', ageMax: '40' }, [25, 40]],
    [{ ageMin: '25.7', ageMax: '40' }, [25, 40]],
    [{ ageMin: '25', ageMax: '' }, null],
    [{ ageMin: '', ageMax: '40' }, null],
    [{ ageMin: ' ', ageMax: '40' }, null],
    [{ ageMin: 'x', ageMax: '40' }, null],
  ] as Array<[Partial<SearchDraft>, [number, number] | null]>)('age %j gives age_range %j', (ages, range) => {
    expect(searchBody({ ...emptySearchDraft, ...ages }).age_range).toEqual(range);
  });
});

function start(search: (input: { userId: string; body: UserSearchBody }) => Promise<UserSearchResult[]>) {
  const calls = vi.fn(search);
  const focus = vi.fn();
  const machine = userSearchMachine.provide({
    actors: { searchUsers: fromPromise<UserSearchResult[], { userId: string; body: UserSearchBody }>(({ input }) => calls(input)) },
    actions: { logFailure: () => {}, focusFirstError: () => focus() },
  });
  return { ...asChild(machine, { user: ada }), calls, focus };
}

describe('userSearchMachine', () => {
  it('keeps the draft, searches with its body and shows a card per person', async () => {
    const people = [samplePerson(), samplePerson()];
    const t = start(async () => people);
    t.child.send({ type: 'search.fieldChanged', field: 'interests', value: 'jazz, chess' });
    t.child.send({ type: 'search.fieldChanged', field: 'ageMin', value: '20' });
    expect(t.child.getSnapshot().context.draft).toEqual({ ...emptySearchDraft, interests: 'jazz, chess', ageMin: '20' });
    t.child.send({ type: 'search.submitted' });
    expect(t.child.getSnapshot().matches('searching')).toBe(true);
    expect(t.calls).toHaveBeenCalledWith({ userId: ada.id, body: searchBody({ ...emptySearchDraft, interests: 'jazz, chess', ageMin: '20' }) });
    await flush();
    const c = t.child.getSnapshot().context;
    expect(c.searched).toBe(true);
    expect(c.cards.map((card) => card.ref.getSnapshot().context.person)).toEqual(
      people.map((user) => ({ user, compatibility: null, ice_breakers: [], social_battery: null, can_message: true })),
    );
  });

  it('carries whether each person takes messages now, so a card offers Chat only then (issue 16)', async () => {
    const [open, closed] = [samplePerson({ name: 'Sam Reed' }), samplePerson({ name: 'Kim Park' })];
    const t = start(async () => [
      { ...open, can_message: true },
      { ...closed, can_message: false },
    ]);
    t.child.send({ type: 'search.submitted' });
    await flush();
    const writable = t.child.getSnapshot().context.cards.map((card) => mayWrite(card.ref.getSnapshot().context.person));
    expect(writable).toEqual([true, false]);
  });

  it('says when nobody matched', async () => {
    const t = start(async () => []);
    t.child.send({ type: 'search.submitted' });
    await flush();
    expect(t.child.getSnapshot().context).toMatchObject({ searched: true, cards: [] });
  });

  it('shows a failed search and lets the person try again', async () => {
    let fail = true;
    const t = start(async () => {
      if (fail) throw new ApiError(500, null);
      return [samplePerson()];
    });
    t.child.send({ type: 'search.submitted' });
    await flush();
    expect(t.child.getSnapshot().matches('failed')).toBe(true);
    fail = false;
    t.child.send({ type: 'search.submitted' });
    await flush();
    expect(t.child.getSnapshot().context.cards).toHaveLength(1);
  });
});

describe('userSearchMachine: rules and refusals beside their fields', () => {
  it('says a reversed age range beside "Age to" before searching, and focuses it', () => {
    const t = start(async () => []);
    t.child.send({ type: 'search.fieldChanged', field: 'ageMin', value: '40' });
    t.child.send({ type: 'search.fieldChanged', field: 'ageMax', value: '30' });
    t.child.send({ type: 'search.submitted' });
    expect(t.calls).not.toHaveBeenCalled();
    expect(t.child.getSnapshot().context.errors).toEqual({ fields: { ageMax: AGES_REVERSED }, form: null });
    expect(t.focus).toHaveBeenCalledTimes(1);
    t.child.send({ type: 'search.fieldChanged', field: 'ageMax', value: '50' });
    expect(t.child.getSnapshot().context.errors).toEqual({ fields: {}, form: null });
  });

  it('marks a field the server refuses, in words', async () => {
    const t = start(async () => {
      throw new ApiError(400, 'query: Too big: expected string to have <=100 characters');
    });
    t.child.send({ type: 'search.submitted' });
    await flush();
    expect(t.child.getSnapshot().matches('failed')).toBe(true);
    expect(english(t.child.getSnapshot().context.errors.fields)).toEqual(english({ query: 'Your search can be at most 100 characters long.' }));
  });
});

describe('userSearchMachine: Connect on a result', () => {
  it('starts each card from where the two stand, so a connection is offered Chat, not Connect', async () => {
    const [friend, asked, stranger] = [samplePerson(), samplePerson(), samplePerson()];
    const t = start(async () => [
      { ...friend, connection_status: 'connected' as const },
      { ...asked, connection_status: 'request_sent' as const },
      stranger,
    ]);
    t.child.send({ type: 'search.submitted' });
    await flush();
    const buttons = () =>
      t.child.getSnapshot().context.cards.map((c) => selectConnectionButton(c.ref.getSnapshot().context.connection.getSnapshot()));
    expect(buttons()).toEqual(['chat', 'requestSent', 'connect']);
    // A second search that finds the same people again brings their cards up to date.
    t.calls.mockImplementationOnce(async () => [
      { ...friend, connection_status: 'connected' as const },
      { ...asked, connection_status: 'connected' as const },
      { ...stranger, connection_status: 'request_received' as const },
    ]);
    t.child.send({ type: 'search.submitted' });
    await flush();
    expect(buttons()).toEqual(['chat', 'chat', 'checkRequest']);
  });

  it('gives each card a connection chart naming no event, and passes its toast and a lost session to the root', async () => {
    const sam = samplePerson();
    const t = start(async () => [sam]);
    t.child.send({ type: 'search.submitted' });
    await flush();
    const card = t.child.getSnapshot().context.cards[0]!.ref;
    const connection = card.getSnapshot().context.connection.getSnapshot().context;
    expect(connection).toMatchObject({ userId: ada.id, otherId: sam.id, otherName: sam.name, eventId: null, status: 'none' });
    card.send({ type: 'toast.show', message: MESSAGES.connectionRequestSent, kind: 'success' });
    card.send({ type: 'session.expired' });
    expect(t.received).toEqual([
      { type: 'toast.show', message: MESSAGES.connectionRequestSent, kind: 'success' },
      { type: 'session.expired' },
    ]);
  });
});
