/**
 * contact-exchange (SPEC 3 "Contact exchange", SPEC 2 forms): the user picks what to
 * share with the chosen person and fills in the fields of that type; the draft stays
 * until sent. One step per type (issue 39): the person's own details are filled in for
 * them (their email, and their business card's where they have one), so choosing the
 * type and sending shares it; the filled-in fields of that type are sent, and emptying
 * one leaves it out, so each card holds exactly what was chosen (issue 18). The server
 * checks the details (SPEC 5 sets no client rule beyond the email and tel inputs); what
 * it refuses is said beside the field it is about, in plain words, and focus moves there.
 */
import { assertEvent, assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { PublicUser, User } from '../../contract/common';
import type { BusinessCard } from '../../contract/plans';
import { mediaApi } from '../api/media';
import { EXCHANGE_TYPES, type ExchangeType } from '../../contract/constants';
import { MESSAGES } from '../../contract/messages';
import type { ContactExchange } from '../../contract/social';
import { api, errorOf } from '../api/client';
import { isSessionGone, reportSessionGone } from '../session-gone';
import { NO_ERRORS, errorsFromFailure, focusFirstError, withoutFieldError, type FormErrors } from '../form-errors';
import type { Said } from '../../contract/said';

/** The detail keys of each exchange type (SPEC 3), in the order the form shows them. */
export const EXCHANGE_FIELDS = {
  social_media: ['instagram', 'twitter'],
  business_card: ['linkedin', 'company'],
  phone: ['phone'],
  email: ['email'],
} as const satisfies Record<ExchangeType, readonly string[]>;

export type ExchangeField = (typeof EXCHANGE_FIELDS)[ExchangeType][number];

export interface ContactExchangeInput {
  user: User;
  partner: PublicUser;
  eventId: string | null;
}

export interface ContactExchangeContext extends ContactExchangeInput {
  exchangeType: ExchangeType;
  /** Every field typed so far, kept across type changes; only the chosen type's filled-in ones are sent. */
  fields: Record<ExchangeField, string>;
  errors: FormErrors<ExchangeField>;
}

/** The form's element id (fieldDomId). */
export const EXCHANGE_FORM = 'exchange';

/**
 * The request's fields → the form's: each detail by its key, and the details as a whole
 * ("needs at least one of …") beside the type's first field.
 */
const exchangeFieldsOf = (type: ExchangeType): Record<string, ExchangeField> => ({
  ...Object.fromEntries(EXCHANGE_FIELDS[type].map((f) => [f, f])),
  contact_data: EXCHANGE_FIELDS[type][0],
});

export type ContactExchangeEvent =
  | { type: 'exchange.typeChanged'; exchangeType: ExchangeType }
  | { type: 'exchange.fieldChanged'; field: ExchangeField; value: string }
  | { type: 'exchange.submitted' };

/** Said beside the type's first field when none of its fields is filled in. */
export const NOTHING_CHOSEN: Said = /*i18n*/ { id: 'cards.nothingFilled', message: 'Fill in at least one detail to share.' };

/** Not one of SPEC 8's texts: said when the server gives no reason. */
export const EXCHANGE_FAILED: Said = /*i18n*/ { id: 'cards.exchangeFailed', message: "We couldn't send your details just now. Please try again." };

const emptyFields = (): Record<ExchangeField, string> => ({
  instagram: '',
  twitter: '',
  linkedin: '',
  company: '',
  phone: '',
  email: '',
});

/** The details of the chosen type, as POST /contact-exchange takes them: those filled in. */
export function contactData(type: ExchangeType, fields: Record<ExchangeField, string>): Record<string, string> {
  const keys = EXCHANGE_FIELDS[type].filter((k) => fields[k].trim() !== '');
  return Object.fromEntries(keys.map((k) => [k, fields[k].trim()]));
}

/**
 * The person's own details to fill in (issue 18): their business card's, else their
 * account's email. Fields they have typed in already stay as they are.
 */
export function ownDetails(user: Pick<User, 'email'>, card: BusinessCard | null): Partial<Record<ExchangeField, string>> {
  return {
    email: card?.email || user.email,
    phone: card?.phone ?? '',
    linkedin: card?.linkedin ?? '',
    company: card?.company ?? '',
  };
}

type SendInput = { userId: string; toUser: string; eventId: string | null; exchangeType: ExchangeType; data: Record<string, string> };

export const contactExchangeMachine = setup({
  types: {
    context: {} as ContactExchangeContext,
    input: {} as ContactExchangeInput,
    events: {} as ContactExchangeEvent,
  },
  actors: {
    // The person's own business card, if any (none is null: nothing to fill in but the email).
    loadOwnCard: fromPromise<BusinessCard | null, { userId: string }>(({ input }) =>
      mediaApi.businessCard(input.userId, input.userId).catch(() => null),
    ),
    sendExchange: fromPromise<{ success: true; exchange: ContactExchange }, SendInput>(({ input }) =>
      api.contactExchange(input.userId, {
        to_user: input.toUser,
        exchange_type: input.exchangeType,
        contact_data: input.data,
        event_id: input.eventId,
      }),
    ),
  },
  guards: {
    isSessionGone,
    hasNothingChosen: ({ context }) => Object.keys(contactData(context.exchangeType, context.fields)).length === 0,
    isExchangeType: ({ event }) => {
      assertEvent(event, 'exchange.typeChanged');
      return (EXCHANGE_TYPES as readonly string[]).includes(event.exchangeType);
    },
  },
  actions: {
    reportSessionGone: reportSessionGone(),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'exchange.fieldChanged');
      return { fields: { ...context.fields, [event.field]: event.value }, errors: withoutFieldError(context.errors, event.field) };
    }),
    prefill: assign({
      fields: ({ context, event }) => {
        const own = ownDetails(context.user, (event as unknown as { output: BusinessCard | null }).output);
        const filled = { ...context.fields };
        for (const [k, v] of Object.entries(own) as Array<[ExchangeField, string]>) if (!filled[k] && v) filled[k] = v;
        return filled;
      },
    }),
    sayNothingChosen: assign(({ context }) => ({
      errors: { fields: { [EXCHANGE_FIELDS[context.exchangeType][0]]: NOTHING_CHOSEN }, form: null },
    })),
    setType: assign(({ event }) => {
      assertEvent(event, 'exchange.typeChanged');
      return { exchangeType: event.exchangeType, errors: NO_ERRORS };
    }),
    showFailure: assign({
      errors: ({ context, event }) =>
        errorsFromFailure<ExchangeField>(errorOf(event), {
          fields: exchangeFieldsOf(context.exchangeType),
          fallback: EXCHANGE_FAILED,
        }),
    }),
    focusFirstError: ({ context }) => focusFirstError(EXCHANGE_FORM, EXCHANGE_FIELDS[context.exchangeType], context.errors),
  },
}).createMachine({
  id: 'contactExchange',
  context: ({ input }) => ({ ...input, exchangeType: 'email', fields: emptyFields(), errors: NO_ERRORS }),
  // The person's own details arrive while the form is already in use.
  invoke: { src: 'loadOwnCard', input: ({ context }) => ({ userId: context.user.id }), onDone: { actions: 'prefill' } },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'exchange.typeChanged': { guard: 'isExchangeType', actions: 'setType' },
        'exchange.fieldChanged': { actions: 'setField' },
        'exchange.submitted': [
          { guard: 'hasNothingChosen', actions: ['sayNothingChosen', 'focusFirstError'] },
          { target: 'sending', actions: [assign({ errors: NO_ERRORS }), sendParent({ type: 'error.cleared' })] },
        ],
      },
    },
    sending: {
      invoke: {
        src: 'sendExchange',
        input: ({ context }) => ({
          userId: context.user.id,
          toUser: context.partner.id,
          eventId: context.eventId,
          exchangeType: context.exchangeType,
          data: contactData(context.exchangeType, context.fields),
        }),
        onDone: {
          target: 'sent',
          // The person's own details stay filled in, for another type or person.
          actions: sendParent({ type: 'toast.show', message: MESSAGES.contactExchangeSent, kind: 'success' }),
        },
        onError: [
          { guard: 'isSessionGone', target: 'editing', actions: 'reportSessionGone' },
          { target: 'editing', actions: ['showFailure', 'focusFirstError'] },
        ],
      },
    },
    // Sent: something else may be sent.
    sent: {
      on: {
        'exchange.typeChanged': { guard: 'isExchangeType', target: 'editing', actions: 'setType' },
        'exchange.fieldChanged': { target: 'editing', actions: 'setField' },
      },
    },
  },
});

export type ContactExchangeActorRef = ActorRefFrom<typeof contactExchangeMachine>;
export type ContactExchangeSnapshot = SnapshotFrom<typeof contactExchangeMachine>;

export { contactExchangeToast } from './contact-exchange-toast';
