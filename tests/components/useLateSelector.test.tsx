/**
 * useLateSelector (src/components/useLateSelector.ts): reads an actor as the component's
 * own state, updated in a transition, for lists that arrive while a view is drawn in
 * slices (issue 44 item 1).
 */
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { assign, createActor, setup, type SnapshotFrom } from 'xstate';
import { useLateSelector } from '../../src/components/useLateSelector';

const list = setup({
  types: { context: {} as { names: string[]; other: number }, events: {} as { type: 'add'; name: string } | { type: 'bump' } },
}).createMachine({
  context: { names: ['Ada'], other: 0 },
  on: {
    add: { actions: assign({ names: ({ context, event }) => [...context.names, event.name] }) },
    bump: { actions: assign({ other: ({ context }) => context.other + 1 }) },
  },
});
type ListSnapshot = SnapshotFrom<typeof list>;
const selectNames = (s: ListSnapshot) => s.context.names;
const selectCount = (s: ListSnapshot) => [s.context.names.length];
const sameCount = (a: number[], b: number[]) => a[0] === b[0];

function Names({ actor, renders }: { actor: ReturnType<typeof createActor<typeof list>>; renders: string[] }) {
  const names = useLateSelector(actor, selectNames);
  const count = useLateSelector(actor, selectCount, sameCount);
  renders.push(names.join(','));
  return (
    <p>
      {names.join(', ')} ({count[0]})
    </p>
  );
}

describe('useLateSelector', () => {
  it('shows what the actor holds at once, then each change', async () => {
    const actor = createActor(list).start();
    const renders: string[] = [];
    render(<Names actor={actor} renders={renders} />);
    expect(screen.getByText('Ada (1)')).toBeTruthy();
    await act(async () => actor.send({ type: 'add', name: 'Grace' }));
    expect(screen.getByText('Ada, Grace (2)')).toBeTruthy();
  });

  it('draws nothing again for a change its selection does not see, or for an equal one', async () => {
    const actor = createActor(list).start();
    const renders: string[] = [];
    render(<Names actor={actor} renders={renders} />);
    const before = renders.length;
    await act(async () => actor.send({ type: 'bump' }));
    await act(async () => actor.send({ type: 'bump' }));
    expect(renders.length).toBe(before);
  });

  it('stops listening when the component goes', async () => {
    const actor = createActor(list).start();
    const renders: string[] = [];
    const unsubscribed = vi.fn();
    const subscribe = actor.subscribe.bind(actor);
    vi.spyOn(actor, 'subscribe').mockImplementation(((observer: Parameters<typeof subscribe>[0]) => {
      const subscription = subscribe(observer);
      return { unsubscribe: () => (unsubscribed(), subscription.unsubscribe()) };
    }) as typeof actor.subscribe);
    const { unmount } = render(<Names actor={actor} renders={renders} />);
    expect(unsubscribed).not.toHaveBeenCalled();
    unmount();
    expect(unsubscribed).toHaveBeenCalledTimes(2);
  });
});
