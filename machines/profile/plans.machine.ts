/**
 * The plan chooser (SPEC 2 "Plan chooser", SPEC 4 "Subscription"): loads the plans and
 * the person's own, marks that one current (Free for a new account) and lets them move
 * to another plan — after saying what the move means and asking. A paid plan can go
 * back to Free; Free is not choosable while it is the current plan. The root chart
 * spawns this while the modal is open and stops it on 'plans.closed'.
 */
import { assertEvent, assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { User } from '../../contract/common';
import type { PlanName } from '../../contract/constants';
import { MESSAGES, upgradedToPlan } from '../../contract/messages';
import type { Plan, UpgradeAnswer } from '../../contract/plans';
import { isSessionGone, reportSessionGone } from '../session-gone';
import { mediaApi } from '../api/media';
import { logFailure } from '../log';
import type { Said } from '../../contract/said';

export type PlansEvent =
  | { type: 'plans.upgradeRequested'; plan: PlanName }
  | { type: 'plans.confirmed' }
  | { type: 'plans.cancelled' }
  | { type: 'plans.closeRequested' }
  | { type: 'plans.reloaded' };

export interface PlansContext {
  user: User;
  plans: Plan[];
  current: PlanName | null;
  /** The plan asked about, then being moved to, so its card can say so. */
  upgrading: PlanName | null;
  /** Shown inside the modal too: the banner behind it is covered while it is open. */
  error: Said | null;
}

export interface PlanChoice {
  loaded: Plan[];
  current: PlanName;
}

export const plansMachine = setup({
  types: {
    context: {} as PlansContext,
    input: {} as { user: User },
    events: {} as PlansEvent,
  },
  actors: {
    loadPlans: fromPromise<PlanChoice, { userId: string }>(async ({ input }) => {
      const [loaded, subscription] = await Promise.all([mediaApi.plans(), mediaApi.subscription(input.userId)]);
      return { loaded, current: subscription.plan_name };
    }),
    upgrade: fromPromise<UpgradeAnswer, { userId: string; plan: PlanName }>(({ input }) =>
      mediaApi.upgrade(input.userId, input.plan),
    ),
  },
  guards: {
    isSessionGone,
    isChoosable: ({ context, event }) => {
      assertEvent(event, 'plans.upgradeRequested');
      const plan = context.plans.find((p) => p.name === event.plan);
      return plan !== undefined && isChoosable(plan, context.current);
    },
  },
  actions: {
    announcePlan: sendParent((_, params: { plan: PlanName }) => ({
      type: 'toast.show' as const,
      message: planChangedToast(params.plan),
      kind: 'success' as const,
    })),
    reportSessionGone: reportSessionGone(),
    close: sendParent({ type: 'plans.closed' }),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
  },
}).createMachine({
  id: 'plans',
  context: ({ input }) => ({ user: input.user, plans: [], current: null, upgrading: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPlans',
        input: ({ context }) => ({ userId: context.user.id }),
        onDone: {
          target: 'ready',
          actions: assign({ plans: ({ event }) => event.output.loaded, current: ({ event }) => event.output.current }),
        },
        onError: [
          { guard: 'isSessionGone', actions: 'reportSessionGone' },
          { target: 'failed', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load plans', error: event.error }) } },
        ],
      },
      on: { 'plans.closeRequested': { actions: 'close' } },
    },
    failed: {
      on: { 'plans.reloaded': 'loading', 'plans.closeRequested': { actions: 'close' } },
    },
    ready: {
      on: {
        'plans.upgradeRequested': {
          guard: 'isChoosable',
          target: 'confirming',
          actions: assign({ upgrading: ({ event }) => event.plan, error: null }),
        },
        'plans.closeRequested': { actions: 'close' },
      },
    },
    // A plan changes what the person pays and may do: nothing happens on one tap.
    confirming: {
      on: {
        'plans.confirmed': 'upgrading',
        'plans.cancelled': { target: 'ready', actions: assign({ upgrading: null }) },
        'plans.closeRequested': { actions: 'close' },
      },
    },
    // Closing is held back until the answer: the person learns whether it happened.
    upgrading: {
      entry: sendParent({ type: 'error.cleared' }),
      invoke: {
        src: 'upgrade',
        input: ({ context }) => ({ userId: context.user.id, plan: context.upgrading! }),
        onDone: {
          target: 'done',
          actions: [
            assign({ current: ({ event }) => event.output.plan_name, upgrading: null }),
            { type: 'announcePlan', params: ({ event }) => ({ plan: event.output.plan_name }) },
          ],
        },
        onError: [
          { guard: 'isSessionGone', actions: 'reportSessionGone' },
          {
            target: 'ready',
            actions: [
              assign({ upgrading: null, error: MESSAGES.failedUpgradeSubscription }),
              sendParent({ type: 'error.show', message: MESSAGES.failedUpgradeSubscription }),
              { type: 'logFailure', params: ({ event }) => ({ what: 'upgrade subscription', error: event.error }) },
            ],
          },
        ],
      },
    },
    done: { entry: 'close' },
  },
});

export type PlansActorRef = ActorRefFrom<typeof plansMachine>;
export type PlansSnapshot = SnapshotFrom<typeof plansMachine>;

/**
 * A plan can be chosen when it is not already the person's: a paid plan, or Free from a
 * paid one (SPEC 4: Free is shown as current and cannot be chosen while on it).
 */
export const isChoosable = (plan: Plan, current: PlanName | null): boolean => current !== null && plan.name !== current;

/** Not SPEC 8's: said when a paid plan goes back to Free (SPEC's toast is for upgrades). */
export const BACK_TO_FREE: Said = /*i18n*/ { id: 'profile.backToFree', message: "You're on the Free plan now." };
export const planChangedToast = (plan: PlanName): Said => (plan === 'Free' ? BACK_TO_FREE : upgradedToPlan({ plan }));

export const selectPlansStatus = (s: PlansSnapshot): 'loading' | 'failed' | 'ready' | 'confirming' | 'upgrading' =>
  s.matches('loading')
    ? 'loading'
    : s.matches('failed')
      ? 'failed'
      : s.matches('upgrading')
        ? 'upgrading'
        : s.matches('confirming')
          ? 'confirming'
          : 'ready';

/** 'Upgrade' to a dearer plan, 'Switch' to a cheaper paid one, 'Go back' to Free. */
export function choiceVerb(plan: Plan, plans: Plan[], current: PlanName | null): 'Upgrade' | 'Switch' | 'Go back' {
  const currentPrice = plans.find((p) => p.name === current)?.price ?? 0;
  if (plan.price === 0) return 'Go back';
  return plan.price >= currentPrice ? 'Upgrade' : 'Switch';
}
