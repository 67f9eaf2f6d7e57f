/**
 * The person's passkeys in the profile (issue 41): the list, adding one on this device
 * (the current password first, as a password change asks it, and a name to tell them
 * apart), and removing one after a question. Closing the browser's passkey sheet leaves
 * the form as it was, without a complaint; the password typed is never kept past the try.
 */
import { assertEvent, assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { User } from '../../contract/common';
import type { Passkey } from '../../contract/passkeys';
import type { Said } from '../../contract/said';
import { errorOf } from '../api/client';
import { addPasskeyHere, isPasskeyDismissed, passkeysApi, passkeysSupported } from '../api/passkeys';
import { NO_ERRORS, errorsFromFailure, fieldError, focusFirstError, withoutFieldError, type FormErrors } from '../form-errors';
import { logFailure } from '../log';
import { isSessionGone, reportSessionGone } from '../session-gone';

export const PASSKEY_MESSAGES = {
  added: /*i18n*/ { id: 'passkeys.added', message: 'Passkey added. You can log in with it now.' },
  removed: /*i18n*/ { id: 'passkeys.removed', message: 'Passkey removed' },
  addFailed: /*i18n*/ { id: 'passkeys.addFailed', message: "We couldn't add the passkey. Please try again." },
  removeFailed: /*i18n*/ { id: 'passkeys.removeFailed', message: "We couldn't remove the passkey. Please try again." },
  passwordRequired: /*i18n*/ { id: 'passkeys.passwordRequired', message: 'Enter your current password' },
  nameRequired: /*i18n*/ { id: 'passkeys.nameRequired', message: 'Give the passkey a name, such as the device it is on' },
} satisfies Record<string, Said>;

export interface PasskeyDraft {
  password: string;
  name: string;
}
export type PasskeyField = keyof PasskeyDraft;
/** The add form's element id (fieldDomId), and its fields in order. */
export const PASSKEY_FORM = 'passkey';
const PASSKEY_ORDER: readonly PasskeyField[] = ['password', 'name'];

/** A name for a passkey made here, from the kind of device (a proper name in any language); the person may change it. */
export function deviceName(userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): string {
  const kinds: Array<[RegExp, string]> = [
    [/iPhone/, 'iPhone'],
    [/iPad/, 'iPad'],
    [/Android/, 'Android'],
    [/CrOS/, 'ChromeOS'],
    [/Mac OS X|Macintosh/, 'Mac'],
    [/Windows/, 'Windows'],
    [/Linux/, 'Linux'],
  ];
  return kinds.find(([pattern]) => pattern.test(userAgent))?.[1] ?? '';
}

export type PasskeysEvent =
  | { type: 'passkeys.reloaded' }
  | { type: 'passkeys.addStarted' }
  | { type: 'passkeys.fieldChanged'; field: PasskeyField; value: string }
  | { type: 'passkeys.addSubmitted' }
  | { type: 'passkeys.removeRequested'; id: string }
  | { type: 'passkeys.removeConfirmed' }
  | { type: 'passkeys.cancelled' };

export interface PasskeysContext {
  user: User;
  /** Whether this browser can make a passkey (adding is offered only then). */
  supported: boolean;
  passkeys: Passkey[];
  draft: PasskeyDraft;
  errors: FormErrors<PasskeyField>;
  /** The passkey the question is about, while it is asked and while it is removed. */
  removing: Passkey | null;
  /** Why the last removal failed, shown above the list. */
  error: Said | null;
}

const emptyDraft = (): PasskeyDraft => ({ password: '', name: deviceName() });

export const passkeysMachine = setup({
  types: {
    context: {} as PasskeysContext,
    input: {} as { user: User },
    events: {} as PasskeysEvent,
  },
  actors: {
    loadPasskeys: fromPromise<Passkey[], { userId: string }>(({ input }) => passkeysApi.list(input.userId)),
    addPasskey: fromPromise<Passkey, { userId: string; draft: PasskeyDraft }>(({ input }) =>
      addPasskeyHere(input.userId, input.draft.password, input.draft.name.trim()),
    ),
    removePasskey: fromPromise<unknown, { userId: string; id: string }>(({ input }) => passkeysApi.remove(input.userId, input.id)),
  },
  guards: {
    isSessionGone,
    isPasswordMissing: ({ context }) => context.draft.password === '',
    isNameMissing: ({ context }) => context.draft.name.trim() === '',
    isPasskeyDismissed: ({ event }) => isPasskeyDismissed(errorOf(event)),
  },
  actions: {
    reportSessionGone: reportSessionGone(),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
    toast: sendParent((_, params: { message: Said }) => ({ type: 'toast.show', message: params.message, kind: 'success' })),
    updateDraft: assign(({ context, event }) => {
      assertEvent(event, 'passkeys.fieldChanged');
      return { draft: { ...context.draft, [event.field]: event.value }, errors: withoutFieldError(context.errors, event.field) };
    }),
    say: assign({ errors: (_, params: { field: PasskeyField; message: Said }) => fieldError(params.field, params.message) }),
    showAddFailure: assign({
      errors: ({ event }) =>
        errorsFromFailure<PasskeyField>(errorOf(event), { fields: { password: 'password', name: 'name' }, fallback: PASSKEY_MESSAGES.addFailed }),
    }),
    // The password is asked again for each try: it is not kept once it has been used.
    forgetPassword: assign({ draft: ({ context }) => ({ ...context.draft, password: '' }) }),
    focusFirstError: ({ context }) => focusFirstError(PASSKEY_FORM, PASSKEY_ORDER, context.errors),
  },
}).createMachine({
  id: 'passkeys',
  context: ({ input }) => ({
    user: input.user,
    supported: passkeysSupported(),
    passkeys: [],
    draft: emptyDraft(),
    errors: NO_ERRORS,
    removing: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPasskeys',
        input: ({ context }) => ({ userId: context.user.id }),
        onDone: { target: 'showing', actions: assign({ passkeys: ({ event }) => event.output }) },
        onError: [
          { guard: 'isSessionGone', actions: 'reportSessionGone' },
          { target: 'unavailable', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load passkeys', error: event.error }) } },
        ],
      },
    },
    unavailable: { on: { 'passkeys.reloaded': 'loading' } },
    showing: {
      on: {
        'passkeys.addStarted': { target: 'adding', actions: assign({ draft: emptyDraft, errors: NO_ERRORS, error: null }) },
        'passkeys.removeRequested': {
          target: 'confirmingRemove',
          actions: assign({ removing: ({ context, event }) => context.passkeys.find((k) => k.id === event.id) ?? null, error: null }),
        },
      },
    },
    adding: {
      on: {
        'passkeys.fieldChanged': { actions: 'updateDraft' },
        'passkeys.addSubmitted': [
          { guard: 'isPasswordMissing', actions: [{ type: 'say', params: { field: 'password', message: PASSKEY_MESSAGES.passwordRequired } }, 'focusFirstError'] },
          { guard: 'isNameMissing', actions: [{ type: 'say', params: { field: 'name', message: PASSKEY_MESSAGES.nameRequired } }, 'focusFirstError'] },
          { target: 'creating', actions: assign({ errors: NO_ERRORS }) },
        ],
        'passkeys.cancelled': { target: 'showing', actions: assign({ draft: emptyDraft, errors: NO_ERRORS }) },
      },
    },
    creating: {
      invoke: {
        src: 'addPasskey',
        input: ({ context }) => ({ userId: context.user.id, draft: context.draft }),
        onDone: {
          target: 'showing',
          actions: [
            assign({ passkeys: ({ context, event }) => [...context.passkeys, event.output], draft: emptyDraft }),
            { type: 'toast', params: { message: PASSKEY_MESSAGES.added } },
          ],
        },
        onError: [
          { guard: 'isSessionGone', actions: 'reportSessionGone' },
          { guard: 'isPasskeyDismissed', target: 'adding', actions: 'forgetPassword' },
          { target: 'adding', actions: ['showAddFailure', 'forgetPassword', 'focusFirstError'] },
        ],
      },
    },
    confirmingRemove: {
      on: { 'passkeys.removeConfirmed': 'removingPasskey', 'passkeys.cancelled': { target: 'showing', actions: assign({ removing: null }) } },
    },
    removingPasskey: {
      invoke: {
        src: 'removePasskey',
        input: ({ context }) => ({ userId: context.user.id, id: context.removing!.id }),
        onDone: {
          target: 'showing',
          actions: [
            assign({ passkeys: ({ context }) => context.passkeys.filter((k) => k.id !== context.removing?.id), removing: null }),
            { type: 'toast', params: { message: PASSKEY_MESSAGES.removed } },
          ],
        },
        onError: [
          { guard: 'isSessionGone', actions: 'reportSessionGone' },
          {
            target: 'showing',
            actions: [
              assign({ error: PASSKEY_MESSAGES.removeFailed, removing: null }),
              { type: 'logFailure', params: ({ event }) => ({ what: 'remove passkey', error: event.error }) },
            ],
          },
        ],
      },
    },
  },
});

export type PasskeysActorRef = ActorRefFrom<typeof passkeysMachine>;
export type PasskeysSnapshot = SnapshotFrom<typeof passkeysMachine>;

export type PasskeysMode = 'loading' | 'unavailable' | 'showing' | 'adding' | 'confirmingRemove';

export function selectPasskeysMode(s: PasskeysSnapshot): PasskeysMode {
  if (s.matches('adding') || s.matches('creating')) return 'adding';
  if (s.matches('confirmingRemove') || s.matches('removingPasskey')) return 'confirmingRemove';
  if (s.matches('showing')) return 'showing';
  if (s.matches('unavailable')) return 'unavailable';
  return 'loading';
}

export const selectPasskeysBusy = (s: PasskeysSnapshot): boolean => s.matches('creating') || s.matches('removingPasskey');
