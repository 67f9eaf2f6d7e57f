/**
 * The user-search form (SPEC 3 "User search filter", SPEC 5 "User search"): the draft
 * lives here until 'Search Users'; the answer becomes user cards, which can be blocked
 * like any other, and whose Connect sends a request from the card's modal. A search
 * result may share no event with the viewer, so the request names none (SPEC 7: the
 * event is optional). Each result says where the two stand, so a connection's card
 * offers Chat, not Connect.
 */
import { assertEvent, assign, enqueueActions, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import type { PublicUser, User } from '../../contract/common';
import type { CommunicationStyle, ConnectionStatus } from '../../contract/constants';
import type { UserSearchBody, UserSearchResult } from '../../contract/discovery';
import { splitList } from '../../contract/rules';
import { api, errorOf } from '../api/client';
import { isSessionGone, reportSessionGone } from '../session-gone';
import { NO_ERRORS, errorsFromFailure, fieldError, focusFirstError, hasErrors, withoutFieldError, type FormErrors } from '../form-errors';
import { logFailure } from '../log';
import { blockFailedMessage, planCards, userCardMachine, type CardPerson, type CardSlot, type UserCardReport } from './user-card.machine';
import type { Said } from '../../contract/said';
import type { PersonBlocked } from '../safety/block';

export interface SearchDraft {
  query: string;
  interests: string;
  industry: string;
  /** 'any' sends no style. */
  communication_style: CommunicationStyle | 'any';
  ageMin: string;
  ageMax: string;
}

export type SearchDraftField = keyof SearchDraft;

/** The form's element id (fieldDomId) and its fields in the order shown. */
export const SEARCH_FORM = 'search';
const ORDER: readonly SearchDraftField[] = ['query', 'interests', 'industry', 'communication_style', 'ageMin', 'ageMax'];
const SEARCH_FIELDS: Record<string, SearchDraftField> = {
  query: 'query',
  interests: 'interests',
  professional_industry: 'industry',
  communication_style: 'communication_style',
  age_range: 'ageMin',
};

/** Not SPEC 8's: an age range the wrong way round finds nobody, so it is said before searching. */
export const AGES_REVERSED: Said = /*i18n*/ { id: 'people.agesReversed', message: "The lowest age can't be above the highest." };

export const emptySearchDraft: SearchDraft = {
  query: '',
  interests: '',
  industry: '',
  communication_style: 'any',
  ageMin: '',
  ageMax: '',
};

const parseWholeNumber = (text: string): number | null => {
  const t = text.trim();
  if (!t) return null;
  const n = Number.parseInt(t, 10);
  return Number.isNaN(n) ? null : n;
};

/** SPEC 5: query trimmed, interests split on commas, age_range only when both ages are filled. */
export function searchBody(d: SearchDraft): UserSearchBody {
  const min = parseWholeNumber(d.ageMin);
  const max = parseWholeNumber(d.ageMax);
  return {
    query: d.query.trim(),
    interests: splitList(d.interests),
    professional_industry: d.industry.trim() || null,
    communication_style: d.communication_style === 'any' ? null : d.communication_style,
    age_range: min !== null && max !== null ? [min, max] : null,
  };
}

/** What to fix before searching, beside its field. */
export function searchDraftErrors(d: SearchDraft): FormErrors<SearchDraftField> {
  const range = searchBody(d).age_range;
  return range && range[0] > range[1] ? fieldError('ageMax', AGES_REVERSED) : NO_ERRORS;
}

export const cardPersonFromUser = (user: PublicUser & { can_message?: boolean }): CardPerson => ({
  user,
  compatibility: null,
  ice_breakers: [],
  social_battery: null,
  can_message: user.can_message ?? true,
});

export type UserSearchEvent =
  | { type: 'search.fieldChanged'; field: SearchDraftField; value: string }
  | { type: 'search.submitted' }
  | UserCardReport;

export const userSearchMachine = setup({
  types: {
    context: {} as { user: User; draft: SearchDraft; cards: CardSlot[]; searched: boolean; errors: FormErrors<SearchDraftField> },
    input: {} as { user: User },
    events: {} as UserSearchEvent,
  },
  actors: {
    userCard: userCardMachine,
    searchUsers: fromPromise<UserSearchResult[], { userId: string; body: UserSearchBody }>(({ input }) =>
      api.searchUsers(input.userId, input.body),
    ),
  },
  guards: {
    isSessionGone,
    isDraftInvalid: ({ context }) => hasErrors(searchDraftErrors(context.draft)),
  },
  actions: {
    reportBlockFailed: sendParent(({ event }) => {
      assertEvent(event, 'card.blockFailed');
      return { type: 'error.show' as const, message: blockFailedMessage(event.name) };
    }),
    reportSessionGone: reportSessionGone(),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
    updateDraft: assign(({ context, event }) => {
      assertEvent(event, 'search.fieldChanged');
      return { draft: { ...context.draft, [event.field]: event.value }, errors: withoutFieldError(context.errors, event.field) };
    }),
    reportDraftErrors: assign({ errors: ({ context }) => searchDraftErrors(context.draft) }),
    // The results area says the search failed; a field the server names is marked too.
    showFieldFailure: assign({
      errors: ({ event }) => ({
        fields: errorsFromFailure<SearchDraftField>(errorOf(event), { fields: SEARCH_FIELDS, fallback: null }).fields,
        form: null,
      }),
    }),
    focusFirstError: ({ context }) => focusFirstError(SEARCH_FORM, ORDER, context.errors),
    syncCards: enqueueActions(({ context, enqueue }, params: { results: UserSearchResult[] }) => {
      const people = params.results.map(cardPersonFromUser);
      const statusOf = (id: string): ConnectionStatus => params.results.find((r) => r.id === id)?.connection_status ?? 'none';
      const plan = planCards(context.cards, people);
      for (const slot of plan.stop) enqueue.stopChild(slot.ref);
      for (const { slot, person } of plan.update) {
        enqueue.sendTo(slot.ref, { type: 'card.updated', person });
        enqueue.sendTo(slot.ref, { type: 'connection.statusLoaded', status: statusOf(person.user.id) });
      }
      enqueue.assign({
        searched: true,
        cards: ({ spawn }) =>
          plan.order.map(
            ({ person, existing }) =>
              existing ?? {
                userId: person.user.id,
                ref: spawn('userCard', {
                  id: `card-${person.user.id}`,
                  input: { viewerId: context.user.id, person, eventId: null, status: statusOf(person.user.id) },
                }),
              },
          ),
      });
    }),
    dropBlocked: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'card.blocked');
      const slot = context.cards.find((c) => c.userId === event.userId);
      if (slot) enqueue.stopChild(slot.ref);
      enqueue.sendParent({ type: 'person.blocked', userId: event.userId } satisfies PersonBlocked);
      enqueue.assign({ cards: context.cards.filter((c) => c.userId !== event.userId) });
    }),
    forwardToParent: sendParent(({ event }) => event),
  },
}).createMachine({
  id: 'userSearch',
  context: ({ input }) => ({ user: input.user, draft: emptySearchDraft, cards: [], searched: false, errors: NO_ERRORS }),
  on: {
    'search.fieldChanged': { actions: 'updateDraft' },
    'card.blocked': { actions: 'dropBlocked' },
    'card.blockFailed': { actions: 'reportBlockFailed' },
    // A card's Connect: its toasts and a lost session belong to the root chart.
    'toast.show': { actions: 'forwardToParent' },
    'session.expired': { actions: 'forwardToParent' },
  },
  initial: 'idle',
  states: {
    idle: { on: { 'search.submitted': [{ guard: 'isDraftInvalid', actions: ['reportDraftErrors', 'focusFirstError'] }, { target: 'searching' }] } },
    searching: {
      entry: assign({ errors: NO_ERRORS }),
      invoke: {
        src: 'searchUsers',
        input: ({ context }) => ({ userId: context.user.id, body: searchBody(context.draft) }),
        onDone: { target: 'idle', actions: { type: 'syncCards', params: ({ event }) => ({ results: event.output }) } },
        onError: [
          { guard: 'isSessionGone', actions: 'reportSessionGone' },
          {
            target: 'failed',
            actions: [
              'showFieldFailure',
              'focusFirstError',
              { type: 'logFailure', params: ({ event }) => ({ what: 'search users', error: event.error }) },
            ],
          },
        ],
      },
    },
    failed: { on: { 'search.submitted': [{ guard: 'isDraftInvalid', actions: ['reportDraftErrors', 'focusFirstError'] }, { target: 'searching' }] } },
  },
});

export type UserSearchActorRef = ActorRefFrom<typeof userSearchMachine>;
