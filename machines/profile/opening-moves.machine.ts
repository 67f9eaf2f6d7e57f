/**
 * The profile's "First steps" section (issue 43): "Happy to be approached", and the
 * opening moves on the person's card (up to three short prompts anyone nearby may answer),
 * with suggestions drawn from their interests that are only ever put into the form, never
 * posted by themselves. Two regions, so saving the prompts never holds up the switch. What
 * is saved is told to the root (the user as the server now has it) and to presence, which
 * says whether the badge is held (one voice: the app's words about the person's own
 * visibility come from that one answer).
 */
import { assertEvent, assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { User } from '../../contract/common';
import { OPENING_MOVES_MAX, OPENING_MOVE_TEXT_MAX, type OpeningMove } from '../../contract/opening-move-words';
import { sentence, type Said } from '../../contract/said';
import { api } from '../api/client';
import { detailOr, errorOf } from '../api/request';
import { tellPresence } from '../presence/presence.machine';

export const OPENING_MOVES_WORDS = {
  saved: /*i18n*/ { id: 'openingMoves.saved', message: 'Your opening moves are saved.' },
  saveFailed: /*i18n*/ { id: 'openingMoves.saveFailed', message: "Your opening moves couldn't be saved just now. Please try again." },
  helloFailed: /*i18n*/ { id: 'openingMoves.helloFailed', message: "That couldn't be saved just now. Please try again in a moment." },
} satisfies Record<string, Said>;

/** Suggested prompts: one for each of the first interests, then two that fit any event. */
const askMeAbout = sentence(
  /*i18n*/ { id: 'openingMoves.suggest.askMeAbout', message: 'Ask me about {interest}' },
  ({ interest }: { interest: string }) => `Ask me about ${interest}`,
);
const GENERAL_SUGGESTIONS: Said[] = [
  /*i18n*/ { id: 'openingMoves.suggest.talk', message: 'What talk surprised you today?' },
  /*i18n*/ { id: 'openingMoves.suggest.quietCorner', message: 'Know a quiet corner here? Tell me.' },
];

/** Up to five suggestions from the person's interests, none of them already on the card. */
export function suggestionsFor(interests: readonly string[]): Said[] {
  return [...interests.slice(0, 3).map((interest) => askMeAbout({ interest })), ...GENERAL_SUGGESTIONS];
}

export type OpeningMovesEvent =
  | { type: 'openingMoves.helloToggled' }
  | { type: 'openingMoves.promptChanged'; index: number; value: string }
  | { type: 'openingMoves.promptAdded'; text: string }
  | { type: 'openingMoves.promptRemoved'; index: number }
  | { type: 'openingMoves.saveRequested' };

export interface OpeningMovesContext {
  user: User;
  /** The prompts as typed, not yet saved. */
  draft: string[];
  /** What was last said about saving the prompts, or about the switch. */
  said: Said | null;
  helloProblem: Said | null;
}

const savedPrompts = (user: User): string[] => (user.opening_moves ?? []).map((m) => m.text);

export const openingMovesMachine = setup({
  types: {
    context: {} as OpeningMovesContext,
    input: {} as { user: User },
    events: {} as OpeningMovesEvent,
  },
  actors: {
    saveHello: fromPromise<boolean, { userId: string; open: boolean }>(async ({ input }) => (await api.setOpenToHello(input.userId, input.open)).open_to_hello),
    savePrompts: fromPromise<OpeningMove[], { userId: string; prompts: string[] }>(
      async ({ input }) => (await api.setOpeningMoves(input.userId, input.prompts)).opening_moves,
    ),
  },
  guards: {
    hasRoom: ({ context }) => context.draft.length < OPENING_MOVES_MAX,
  },
  actions: {
    changePrompt: assign(({ context, event }) => {
      assertEvent(event, 'openingMoves.promptChanged');
      return { draft: context.draft.map((p, i) => (i === event.index ? event.value.slice(0, OPENING_MOVE_TEXT_MAX) : p)), said: null };
    }),
    addPrompt: assign(({ context, event }) => {
      assertEvent(event, 'openingMoves.promptAdded');
      return { draft: [...context.draft, event.text.slice(0, OPENING_MOVE_TEXT_MAX)], said: null };
    }),
    removePrompt: assign(({ context, event }) => {
      assertEvent(event, 'openingMoves.promptRemoved');
      return { draft: context.draft.filter((_, i) => i !== event.index), said: null };
    }),
    keepMoves: assign(({ context }, params: { moves: OpeningMove[] }) => {
      const user = { ...context.user, opening_moves: params.moves };
      return { user, draft: savedPrompts(user), said: OPENING_MOVES_WORDS.saved };
    }),
    keepHello: assign({ user: ({ context }, params: { open: boolean }) => ({ ...context.user, open_to_hello: params.open }), helloProblem: null }),
    tellRoot: sendParent(({ context }) => ({ type: 'user.updated' as const, user: context.user })),
    tellPresence: ({ system }) => tellPresence(system),
    sayPromptsProblem: assign({ said: ({ event }) => detailOr(errorOf(event), OPENING_MOVES_WORDS.saveFailed) }),
    sayHelloProblem: assign({ helloProblem: ({ event }) => detailOr(errorOf(event), OPENING_MOVES_WORDS.helloFailed) }),
  },
}).createMachine({
  id: 'openingMoves',
  context: ({ input }) => ({ user: input.user, draft: savedPrompts(input.user), said: null, helloProblem: null }),
  type: 'parallel',
  states: {
    hello: {
      initial: 'idle',
      states: {
        idle: { on: { 'openingMoves.helloToggled': 'saving' } },
        saving: {
          invoke: {
            src: 'saveHello',
            input: ({ context }) => ({ userId: context.user.id, open: context.user.open_to_hello !== true }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'keepHello', params: ({ event }) => ({ open: event.output }) }, 'tellRoot', 'tellPresence'],
            },
            onError: { target: 'idle', actions: 'sayHelloProblem' },
          },
        },
      },
    },
    prompts: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'openingMoves.promptChanged': { actions: 'changePrompt' },
            'openingMoves.promptAdded': { guard: 'hasRoom', actions: 'addPrompt' },
            'openingMoves.promptRemoved': { actions: 'removePrompt' },
            'openingMoves.saveRequested': 'saving',
          },
        },
        saving: {
          invoke: {
            src: 'savePrompts',
            // Blank prompts are left out: an empty field is a prompt not written.
            input: ({ context }) => ({ userId: context.user.id, prompts: context.draft.map((p) => p.trim()).filter((p) => p !== '') }),
            onDone: { target: 'editing', actions: [{ type: 'keepMoves', params: ({ event }) => ({ moves: event.output }) }, 'tellRoot'] },
            onError: { target: 'editing', actions: 'sayPromptsProblem' },
          },
        },
      },
    },
  },
});

export type OpeningMovesActorRef = ActorRefFrom<typeof openingMovesMachine>;
export type OpeningMovesSnapshot = SnapshotFrom<typeof openingMovesMachine>;

/** Whether the prompts typed differ from those saved (Save is offered then). */
export const selectPromptsChanged = (s: OpeningMovesSnapshot): boolean =>
  JSON.stringify(s.context.draft.map((p) => p.trim()).filter((p) => p !== '')) !== JSON.stringify(savedPrompts(s.context.user));
