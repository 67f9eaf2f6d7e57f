/** The steps after sign-up (issue 39 item 6): one at a time, each saving only its own fields, each skippable. */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { ProfileBody } from '../../../contract/account';
import type { User } from '../../../contract/common';
import { ApiError } from '../../../machines/api/client';
import { STEPS, profileStepsMachine, selectStep, stepBody } from '../../../machines/profile/profile-steps.machine';
import { ada } from '../app.fakes';
import { asChild, flush } from '../discovery.fakes';

const newcomer: User = { ...ada, age: null, occupation: null, interests: [], social_preferences: [], personality_traits: [], communication_style: 'balanced' };

function start(save: (body: ProfileBody) => Promise<User> = async (body) => ({ ...newcomer, ...body }) as User) {
  const saves = vi.fn(save);
  const machine = profileStepsMachine.provide({
    actors: { saveStep: fromPromise<User, { userId: string; body: ProfileBody }>(({ input }) => saves(input.body)) },
    actions: { focusFirstError: () => {} },
  });
  const t = asChild(machine, { user: newcomer });
  return { ...t, saves, step: () => selectStep(t.child.getSnapshot()).name };
}

describe('profileStepsMachine', () => {
  it('offers the steps one at a time: work, interests, meeting people, traits, a photo', () => {
    expect(STEPS.map((s) => s.name)).toEqual(['work', 'interests', 'meeting', 'traits', 'photo']);
    const t = start();
    const seen = [t.step()];
    for (let i = 1; i < STEPS.length; i++) {
      t.child.send({ type: 'steps.skipped' });
      seen.push(t.step());
    }
    expect(seen).toEqual(['work', 'interests', 'meeting', 'traits', 'photo']);
  });

  it('skipping every step saves nothing and ends by closing (the events list is beneath)', () => {
    const t = start();
    for (const _ of STEPS) t.child.send({ type: 'steps.skipped' });
    expect(t.saves).not.toHaveBeenCalled();
    expect(t.child.getSnapshot().status).toBe('done');
    expect(t.types()).toEqual(['profileSteps.closed']);
  });

  it('saves only the step’s own fields, tells the root the new profile, then goes on', async () => {
    const t = start();
    t.child.send({ type: 'steps.fieldChanged', field: 'occupation', value: ' Gardener ' });
    t.child.send({ type: 'steps.fieldChanged', field: 'age', value: '31' });
    t.child.send({ type: 'steps.fieldChanged', field: 'interests', value: 'tea, , chess ' });
    t.child.send({ type: 'steps.continued' });
    await flush();
    expect(t.saves).toHaveBeenLastCalledWith({ occupation: 'Gardener', age: 31 });
    expect(t.received.at(-1)).toMatchObject({ type: 'user.updated', user: { occupation: 'Gardener', age: 31 } });
    expect(t.step()).toBe('interests');
    t.child.send({ type: 'steps.continued' });
    await flush();
    expect(t.saves).toHaveBeenLastCalledWith({ interests: ['tea', 'chess'] });
    expect(t.step()).toBe('meeting');
  });

  it('goes on without a call when the step was left empty', () => {
    const t = start();
    t.child.send({ type: 'steps.continued' });
    expect(t.step()).toBe('interests');
    expect(t.saves).not.toHaveBeenCalled();
  });

  it('says a refusal beside its field and stays on the step', async () => {
    const t = start(async () => {
      throw new ApiError(400, 'age: must be at least 13');
    });
    t.child.send({ type: 'steps.fieldChanged', field: 'age', value: '9' });
    t.child.send({ type: 'steps.continued' });
    await flush();
    expect(t.step()).toBe('work');
    expect(t.child.getSnapshot().context.errors.fields.age?.message).toMatch(/at least 13/);
  });

  it('Finish later closes at once; the photo step opens the profile', () => {
    const later = start();
    later.child.send({ type: 'steps.closed' });
    expect(later.types()).toEqual(['profileSteps.closed']);

    const photo = start();
    for (let i = 1; i < STEPS.length; i++) photo.child.send({ type: 'steps.skipped' });
    photo.child.send({ type: 'steps.photoChosen' });
    expect(photo.types()).toEqual(['view.opened', 'profileSteps.closed']);
    expect(photo.received[0]).toEqual({ type: 'view.opened', view: 'profile' });
  });

  it('stepBody sends the comma lists split and the age as a number or null (SPEC 5)', () => {
    const d = { occupation: '  ', age: 'old', interests: '', social_preferences: ' small groups,, ', communication_style: 'introverted' as const, personality_traits: '' };
    expect(stepBody(0, d)).toEqual({ occupation: null, age: null });
    expect(stepBody(2, d)).toEqual({ social_preferences: ['small groups'], communication_style: 'introverted' });
  });
});
