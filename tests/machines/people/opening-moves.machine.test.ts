/**
 * Issue 43's charts: answering an opening move on a card (a short form, sent as a
 * connection request; the card's Connect follows the answer), and the profile's "First
 * steps" (the "Happy to be approached" switch, and the prompts with suggestions from the
 * person's interests that only ever go into the form).
 */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { User } from '../../../contract/common';
import type { OpeningMove } from '../../../contract/opening-move-words';
import { english } from '../../../contract/said';
import { ApiError } from '../../../machines/api/client';
import { selectConnectionButton } from '../../../machines/people/connection-request.machine';
import { ANSWER_WORDS, userCardMachine } from '../../../machines/people/user-card.machine';
import { OPENING_MOVES_WORDS, openingMovesMachine, selectPromptsChanged, suggestionsFor } from '../../../machines/profile/opening-moves.machine';
import { ada } from '../app.fakes';
import { asChild, flush, samplePerson } from '../discovery.fakes';

const MOVE: OpeningMove = { id: 'c0000000-0000-4000-8000-000000000001', text: 'Ask me about my sourdough' };
const EVENT = 'e0000000-0000-4000-8000-000000000001';
const person = { user: samplePerson({ name: 'Sam Reed' }), compatibility: null, ice_breakers: [], social_battery: 6, opening_moves: [MOVE], open_to_hello: true };

type AnswerInput = { userId: string; moveId: string; answer: string; eventId: string };

function card(send: (input: AnswerInput) => Promise<'request_sent' | 'connected'>, eventId: string | null = EVENT) {
  const calls = vi.fn(send);
  const machine = userCardMachine.provide({ actors: { sendAnswer: fromPromise<'request_sent' | 'connected', AnswerInput>(({ input }) => calls(input)) } });
  return { ...asChild(machine, { viewerId: ada.id, person, eventId }), calls };
}

describe('answering an opening move on a card', () => {
  it('opens a short form under the prompt, sends the trimmed answer at the event, and Connect then says Request Sent', async () => {
    const t = card(async () => 'request_sent');
    t.child.send({ type: 'card.answerOpened', moveId: MOVE.id });
    expect(t.child.getSnapshot().matches({ answer: 'writing' })).toBe(true);
    expect(t.child.getSnapshot().context.answer.move).toEqual(MOVE);
    t.child.send({ type: 'card.answerSent' });
    expect(t.child.getSnapshot().context.answer.said).toEqual(ANSWER_WORDS.empty);
    expect(t.calls).not.toHaveBeenCalled();
    t.child.send({ type: 'card.answerChanged', value: '  Is the starter older than you?  ' });
    t.child.send({ type: 'card.answerSent' });
    expect(t.child.getSnapshot().matches({ answer: 'sending' })).toBe(true);
    await flush();
    expect(t.calls).toHaveBeenCalledWith({ userId: ada.id, moveId: MOVE.id, answer: 'Is the starter older than you?', eventId: EVENT });
    expect(t.child.getSnapshot().matches({ answer: 'closed' })).toBe(true);
    expect(t.child.getSnapshot().context.answer.said).toEqual(ANSWER_WORDS.sent);
    expect(selectConnectionButton(t.child.getSnapshot().context.connection.getSnapshot())).toBe('requestSent');
  });

  it("keeps the answer typed and says the server's words when it refuses (the cap of waiting requests)", async () => {
    const t = card(async () => Promise.reject(new ApiError(429, 'You have 5 requests waiting at this event.')));
    t.child.send({ type: 'card.answerOpened', moveId: MOVE.id });
    t.child.send({ type: 'card.answerChanged', value: 'Rye?' });
    t.child.send({ type: 'card.answerSent' });
    await flush();
    const s = t.child.getSnapshot();
    expect(s.matches({ answer: 'writing' })).toBe(true);
    expect(s.context.answer.draft).toBe('Rye?');
    expect(english(s.context.answer.said!)).toBe('You have 5 requests waiting at this event.');
    t.child.send({ type: 'card.answerCancelled' });
    expect(t.child.getSnapshot().matches({ answer: 'closed' })).toBe(true);
  });

  it('offers no answer away from an event, nor to a prompt not on the card', () => {
    const away = card(async () => 'request_sent', null);
    away.child.send({ type: 'card.answerOpened', moveId: MOVE.id });
    expect(away.child.getSnapshot().matches({ answer: 'closed' })).toBe(true);
    const here = card(async () => 'request_sent');
    here.child.send({ type: 'card.answerOpened', moveId: 'c0000000-0000-4000-8000-000000000009' });
    expect(here.child.getSnapshot().matches({ answer: 'closed' })).toBe(true);
  });

  it('stops an answer at 280 characters', () => {
    const t = card(async () => 'request_sent');
    t.child.send({ type: 'card.answerOpened', moveId: MOVE.id });
    t.child.send({ type: 'card.answerChanged', value: 'x'.repeat(300) });
    expect(t.child.getSnapshot().context.answer.draft).toHaveLength(280);
  });
});

function profile(user: User, calls: { hello?: (open: boolean) => Promise<boolean>; save?: (prompts: string[]) => Promise<OpeningMove[]> } = {}) {
  const hello = vi.fn(calls.hello ?? (async (open: boolean) => open));
  const save = vi.fn(calls.save ?? (async (prompts: string[]) => prompts.map((text, i) => ({ id: `c0000000-0000-4000-8000-00000000001${i}`, text }))));
  const machine = openingMovesMachine.provide({
    actors: {
      saveHello: fromPromise<boolean, { userId: string; open: boolean }>(({ input }) => hello(input.open)),
      savePrompts: fromPromise<OpeningMove[], { userId: string; prompts: string[] }>(({ input }) => save(input.prompts)),
    },
  });
  return { ...asChild(machine, { user }), hello, save };
}

describe('the profile\'s first steps', () => {
  it('switches "Happy to be approached" and tells the root the user as saved', async () => {
    const t = profile({ ...ada, open_to_hello: false });
    t.child.send({ type: 'openingMoves.helloToggled' });
    await flush();
    expect(t.hello).toHaveBeenCalledWith(true);
    expect(t.child.getSnapshot().context.user.open_to_hello).toBe(true);
    expect(t.received).toContainEqual({ type: 'user.updated', user: expect.objectContaining({ open_to_hello: true }) });
  });

  it('suggests prompts from the interests, into the form only; saves at most three, leaving out blank ones', async () => {
    expect(suggestionsFor(['hiking', 'jazz']).map(english)).toEqual([
      'Ask me about hiking',
      'Ask me about jazz',
      'What talk surprised you today?',
      'Know a quiet corner here? Tell me.',
    ]);
    const t = profile({ ...ada, opening_moves: [] });
    expect(selectPromptsChanged(t.child.getSnapshot())).toBe(false);
    t.child.send({ type: 'openingMoves.promptAdded', text: 'Ask me about hiking' });
    // A suggestion is in the form, not posted.
    expect(t.save).not.toHaveBeenCalled();
    t.child.send({ type: 'openingMoves.promptAdded', text: '' });
    t.child.send({ type: 'openingMoves.promptAdded', text: 'Tea or coffee?' });
    t.child.send({ type: 'openingMoves.promptAdded', text: 'A fourth' });
    expect(t.child.getSnapshot().context.draft).toEqual(['Ask me about hiking', '', 'Tea or coffee?']);
    expect(selectPromptsChanged(t.child.getSnapshot())).toBe(true);
    t.child.send({ type: 'openingMoves.saveRequested' });
    await flush();
    expect(t.save).toHaveBeenCalledWith(['Ask me about hiking', 'Tea or coffee?']);
    const s = t.child.getSnapshot();
    expect(s.context.draft).toEqual(['Ask me about hiking', 'Tea or coffee?']);
    expect(s.context.said).toEqual(OPENING_MOVES_WORDS.saved);
    expect(selectPromptsChanged(s)).toBe(false);
  });

  it("keeps the prompts typed and says the server's detail when it refuses", async () => {
    const t = profile({ ...ada, opening_moves: [] }, { save: async () => Promise.reject(new ApiError(400, 'prompts.0: must not contain control characters')) });
    t.child.send({ type: 'openingMoves.promptAdded', text: 'Hi' });
    t.child.send({ type: 'openingMoves.saveRequested' });
    await flush();
    expect(t.child.getSnapshot().context.draft).toEqual(['Hi']);
    expect(english(t.child.getSnapshot().context.said!)).toBe('prompts.0: must not contain control characters');
  });
});
