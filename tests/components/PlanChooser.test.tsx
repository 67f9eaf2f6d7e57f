import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { PlanName } from '../../contract/constants';
import type { UpgradeAnswer } from '../../contract/plans';
import { plansMachine, type PlanChoice } from '../../machines/profile/plans.machine';
import { PlanDialog } from '../../src/components/PlanChooser';
import { ada } from '../machines/app.fakes';
import { asChild, flush } from '../machines/discovery.fakes';
import { PLANS } from '../machines/media.fakes';
import { renderApp } from './renderApp';
import { english } from '../../contract/said';

async function renderChooser(current: PlanName = 'Free') {
  const upgrade = vi.fn(async ({ plan }: { plan: PlanName }): Promise<UpgradeAnswer> => ({ success: true, plan_name: plan }));
  const machine = plansMachine.provide({
    actors: {
      loadPlans: fromPromise<PlanChoice, { userId: string }>(async () => ({ loaded: PLANS, current })),
      upgrade: fromPromise<UpgradeAnswer, { userId: string; plan: PlanName }>(({ input }) => upgrade(input)),
    },
  });
  const opener = document.createElement('button');
  opener.textContent = 'Upgrade';
  document.body.append(opener);
  opener.focus();
  const t = asChild(machine, { user: ada });
  const view = renderApp(<PlanDialog plans={t.child} />);
  await act(flush);
  return { ...t, ...view, upgrade, opener, dialog: () => screen.getByRole('dialog', { name: 'Choose your plan' }) };
}

describe('PlanChooser', () => {
  it('is a labelled modal dialog that takes the focus', async () => {
    const t = await renderChooser();
    expect(t.dialog()).toHaveAttribute('aria-modal', 'true');
    expect(within(t.dialog()).getByRole('button', { name: 'Close' })).toHaveFocus();
    t.opener.remove();
  });

  it("lists every plan with its price per month and its features in words; Free is '$0/month'", async () => {
    const t = await renderChooser();
    const free = within(t.dialog()).getByRole('article', { name: 'Free' });
    const premium = within(t.dialog()).getByRole('article', { name: 'Premium' });
    const pro = within(t.dialog()).getByRole('article', { name: 'Professional' });
    expect(free).toHaveTextContent('$0/month');
    expect(premium).toHaveTextContent('$9.99/month');
    expect(pro).toHaveTextContent('$19.99/month');
    expect(within(premium).getByText('More room to reach out.')).toBeInTheDocument();
    const features = within(free).getByRole('list', { name: 'Free features' });
    expect(within(features).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Nearby people',
      'Five pending requests per event',
    ]);
    t.opener.remove();
  });

  it("marks Free 'Current plan' with nothing to choose, and offers Upgrade on the paid plans", async () => {
    const t = await renderChooser();
    const free = within(t.dialog()).getByRole('article', { name: 'Free' });
    expect(within(free).getByText('Current plan')).toBeInTheDocument();
    expect(within(free).queryByRole('button')).not.toBeInTheDocument();
    expect(within(t.dialog()).getByRole('button', { name: 'Upgrade to Premium' })).toBeEnabled();
    expect(within(t.dialog()).getByRole('button', { name: 'Upgrade to Professional' })).toBeEnabled();
    t.opener.remove();
  });

  it('marks a paid plan current when it is, and offers the way back to Free', async () => {
    const t = await renderChooser('Premium');
    expect(within(within(t.dialog()).getByRole('article', { name: 'Premium' })).getByText('Current plan')).toBeInTheDocument();
    expect(within(within(t.dialog()).getByRole('article', { name: 'Free' })).queryByText('Current plan')).not.toBeInTheDocument();
    expect(within(t.dialog()).getByRole('button', { name: 'Go back to Free' })).toBeInTheDocument();
    expect(within(t.dialog()).getByRole('button', { name: 'Upgrade to Professional' })).toBeInTheDocument();
    t.opener.remove();
  });

  it('asks first, in the chosen card, with the calm answer focused; then upgrades and asks to close', async () => {
    const t = await renderChooser();
    await userEvent.click(within(t.dialog()).getByRole('button', { name: 'Upgrade to Premium' }));
    const question = within(t.dialog()).getByRole('group', { name: 'Move to Premium for $9.99/month?' });
    expect(within(within(t.dialog()).getByRole('article', { name: 'Premium' })).getByRole('group')).toBe(question);
    expect(within(question).getByRole('button', { name: 'Not now' })).toHaveFocus();
    expect(t.upgrade).not.toHaveBeenCalled();
    await userEvent.click(within(question).getByRole('button', { name: 'Yes, move to Premium' }));
    await act(flush);
    expect(t.upgrade).toHaveBeenCalledWith({ userId: ada.id, plan: 'Premium' });
    expect(english(t.received)).toContainEqual({ type: 'toast.show', message: 'Upgraded to Premium plan!', kind: 'success' });
    expect(t.types()).toContain('plans.closed');
    t.opener.remove();
  });

  it('closes on Close and on Escape', async () => {
    const t = await renderChooser();
    await userEvent.click(within(t.dialog()).getByRole('button', { name: 'Close' }));
    expect(t.types()).toEqual(['plans.closed']);
    await userEvent.keyboard('{Escape}');
    expect(t.types()).toEqual(['plans.closed', 'plans.closed']);
    t.opener.remove();
  });

  it('keeps Tab inside the dialog', async () => {
    const t = await renderChooser();
    const close = within(t.dialog()).getByRole('button', { name: 'Close' });
    const last = within(t.dialog()).getByRole('button', { name: 'Upgrade to Professional' });
    await userEvent.tab({ shift: true });
    expect(last).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    t.opener.remove();
  });

  it('gives the focus back to what opened it when it goes', async () => {
    const t = await renderChooser();
    t.unmount();
    expect(t.opener).toHaveFocus();
    t.opener.remove();
  });
});
