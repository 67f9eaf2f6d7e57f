/**
 * One person's card (SPEC 2 "User card"): its Details panel toggles between shown and
 * hidden (SPEC 4), and Block asks first, then blocks. The list that spawned the card
 * hears 'card.blocked' and drops it, or 'card.blockFailed' and says so. Every card holds
 * a connection-request chart, so its Connect opens the same composer as the attendees
 * view, at an event or from a search; what that chart reports is passed up to the list,
 * and what the list learns of where the two stand is passed down to it.
 */
import { assertEvent, assign, fromPromise, sendParent, sendTo, setup, type ActorRefFrom } from 'xstate';
import { OPENING_MOVE_ANSWER_MAX, type OpeningMove } from '../../contract/opening-move-words';
import type { Said } from '../../contract/said';
import { api } from '../api/client';
import { detailOr, errorOf } from '../api/request';
import type { PublicUser } from '../../contract/common';
import type { ConnectionStatus, DistanceBand } from '../../contract/constants';
import type { Compatibility, IceBreaker } from '../../contract/discovery';
import type { Connection, ReceivedRequest } from '../../contract/social';
import { blockFailedMessage, blockQuestion, blockUser, displayName } from '../safety/block';
import {
  connectionRequestMachine,
  type ConnectionRequestActorRef,
  type ConnectionRequestReport,
} from './connection-request.machine';

/** What a card shows; search results carry no compatibility, battery or ice breakers. */
export interface CardPerson {
  user: PublicUser;
  compatibility: Compatibility | null;
  ice_breakers: IceBreaker[];
  social_battery: number | null;
  /**
   * Whether a message or contact details to them would be taken now (issue 16; a search
   * result says so). Absent: yes, as for people at the same event.
   */
  can_message?: boolean;
  /** In a quiet zone now (issue 18; nearby entries say so): "Recharging — please don't approach". */
  recharging?: boolean;
  /** How far, as a band (issue 40; nearby entries say so when both share their location): "Close by" and the like. */
  distance_band?: DistanceBand | null;
  /** Their opening moves (issue 43; nearby entries carry them): prompts the viewer may answer. */
  opening_moves?: OpeningMove[];
  /** "Happy to be approached" as others see it now (issue 43): a calm badge. */
  open_to_hello?: boolean;
}

/** Said on a card about an answer to an opening move (issue 43). */
export const ANSWER_WORDS = {
  sent: /*i18n*/ { id: 'openingMove.answerSent', message: 'Your answer is on its way, as a connection request.' },
  failed: /*i18n*/ { id: 'openingMove.answerFailed', message: "Your answer couldn't be sent just now. Please try again." },
  empty: /*i18n*/ { id: 'openingMove.answerEmpty', message: 'Write a line first.' },
} satisfies Record<string, Said>;

export interface UserCardInput {
  viewerId: string;
  person: CardPerson;
  /** The event the card is shown at, named in a request sent from it; null for a search result. */
  eventId: string | null;
  /** Where the two stand, when the list knows; otherwise Connect is offered and the server answers the truth. */
  status?: ConnectionStatus;
}

export interface UserCardContext extends Omit<UserCardInput, 'status'> {
  /** Where the viewer stands with this person (the status lives there). */
  connection: ConnectionRequestActorRef;
  /** The opening move being answered (issue 43), the answer typed, and what was last said about it. */
  answer: { move: OpeningMove | null; draft: string; said: Said | null };
}

/** What the list learns of where the two stand, passed on to the card's connection chart. */
export type CardConnectionNews =
  | { type: 'connection.statusLoaded'; status: ConnectionStatus }
  | { type: 'connection.requestReceived' }
  | { type: 'connection.accepted' };

/** A live message about a connection: whom it concerns, and what their card learns. */
export type LiveConnectionMessage =
  | { type: 'live.connection_request'; request: ReceivedRequest }
  | { type: 'live.connection_accepted'; connection: Connection };

/** The person a live connection message is about (who asked, or who accepted) and their card's news. */
export function connectionNewsOf(m: LiveConnectionMessage): { userId: string; news: CardConnectionNews } {
  return m.type === 'live.connection_request'
    ? { userId: m.request.sender.id, news: { type: 'connection.requestReceived' } }
    : { userId: m.connection.connected_user.id, news: { type: 'connection.accepted' } };
}

export type UserCardEvent =
  | { type: 'card.detailsToggled' }
  | { type: 'card.blockRequested' }
  | { type: 'card.blockConfirmed' }
  | { type: 'card.blockCancelled' }
  | { type: 'card.updated'; person: CardPerson }
  | { type: 'card.answerOpened'; moveId: string }
  | { type: 'card.answerChanged'; value: string }
  | { type: 'card.answerSent' }
  | { type: 'card.answerCancelled' }
  | CardConnectionNews
  | ConnectionRequestReport;

/** Told to the list that holds the card. */
export type UserCardReport =
  | { type: 'card.blocked'; userId: string }
  | { type: 'card.blockFailed'; name: string }
  | ConnectionRequestReport;

/** Chat and Exchange are offered: the person takes messages from the viewer now. */
export const mayWrite = (p: CardPerson): boolean => p.can_message !== false;

// Where the card's views and lists have always found them (block.ts shares them with the chat).
export { blockFailedMessage, blockQuestion, displayName };

export const userCardMachine = setup({
  types: {
    context: {} as UserCardContext,
    input: {} as UserCardInput,
    events: {} as UserCardEvent,
  },
  actors: {
    connectionRequest: connectionRequestMachine,
    blockUser,
    sendAnswer: fromPromise<'request_sent' | 'connected', { userId: string; moveId: string; answer: string; eventId: string }>(async ({ input }) =>
      (await api.answerOpeningMove(input.userId, input.moveId, input.answer, input.eventId)).status,
    ),
  },
  guards: {
    /** Prompts are answered at an event only (the server checks the card is seen there). */
    isAnswerable: ({ context, event }) =>
      context.eventId !== null && event.type === 'card.answerOpened' && (context.person.opening_moves ?? []).some((m) => m.id === event.moveId),
    isAnswerEmpty: ({ context }) => context.answer.draft.trim() === '',
  },
  actions: {
    reportBlocked: sendParent(({ context }): UserCardReport => ({ type: 'card.blocked', userId: context.person.user.id })),
    reportBlockFailed: sendParent(({ context }): UserCardReport => ({
      type: 'card.blockFailed',
      name: displayName(context.person.user),
    })),
    forwardToList: sendParent(({ event }) => event),
    forwardToConnection: sendTo(({ context }) => context.connection, ({ event }) => event as CardConnectionNews),
    openAnswer: assign({
      answer: ({ context, event }) => {
        assertEvent(event, 'card.answerOpened');
        return { move: (context.person.opening_moves ?? []).find((m) => m.id === event.moveId) ?? null, draft: '', said: null };
      },
    }),
    typeAnswer: assign({
      answer: ({ context, event }) => {
        assertEvent(event, 'card.answerChanged');
        return { ...context.answer, draft: event.value.slice(0, OPENING_MOVE_ANSWER_MAX), said: null };
      },
    }),
    sayAnswer: assign({ answer: ({ context }, params: { said: Said | null }) => ({ ...context.answer, said: params.said }) }),
    closeAnswer: assign({ answer: ({ context }) => ({ move: null, draft: '', said: context.answer.said }) }),
    // The request the answer made: the card's Connect now says so (or that they are connected).
    tellConnection: sendTo(({ context }) => context.connection, (_, params: { status: ConnectionStatus }) => ({
      type: 'connection.statusLoaded' as const,
      status: params.status,
    })),
  },
}).createMachine({
  id: 'userCard',
  context: ({ input, spawn }) => ({
    viewerId: input.viewerId,
    person: input.person,
    eventId: input.eventId,
    answer: { move: null, draft: '', said: null },
    connection: spawn('connectionRequest', {
      id: 'connection',
      input: {
        userId: input.viewerId,
        otherId: input.person.user.id,
        otherName: displayName(input.person.user),
        eventId: input.eventId,
        status: input.status ?? 'none',
      },
    }),
  }),
  on: {
    'card.updated': { actions: assign({ person: ({ event }) => event.person }) },
    'connection.statusLoaded': { actions: 'forwardToConnection' },
    'connection.requestReceived': { actions: 'forwardToConnection' },
    'connection.accepted': { actions: 'forwardToConnection' },
    'toast.show': { actions: 'forwardToList' },
    'session.expired': { actions: 'forwardToList' },
  },
  type: 'parallel',
  states: {
    details: {
      initial: 'hidden',
      states: {
        hidden: { on: { 'card.detailsToggled': 'shown' } },
        shown: { on: { 'card.detailsToggled': 'hidden' } },
      },
    },
    /**
     * Answering an opening move (issue 43): a short form under the prompt, sent as a
     * connection request by the server; the card's Connect follows the answer.
     */
    answer: {
      initial: 'closed',
      states: {
        closed: { on: { 'card.answerOpened': { guard: 'isAnswerable', target: 'writing', actions: 'openAnswer' } } },
        writing: {
          on: {
            'card.answerChanged': { actions: 'typeAnswer' },
            'card.answerCancelled': { target: 'closed', actions: [{ type: 'sayAnswer', params: { said: null } }, 'closeAnswer'] },
            'card.answerOpened': { guard: 'isAnswerable', actions: 'openAnswer' },
            'card.answerSent': [
              { guard: 'isAnswerEmpty', actions: { type: 'sayAnswer', params: { said: ANSWER_WORDS.empty } } },
              { target: 'sending' },
            ],
          },
        },
        sending: {
          invoke: {
            src: 'sendAnswer',
            input: ({ context }) => ({
              userId: context.viewerId,
              moveId: context.answer.move!.id,
              answer: context.answer.draft.trim(),
              eventId: context.eventId!,
            }),
            onDone: {
              target: 'closed',
              actions: [
                { type: 'tellConnection', params: ({ event }) => ({ status: event.output }) },
                { type: 'sayAnswer', params: { said: ANSWER_WORDS.sent } },
                'closeAnswer',
              ],
            },
            // The form stays with what was typed, and says why (a 429's detail, a 409's, or the network).
            onError: { target: 'writing', actions: { type: 'sayAnswer', params: ({ event }) => ({ said: detailOr(errorOf(event), ANSWER_WORDS.failed) }) } },
          },
        },
      },
    },
    block: {
      initial: 'idle',
      states: {
        idle: { on: { 'card.blockRequested': 'confirming' } },
        confirming: { on: { 'card.blockConfirmed': 'blocking', 'card.blockCancelled': 'idle' } },
        blocking: {
          invoke: {
            src: 'blockUser',
            input: ({ context }) => ({ userId: context.viewerId, blockedId: context.person.user.id }),
            onDone: 'blocked',
            onError: { target: 'idle', actions: 'reportBlockFailed' },
          },
        },
        blocked: { entry: 'reportBlocked', type: 'final' },
      },
    },
  },
});

export type UserCardActorRef = ActorRefFrom<typeof userCardMachine>;

/** A card held by a list, keyed by the person it shows. */
export interface CardSlot {
  userId: string;
  ref: UserCardActorRef;
}

/**
 * How a list's cards follow a fresh answer: cards of people still there are kept (their
 * Details stay open) and updated, cards of people gone are stopped, new people get one.
 */
export function planCards(current: CardSlot[], people: CardPerson[]) {
  const byId = new Map(current.map((c) => [c.userId, c]));
  const wanted = new Set(people.map((p) => p.user.id));
  return {
    stop: current.filter((c) => !wanted.has(c.userId)),
    update: people.flatMap((p) => {
      const slot = byId.get(p.user.id);
      return slot ? [{ slot, person: p }] : [];
    }),
    order: people.map((p) => ({ person: p, existing: byId.get(p.user.id) ?? null })),
  };
}
