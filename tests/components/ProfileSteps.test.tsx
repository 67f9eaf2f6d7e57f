/** The steps after sign-up (issue 39 item 6): a dialog, one labelled question at a time, each skippable, in English and German. */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { ProfileBody } from '../../contract/account';
import type { User } from '../../contract/common';
import { profileStepsMachine } from '../../machines/profile/profile-steps.machine';
import { StepsDialog } from '../../src/components/ProfileSteps';
import { showLanguage } from '../../src/i18n/i18n';
import { ada } from '../machines/app.fakes';
import { asChild, flush } from '../machines/discovery.fakes';
import { renderApp } from './renderApp';

afterEach(async () => {
  await showLanguage('en');
});

const newcomer: User = { ...ada, age: null, occupation: null, interests: [], social_preferences: [], personality_traits: [] };

async function renderSteps() {
  const saves = vi.fn(async (body: ProfileBody) => ({ ...newcomer, ...body }) as User);
  const machine = profileStepsMachine.provide({
    actors: { saveStep: fromPromise<User, { userId: string; body: ProfileBody }>(({ input }) => saves(input.body)) },
  });
  const t = asChild(machine, { user: newcomer });
  renderApp(<StepsDialog steps={t.child} />);
  await act(flush);
  return { ...t, saves, dialog: () => within(screen.getByRole('dialog')) };
}

describe('ProfileSteps', () => {
  it('asks one step at a time in a named dialog, saves what was typed, and lets each step be skipped', async () => {
    const user = userEvent.setup();
    const t = await renderSteps();
    expect(screen.getByRole('dialog', { name: 'What do you do?' })).toBeInTheDocument();
    expect(t.dialog().getByText('Step 1 of 5')).toBeInTheDocument();
    await user.type(t.dialog().getByLabelText('Occupation'), 'Gardener');
    await user.click(t.dialog().getByRole('button', { name: 'Continue' }));
    await act(flush);
    expect(t.saves).toHaveBeenCalledWith({ occupation: 'Gardener', age: null });

    expect(screen.getByRole('dialog', { name: 'What are you into?' })).toBeInTheDocument();
    expect(t.dialog().getByRole('heading', { name: 'What are you into?' })).toHaveFocus();
    await user.click(t.dialog().getByRole('button', { name: 'Skip for now' }));
    expect(screen.getByRole('dialog', { name: 'How do you like to meet people?' })).toBeInTheDocument();
    expect(t.dialog().getByRole('combobox', { name: 'Communication style' })).toHaveValue('balanced');
    await user.click(t.dialog().getByRole('button', { name: 'Skip for now' }));
    await user.click(t.dialog().getByRole('button', { name: 'Skip for now' }));
    expect(screen.getByRole('dialog', { name: 'Add a photo?' })).toBeInTheDocument();
    expect(t.dialog().getByRole('button', { name: 'Add a photo in Me' })).toBeInTheDocument();
    await user.click(t.dialog().getByRole('button', { name: 'Skip for now' }));
    expect(t.types()).toEqual(['user.updated', 'profileSteps.closed']);
  });

  it('Escape leaves the rest for later', async () => {
    const t = await renderSteps();
    await userEvent.keyboard('{Escape}');
    expect(t.types()).toEqual(['profileSteps.closed']);
  });

  it('so does Finish later', async () => {
    const t = await renderSteps();
    await userEvent.click(t.dialog().getByRole('button', { name: 'Finish later' }));
    expect(t.types()).toEqual(['profileSteps.closed']);
  });

  it('speaks German', async () => {
    await showLanguage('de');
    const t = await renderSteps();
    expect(screen.getByRole('dialog', { name: 'Was machst du so?' })).toBeInTheDocument();
    expect(t.dialog().getByText('Schritt 1 von 5')).toBeInTheDocument();
    expect(t.dialog().getByLabelText('Beruf')).toBeInTheDocument();
    expect(t.dialog().getByRole('button', { name: 'Weiter' })).toBeInTheDocument();
    expect(t.dialog().getByRole('button', { name: 'Erst mal überspringen' })).toBeInTheDocument();
    expect(t.dialog().queryByText(/Skip|Continue|Step|Occupation/)).toBeNull();
  });
});
