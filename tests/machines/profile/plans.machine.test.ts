import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { LoginAnswer } from '../../../contract/account';
import type { PlanName } from '../../../contract/constants';
import { MESSAGES, upgradedToPlan } from '../../../contract/messages';
import type { UpgradeAnswer } from '../../../contract/plans';
import { ApiError } from '../../../machines/api/client';
import { appMachine } from '../../../machines/app.machine';
import { chartOf } from '../../../machines/lazy-charts';
import { authMachine, type LoginDraft } from '../../../machines/session/auth.machine';
import {
  BACK_TO_FREE,
  choiceVerb,
  isChoosable,
  plansMachine,
  selectPlansStatus,
  type PlanChoice,
  type PlansActorRef,
} from '../../../machines/profile/plans.machine';
import { ada, quietCharts, quietChildren, toastsOf } from '../app.fakes';
import { chunksAtHand } from '../charts.fakes';
import { asChild, deferred, flush } from '../discovery.fakes';
import { PLANS } from '../media.fakes';
import { english } from '../../../contract/said';

type UpgradeInput = { userId: string; plan: PlanName };

interface Answers {
  load?: (i: { userId: string }) => Promise<PlanChoice>;
  upgrade?: (i: UpgradeInput) => Promise<UpgradeAnswer>;
}

const onPlan = (current: PlanName) => async (): Promise<PlanChoice> => ({ loaded: PLANS, current });

function fakePlans(a: Answers = {}) {
  const calls = {
    load: vi.fn(a.load ?? onPlan('Free')),
    upgrade: vi.fn(a.upgrade ?? (async ({ plan }: UpgradeInput): Promise<UpgradeAnswer> => ({ success: true, plan_name: plan }))),
    logged: vi.fn(),
  };
  const machine = plansMachine.provide({
    actors: {
      loadPlans: fromPromise<PlanChoice, { userId: string }>(({ input }) => calls.load(input)),
      upgrade: fromPromise<UpgradeAnswer, UpgradeInput>(({ input }) => calls.upgrade(input)),
    },
    actions: { logFailure: (_, params: { what: string }) => calls.logged(params.what) },
  });
  return { machine, calls };
}

function start(a: Answers = {}) {
  const { machine, calls } = fakePlans(a);
  const t = asChild(machine, { user: ada });
  return { ...t, calls, snap: () => t.child.getSnapshot() };
}

describe('plansMachine', () => {
  it("loads the plans and the person's own, and Free is current for a new account", async () => {
    const t = start();
    expect(selectPlansStatus(t.snap())).toBe('loading');
    expect(t.calls.load).toHaveBeenCalledWith({ userId: ada.id });
    await flush();
    expect(selectPlansStatus(t.snap())).toBe('ready');
    expect(t.snap().context.plans).toEqual(PLANS);
    expect(t.snap().context.current).toBe('Free');
  });

  it('does not let the current plan be chosen: Free while on Free (SPEC 4), or a paid one while on it', async () => {
    const onFree = start();
    await flush();
    onFree.child.send({ type: 'plans.upgradeRequested', plan: 'Free' });
    expect(selectPlansStatus(onFree.snap())).toBe('ready');
    const t = start({ load: onPlan('Premium') });
    await flush();
    t.child.send({ type: 'plans.upgradeRequested', plan: 'Premium' });
    expect(t.calls.upgrade).not.toHaveBeenCalled();
    expect(selectPlansStatus(t.snap())).toBe('ready');
  });

  it('asks before any change, and a "not now" changes nothing', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'plans.upgradeRequested', plan: 'Premium' });
    expect(selectPlansStatus(t.snap())).toBe('confirming');
    expect(t.snap().context.upgrading).toBe('Premium');
    expect(t.calls.upgrade).not.toHaveBeenCalled();
    t.child.send({ type: 'plans.cancelled' });
    expect(selectPlansStatus(t.snap())).toBe('ready');
    expect(t.snap().context.upgrading).toBeNull();
    expect(t.calls.upgrade).not.toHaveBeenCalled();
    expect(t.received).toEqual([]);
  });

  it('goes back to Free from a paid plan, after asking, with its own words', async () => {
    const t = start({ load: onPlan('Professional') });
    await flush();
    t.child.send({ type: 'plans.upgradeRequested', plan: 'Free' });
    expect(selectPlansStatus(t.snap())).toBe('confirming');
    t.child.send({ type: 'plans.confirmed' });
    expect(t.calls.upgrade).toHaveBeenCalledWith({ userId: ada.id, plan: 'Free' });
    await flush();
    expect(t.received).toContainEqual({ type: 'toast.show', message: BACK_TO_FREE, kind: 'success' });
    expect(t.types()).toContain('plans.closed');
  });

  it("upgrades, says 'Upgraded to Premium plan!' and closes", async () => {
    const answer = deferred<UpgradeAnswer>();
    const t = start({ upgrade: () => answer.promise });
    await flush();
    t.child.send({ type: 'plans.upgradeRequested', plan: 'Premium' });
    t.child.send({ type: 'plans.confirmed' });
    expect(t.calls.upgrade).toHaveBeenCalledWith({ userId: ada.id, plan: 'Premium' });
    expect(selectPlansStatus(t.snap())).toBe('upgrading');
    expect(t.snap().context.upgrading).toBe('Premium');
    // Closing waits for the answer, so the person learns what happened.
    t.child.send({ type: 'plans.closeRequested' });
    expect(t.types()).not.toContain('plans.closed');
    answer.resolve({ success: true, plan_name: 'Premium' });
    await flush();
    expect(english(t.received)).toEqual(english([
      { type: 'error.cleared' },
      { type: 'toast.show', message: 'Upgraded to Premium plan!', kind: 'success' },
      { type: 'plans.closed' },
    ]));
    expect(upgradedToPlan({ plan: 'Professional' }).message).toBe('Upgraded to Professional plan!');
  });

  it("shows 'Failed to upgrade subscription' and stays open when the upgrade fails", async () => {
    const t = start({
      upgrade: async () => {
        throw new ApiError(409, 'You are already on the Premium plan');
      },
    });
    await flush();
    t.child.send({ type: 'plans.upgradeRequested', plan: 'Premium' });
    t.child.send({ type: 'plans.confirmed' });
    await flush();
    expect(t.received).toEqual([{ type: 'error.cleared' }, { type: 'error.show', message: MESSAGES.failedUpgradeSubscription }]);
    expect(english(MESSAGES.failedUpgradeSubscription)).toBe(english('Failed to upgrade subscription'));
    expect(selectPlansStatus(t.snap())).toBe('ready');
    expect(english(t.snap().context)).toMatchObject({ upgrading: null, current: 'Free', error: 'Failed to upgrade subscription' });
    t.child.send({ type: 'plans.upgradeRequested', plan: 'Professional' });
    expect(t.snap().context.error).toBeNull();
  });

  it.each(['loading', 'ready', 'failed'] as const)('asks the root to close it while %s', async (state) => {
    const t = start({
      load:
        state === 'loading'
          ? () => new Promise(() => {})
          : state === 'failed'
            ? async () => {
                throw new ApiError(500, null);
              }
            : onPlan('Free'),
    });
    await flush();
    expect(selectPlansStatus(t.snap())).toBe(state);
    t.child.send({ type: 'plans.closeRequested' });
    expect(t.received).toEqual([{ type: 'plans.closed' }]);
  });

  it('only logs a failed load, and loads again on request', async () => {
    const answers = [
      async (): Promise<PlanChoice> => {
        throw new ApiError(0, null);
      },
      onPlan('Free'),
    ];
    const t = start({ load: () => answers.shift()!() });
    await flush();
    expect(t.calls.logged).toHaveBeenCalledWith('load plans');
    expect(t.received).toEqual([]);
    t.child.send({ type: 'plans.reloaded' });
    await flush();
    expect(selectPlansStatus(t.snap())).toBe('ready');
  });
});

describe('plan wording', () => {
  it('offers every plan but the current one; Upgrade when dearer, Switch when cheaper, Go back to Free', () => {
    const [free, premium, pro] = PLANS as [typeof PLANS[0], typeof PLANS[0], typeof PLANS[0]];
    expect([free, premium, pro].map((p) => isChoosable(p, 'Free'))).toEqual([false, true, true]);
    expect([free, premium, pro].map((p) => isChoosable(p, 'Professional'))).toEqual([true, true, false]);
    expect([free, premium, pro].map((p) => isChoosable(p, null))).toEqual([false, false, false]);
    expect(choiceVerb(pro, PLANS, 'Premium')).toBe('Upgrade');
    expect(choiceVerb(premium, PLANS, 'Professional')).toBe('Switch');
    expect(choiceVerb(free, PLANS, 'Professional')).toBe('Go back');
  });
});

describe('appMachine: the plan chooser', () => {
  async function signedIn(a: Answers = {}) {
    const plans = fakePlans(a);
    const machine = appMachine.provide({
      actors: {
        ...quietChildren,
        ...chunksAtHand({
          ...quietCharts,
          auth: authMachine.provide({
            actors: { login: fromPromise<LoginAnswer, LoginDraft>(async () => ({ user: ada, reactivated: false })) },
          }),
          plans: plans.machine,
        }),
      },
    });
    const actor = createActor(machine, { clock: new SimulatedClock(), input: { path: '/', online: true } }).start();
    const auth = chartOf(actor.getSnapshot(), 'auth')!;
    auth.send({ type: 'auth.loginChanged', field: 'username_or_email', value: 'ada' });
    auth.send({ type: 'auth.loginChanged', field: 'password', value: 'secret1' });
    auth.send({ type: 'auth.submitted' });
    await waitFor(actor, (s) => s.matches({ user: 'events' }));
    await flush();
    return { actor, calls: plans.calls, plans: () => actor.getSnapshot().children.plans as PlansActorRef | undefined };
  }

  it('runs the chooser while it is open and stops it when it asks to close', async () => {
    const app = await signedIn();
    app.actor.send({ type: 'plans.opened' });
    expect(app.actor.getSnapshot().context.plansOpen).toBe(true);
    const plans = app.plans()!;
    app.actor.send({ type: 'plans.opened' });
    expect(app.plans()).toBe(plans);
    await flush();
    plans.send({ type: 'plans.closeRequested' });
    expect(app.plans()).toBeUndefined();
    expect(app.actor.getSnapshot().context.plansOpen).toBe(false);
  });

  it('shows the upgrade toast and closes the chooser after an upgrade', async () => {
    const app = await signedIn();
    app.actor.send({ type: 'plans.opened' });
    await flush();
    app.plans()!.send({ type: 'plans.upgradeRequested', plan: 'Premium' });
    app.plans()!.send({ type: 'plans.confirmed' });
    await flush();
    expect(app.plans()).toBeUndefined();
    expect(english(toastsOf(app.actor).map((t) => t.message))).toContain(english('Upgraded to Premium plan!'));
  });

  it('puts the failure on the error banner', async () => {
    const app = await signedIn({
      upgrade: async () => {
        throw new ApiError(500, null);
      },
    });
    app.actor.send({ type: 'plans.opened' });
    await flush();
    app.plans()!.send({ type: 'plans.upgradeRequested', plan: 'Professional' });
    app.plans()!.send({ type: 'plans.confirmed' });
    await flush();
    expect(english(app.actor.getSnapshot().context.error)).toBe(english('Failed to upgrade subscription'));
    expect(app.plans()).toBeDefined();
  });
});
