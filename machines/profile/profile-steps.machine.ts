/**
 * After sign-up (issue 39 item 6): the rest of the profile, offered one friendly step at a
 * time instead of eleven questions before anyone can look around. Each step saves only
 * its own fields (PUT /auth/profile takes any subset) and can be skipped; the last one
 * ends on the events list, where the steps were shown over. The profile view still edits
 * all of it. Started by the root as the child 'profileSteps' while its sheet is open.
 */
import { assertEvent, assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ProfileBody } from '../../contract/account';
import type { User } from '../../contract/common';
import { COMMUNICATION_STYLE_DEFAULT, type CommunicationStyle } from '../../contract/constants';
import { MESSAGES } from '../../contract/messages';
import { parseAge, splitList } from '../../contract/rules';
import { api, errorOf } from '../api/client';
import { NO_ERRORS, errorsFromFailure, focusFirstError, withoutFieldError, type FormErrors } from '../form-errors';
import { isSessionGone, reportSessionGone } from '../session-gone';

export interface StepsDraft {
  occupation: string;
  age: string;
  interests: string;
  social_preferences: string;
  communication_style: CommunicationStyle;
  personality_traits: string;
}
export type StepField = keyof StepsDraft;

/** The steps in order, each with the fields it asks; 'photo' asks none (the photo is added in the profile). */
export const STEPS = [
  { name: 'work', fields: ['occupation', 'age'] },
  { name: 'interests', fields: ['interests'] },
  { name: 'meeting', fields: ['social_preferences', 'communication_style'] },
  { name: 'traits', fields: ['personality_traits'] },
  { name: 'photo', fields: [] },
] as const satisfies ReadonlyArray<{ name: string; fields: readonly StepField[] }>;
export type StepName = (typeof STEPS)[number]['name'];

/** The form's element id (fieldDomId). */
export const STEPS_FORM = 'profile-steps';

const emptyDraft: StepsDraft = { occupation: '', age: '', interests: '', social_preferences: '', communication_style: COMMUNICATION_STYLE_DEFAULT, personality_traits: '' };

/** What one step sends: its own fields, as the profile form would (comma lists split, age a number or null). */
export function stepBody(step: number, d: StepsDraft): ProfileBody {
  const all: ProfileBody = {
    occupation: d.occupation.trim() || null,
    age: parseAge(d.age),
    interests: splitList(d.interests),
    social_preferences: splitList(d.social_preferences),
    communication_style: d.communication_style,
    personality_traits: splitList(d.personality_traits),
  };
  return Object.fromEntries(STEPS[step]!.fields.map((f) => [f, all[f]]));
}

export interface StepsContext {
  user: User;
  step: number;
  draft: StepsDraft;
  errors: FormErrors<StepField>;
}

export type StepsEvent =
  | { type: 'steps.fieldChanged'; field: StepField; value: string }
  | { type: 'steps.continued' }
  | { type: 'steps.skipped' }
  /** Later, all of it: the sheet closes on the events list. */
  | { type: 'steps.closed' }
  /** The photo step's button: the profile, where the photo is added. */
  | { type: 'steps.photoChosen' };

const isLast = (c: StepsContext) => c.step === STEPS.length - 1;

export const profileStepsMachine = setup({
  types: {
    context: {} as StepsContext,
    input: {} as { user: User },
    events: {} as StepsEvent,
  },
  actors: {
    saveStep: fromPromise<User, { userId: string; body: ProfileBody }>(({ input }) => api.updateProfile(input.userId, input.body)),
  },
  guards: {
    isLastStep: ({ context }) => isLast(context),
    // A step left empty has nothing to save: on to the next, no call.
    isStepEmpty: ({ context }) => {
      const body = stepBody(context.step, context.draft);
      return Object.entries(body).every(([k, v]) => v === null || (Array.isArray(v) && v.length === 0) || (k === 'communication_style' && v === context.user.communication_style));
    },
    isSessionGone,
  },
  actions: {
    updateDraft: assign(({ context, event }) => {
      assertEvent(event, 'steps.fieldChanged');
      return { draft: { ...context.draft, [event.field]: event.value }, errors: withoutFieldError(context.errors, event.field) };
    }),
    nextStep: assign({ step: ({ context }) => context.step + 1, errors: NO_ERRORS }),
    showFailure: assign({
      errors: ({ event }) =>
        errorsFromFailure<StepField>(errorOf(event), {
          fallback: MESSAGES.failedUpdateProfile,
          fields: Object.fromEntries(STEPS.flatMap((s) => s.fields).map((f) => [f, f])),
        }),
    }),
    focusFirstError: ({ context }) => focusFirstError(STEPS_FORM, STEPS[context.step]!.fields, context.errors),
    reportSessionGone: reportSessionGone(),
    // The root and every chart that shows the person hear of the new profile.
    tellUser: sendParent(({ event }) => ({ type: 'user.updated', user: (event as unknown as { output: User }).output })),
    close: sendParent({ type: 'profileSteps.closed' }),
    openProfile: sendParent({ type: 'view.opened', view: 'profile' }),
  },
}).createMachine({
  id: 'profile-steps',
  context: ({ input }) => ({
    user: input.user,
    step: 0,
    draft: { ...emptyDraft, communication_style: input.user.communication_style },
    errors: NO_ERRORS,
  }),
  initial: 'asking',
  on: {
    'steps.fieldChanged': { actions: 'updateDraft' },
    'steps.closed': '.done',
  },
  states: {
    asking: {
      on: {
        'steps.continued': [
          { guard: 'isStepEmpty', target: 'advancing' },
          { target: 'saving' },
        ],
        'steps.skipped': 'advancing',
        'steps.photoChosen': { target: 'done', actions: 'openProfile' },
      },
    },
    saving: {
      invoke: {
        src: 'saveStep',
        input: ({ context }) => ({ userId: context.user.id, body: stepBody(context.step, context.draft) }),
        onDone: { target: 'advancing', actions: ['tellUser', assign({ user: ({ event }) => event.output })] },
        onError: [
          { guard: 'isSessionGone', actions: 'reportSessionGone' },
          { target: 'asking', actions: ['showFailure', 'focusFirstError'] },
        ],
      },
    },
    // Transient: the next step, or the end.
    advancing: {
      always: [{ guard: 'isLastStep', target: 'done' }, { target: 'asking', actions: 'nextStep' }],
    },
    done: { type: 'final', entry: 'close' },
  },
});

export type ProfileStepsActorRef = ActorRefFrom<typeof profileStepsMachine>;
export const selectStep = (s: SnapshotFrom<typeof profileStepsMachine>) => STEPS[s.context.step]!;
export const selectSaving = (s: SnapshotFrom<typeof profileStepsMachine>) => s.matches('saving');
