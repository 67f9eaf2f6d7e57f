/**
 * Where focus goes when what had it changes (src/components/focus.ts, issue 20 item 3):
 * a view's title takes it when the view opens, and a card that goes hands it on.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { handOnFocus, viewTitle } from '../../src/components/focus';
import { nextFrame } from '../machines/discovery.fakes';

/** A view with a list of cards, each of which can be answered (and so goes). */
function Requests({ initial }: { initial: string[] }) {
  const [names, setNames] = useState(initial);
  return (
    <main>
      <h1 {...viewTitle}>Requests</h1>
      <ul>
        {names.map((n) => (
          <li key={n}>
            <article aria-label={n} ref={handOnFocus}>
              <button type="button" onClick={() => setNames((all) => all.filter((x) => x !== n))}>
                Answer {n}
              </button>
            </article>
          </li>
        ))}
      </ul>
      <button type="button">Elsewhere</button>
    </main>
  );
}

describe('focus', () => {
  it('goes to the title when a view opens, once the next frame is drawn (not in it: issue 44 item 1)', async () => {
    render(<Requests initial={['Ana']} />);
    await act(() => new Promise(requestAnimationFrame));
    // The frame itself lays out and paints the view only: the focus comes in the task after it.
    expect(screen.getByRole('heading', { name: 'Requests' })).not.toHaveFocus();
    await act(nextFrame);
    expect(screen.getByRole('heading', { name: 'Requests' })).toHaveFocus();
  });

  it('leaves focus where the person put it before then', async () => {
    render(<Requests initial={['Ana']} />);
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    await act(nextFrame);
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('goes on to the next card when the focused one goes, then the one before, then the title', async () => {
    const user = userEvent.setup();
    render(<Requests initial={['Ana', 'Ben', 'Cy']} />);
    await user.click(screen.getByRole('button', { name: 'Answer Ben' }));
    await act(() => Promise.resolve());
    expect(screen.getByRole('article', { name: 'Cy' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Answer Cy' }));
    await act(() => Promise.resolve());
    expect(screen.getByRole('article', { name: 'Ana' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Answer Ana' }));
    await act(() => Promise.resolve());
    expect(screen.getByRole('heading', { name: 'Requests' })).toHaveFocus();
  });

  it('stays where it is when a card goes while focus is elsewhere', async () => {
    render(<Requests initial={['Ana', 'Ben']} />);
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    elsewhere.focus();
    // Ana's card goes (answered elsewhere) while focus is on another control.
    await act(async () => screen.getByRole('button', { name: 'Answer Ana' }).click());
    expect(screen.queryByRole('article', { name: 'Ana' })).toBeNull();
    expect(elsewhere).toHaveFocus();
  });
});
