import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from 'styled-components';
import { createActor, createMachine, fromPromise } from 'xstate';
import { ApiError } from '../../machines/api/client';
import { batteryMachine, type BatteryActorRef } from '../../machines/presence/battery.machine';
import { EnergyMeter } from '../../src/components/EnergyMeter';
import { theme } from '../../src/theme/theme';

const userId = '0b7c5d1e-4f7a-4c37-9d1e-2f0a8b6c9d10';

function renderMeter(level: number, save: (input: { userId: string; level: number }) => Promise<unknown> = async () => ({ success: true })) {
  const saves = vi.fn(save);
  // Under a parent, as under the root chart, which hears what the meter reports.
  const heard: string[] = [];
  const parent = createActor(
    createMachine({
      invoke: {
        id: 'battery',
        src: batteryMachine.provide({
          actors: { saveBattery: fromPromise<unknown, { userId: string; level: number }>(({ input }) => saves(input)) },
        }),
        input: { userId, level },
      },
      on: { '*': { actions: ({ event }) => void (event.type.startsWith('xstate.') || heard.push(event.type)) } },
    }),
  ).start();
  const battery = parent.getSnapshot().children.battery as BatteryActorRef;
  render(
    <ThemeProvider theme={theme}>
      <EnergyMeter battery={battery} />
    </ThemeProvider>,
  );
  return { battery, saves, heard, group: screen.getByRole('group', { name: 'Energy:' }) };
}

const bars = () => screen.getAllByRole('button', { name: /^Set energy to \d+ of 10$/ });

describe('EnergyMeter', () => {
  it("shows ten bars, the label 'Energy:' and the level as n/10", () => {
    const { group } = renderMeter(8);
    expect(bars()).toHaveLength(10);
    expect(within(group).getByText('Energy:')).toBeInTheDocument();
    expect(within(group).getByText('8/10')).toBeInTheDocument();
    expect(bars().map((b) => b.getAttribute('aria-label'))).toEqual(
      Array.from({ length: 10 }, (_, i) => `Set energy to ${i + 1} of 10`),
    );
  });

  it.each([
    [10, 'green'],
    [7, 'green'],
    [6, 'yellow'],
    [4, 'yellow'],
    [3, 'red'],
    [1, 'red'],
  ] as const)('at %i colours the filled bars %s and leaves the rest empty', (level, colour) => {
    renderMeter(level);
    const all = bars();
    all.slice(0, level).forEach((b) => expect(b).toHaveClass(`level-${colour}`));
    all.slice(level).forEach((b) => expect(b).toHaveClass('level-empty'));
    expect(all.filter((b) => b.getAttribute('aria-pressed') === 'true')).toEqual([all[level - 1]]);
  });

  it('sets the level to the clicked bar, at once, and saves it', async () => {
    const user = userEvent.setup();
    const { saves, group } = renderMeter(8);
    await user.click(screen.getByRole('button', { name: 'Set energy to 3 of 10' }));
    expect(within(group).getByText('3/10')).toBeInTheDocument();
    expect(saves).toHaveBeenCalledWith({ userId, level: 3 });
    bars().slice(0, 3).forEach((b) => expect(b).toHaveClass('level-red'));
    expect(bars()[3]).toHaveClass('level-empty');
  });

  it('says in plain words what the level does (issue 18)', async () => {
    const user = userEvent.setup();
    const { group } = renderMeter(8);
    expect(within(group).getByText(/^Up for meeting people/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set energy to 5 of 10' }));
    expect(within(group).getByText(/^Open to a calm chat/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set energy to 3 of 10' }));
    // Who sees them at that level is presence's to say (issue 39), not the meter's.
    expect(within(group).getByText(/^Running low: take all the time you need/)).toBeInTheDocument();
    expect(within(group).queryByText(/see you nearby/)).toBeNull();
  });

  it('can be set from the keyboard', async () => {
    const user = userEvent.setup();
    const { saves } = renderMeter(8);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Set energy to 2 of 10' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(saves).toHaveBeenCalledWith({ userId, level: 2 });
  });

  it('moves back when the server refuses', async () => {
    const user = userEvent.setup();
    const { group, heard } = renderMeter(8, async () => {
      throw new ApiError(500, null);
    });
    await user.click(screen.getByRole('button', { name: 'Set energy to 5 of 10' }));
    await act(async () => {});
    expect(within(group).getByText('8/10')).toBeInTheDocument();
    expect(heard).toEqual(['error.show']);
  });
});
