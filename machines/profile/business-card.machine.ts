/**
 * The person's own business card in the profile (SPEC 3 "Business card", shown to
 * their connections): none yet, or the card with Edit and Remove. The draft is kept
 * here until Save (DESIGN 7); a refused save says, beside the field, what to change.
 * PUT and DELETE /business-card are the documented extension (contract/plans.ts).
 */
import { assertEvent, assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { User } from '../../contract/common';
import type { BusinessCard } from '../../contract/plans';
import { errorOf } from '../api/client';
import { isSessionGone, reportSessionGone } from '../session-gone';
import { NO_ERRORS, errorsFromFailure, focusFirstError, withoutFieldError, type FormErrors } from '../form-errors';
import { mediaApi } from '../api/media';
import { logFailure } from '../log';
import type { Said } from '../../contract/said';
import { editsChanged, type EditsOrder, type EditsSaveFailed } from '../app/form-edits';

// Not SPEC 8's texts: SPEC 8 has none for the card.
export const CARD_MESSAGES = {
  saved: /*i18n*/ { id: 'businessCard.saved', message: 'Business card saved' },
  removed: /*i18n*/ { id: 'businessCard.removed', message: 'Business card removed' },
  saveFailed: /*i18n*/ { id: 'businessCard.saveFailed', message: "We couldn't save your business card. Please try again." },
  removeFailed: /*i18n*/ { id: 'businessCard.removeFailed', message: "We couldn't remove your business card. Please try again." },
} as const;

export type CardField = keyof BusinessCard;
export const CARD_FIELDS: readonly CardField[] = ['name', 'title', 'company', 'email', 'phone', 'linkedin', 'website', 'bio'];
/** The form's element id (fieldDomId). */
export const CARD_FORM = 'card';

export const emptyCard = (name = ''): BusinessCard => ({
  name,
  title: '',
  company: '',
  email: '',
  phone: '',
  linkedin: '',
  website: '',
  bio: '',
});

export type BusinessCardEvent =
  | { type: 'card.createStarted' }
  | { type: 'card.editStarted' }
  | { type: 'card.fieldChanged'; field: CardField; value: string }
  | { type: 'card.saved' }
  | { type: 'card.cancelled' }
  | { type: 'card.removeRequested' }
  | { type: 'card.removeConfirmed' }
  | { type: 'card.reloaded' }
  // From the root, as the person leaves with edits (issue 39): save the card.
  | EditsOrder;

export interface BusinessCardContext {
  user: User;
  card: BusinessCard | null;
  draft: BusinessCard;
  /** Why the last removal failed, shown by the card. */
  error: Said | null;
  /** What is wrong with the draft, beside its fields. */
  errors: FormErrors<CardField>;
}

const trimmed = (card: BusinessCard): BusinessCard =>
  Object.fromEntries(Object.entries(card).map(([k, v]) => [k, v.trim()])) as unknown as BusinessCard;

export const businessCardMachine = setup({
  types: {
    context: {} as BusinessCardContext,
    input: {} as { user: User },
    events: {} as BusinessCardEvent,
  },
  actors: {
    loadCard: fromPromise<BusinessCard | null, { userId: string }>(({ input }) => mediaApi.businessCard(input.userId, input.userId)),
    saveCard: fromPromise<BusinessCard, { userId: string; card: BusinessCard }>(({ input }) =>
      mediaApi.saveBusinessCard(input.userId, input.card),
    ),
    removeCard: fromPromise<unknown, { userId: string }>(({ input }) => mediaApi.removeBusinessCard(input.userId)),
  },
  guards: {
    isSessionGone,
    hasCard: ({ context }) => context.card !== null,
  },
  actions: {
    reportSessionGone: reportSessionGone(),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
    toast: sendParent((_, params: { message: Said }) => ({ type: 'toast.show', message: params.message, kind: 'success' })),
    updateDraft: assign(({ context, event }) => {
      assertEvent(event, 'card.fieldChanged');
      return { draft: { ...context.draft, [event.field]: event.value }, errors: withoutFieldError(context.errors, event.field) };
    }),
    showSaveFailure: assign({
      errors: ({ event }) =>
        errorsFromFailure<CardField>(errorOf(event), {
          fields: Object.fromEntries(CARD_FIELDS.map((f) => [f, f])),
          fallback: CARD_MESSAGES.saveFailed,
        }),
    }),
    focusFirstError: ({ context }) => focusFirstError(CARD_FORM, CARD_FIELDS, context.errors),
    // Whether the card being edited differs from the one kept (or the blank one, for a new card): issue 39.
    tellEdits: sendParent(({ context }) => editsChanged('businessCard', context.draft, context.card ?? emptyCard(context.user.name))),
    tellNoEdits: sendParent(editsChanged('businessCard', null, null)),
    tellSaveFailed: sendParent({ type: 'edits.saveFailed' } satisfies EditsSaveFailed),
  },
}).createMachine({
  id: 'business-card',
  context: ({ input }) => ({ user: input.user, card: null, draft: emptyCard(input.user.name), error: null, errors: NO_ERRORS }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadCard',
        input: ({ context }) => ({ userId: context.user.id }),
        // null is the server's "there is none".
        onDone: [
          { guard: ({ event }) => event.output === null, target: 'none' },
          { target: 'showing', actions: assign({ card: ({ event }) => event.output }) },
        ],
        onError: [
          { guard: 'isSessionGone', actions: 'reportSessionGone' },
          // Shown as "could not load" rather than "none": a new card would replace the real one.
          { target: 'unavailable', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load business card', error: event.error }) } },
        ],
      },
    },
    unavailable: { on: { 'card.reloaded': 'loading' } },
    none: {
      on: {
        'card.createStarted': {
          target: 'editing',
          actions: assign({ draft: ({ context }) => emptyCard(context.user.name), error: null, errors: NO_ERRORS }),
        },
      },
    },
    showing: {
      on: {
        'card.editStarted': { target: 'editing', actions: assign({ draft: ({ context }) => context.card!, error: null, errors: NO_ERRORS }) },
        'card.removeRequested': { target: 'confirmingRemove', actions: assign({ error: null }) },
      },
    },
    editing: {
      on: {
        'card.fieldChanged': { actions: ['updateDraft', 'tellEdits'] },
        'card.saved': 'saving',
        'edits.save': 'saving',
        'card.cancelled': [
          { guard: 'hasCard', target: 'showing', actions: [assign({ error: null }), 'tellNoEdits'] },
          { target: 'none', actions: [assign({ error: null }), 'tellNoEdits'] },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'saveCard',
        input: ({ context }) => ({ userId: context.user.id, card: trimmed(context.draft) }),
        onDone: {
          target: 'showing',
          actions: [assign({ card: ({ event }) => event.output, error: null }), { type: 'toast', params: { message: CARD_MESSAGES.saved } }, 'tellNoEdits'],
        },
        onError: [
          { guard: 'isSessionGone', actions: 'reportSessionGone' },
          { target: 'editing', actions: ['showSaveFailure', 'focusFirstError', 'tellSaveFailed'] },
        ],
      },
    },
    confirmingRemove: {
      on: { 'card.removeConfirmed': 'removing', 'card.cancelled': 'showing' },
    },
    removing: {
      invoke: {
        src: 'removeCard',
        input: ({ context }) => ({ userId: context.user.id }),
        onDone: {
          target: 'none',
          actions: [assign({ card: null, error: null }), { type: 'toast', params: { message: CARD_MESSAGES.removed } }],
        },
        onError: [
          { guard: 'isSessionGone', actions: 'reportSessionGone' },
          {
            target: 'showing',
            actions: [
              assign({ error: CARD_MESSAGES.removeFailed }),
              { type: 'logFailure', params: ({ event }) => ({ what: 'remove business card', error: event.error }) },
            ],
          },
        ],
      },
    },
  },
});

export type BusinessCardActorRef = ActorRefFrom<typeof businessCardMachine>;
export type BusinessCardSnapshot = SnapshotFrom<typeof businessCardMachine>;

export type BusinessCardMode = 'loading' | 'unavailable' | 'none' | 'showing' | 'confirmingRemove' | 'editing';

export function selectCardMode(s: BusinessCardSnapshot): BusinessCardMode {
  if (s.matches('editing') || s.matches('saving')) return 'editing';
  if (s.matches('confirmingRemove') || s.matches('removing')) return 'confirmingRemove';
  if (s.matches('showing')) return 'showing';
  if (s.matches('none')) return 'none';
  if (s.matches('unavailable')) return 'unavailable';
  return 'loading';
}

export const selectCardBusy = (s: BusinessCardSnapshot): boolean => s.matches('saving') || s.matches('removing');

/** The fields a card shows, in order, leaving out the empty ones. */
export const filledFields = (card: BusinessCard): Array<[CardField, string]> =>
  CARD_FIELDS.filter((f) => f !== 'name' && card[f].trim() !== '').map((f) => [f, card[f]]);
