/**
 * The question before leaving unsaved edits (issue 39): a named dialog with Save / Don't
 * save / Stay, Stay focused and Escape staying, every answer told to the root chart, all
 * waiting while the edits save; in German too.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { assign, createMachine, type AnyEventObject } from 'xstate';
import type { appMachine } from '../../machines/app.machine';
import { UnsavedDialog } from '../../src/components/UnsavedDialog';
import { showLanguage, whenLanguageShown } from '../../src/i18n/i18n';
import { renderApp } from './renderApp';

/** A root that holds a way out, notes the answers, and saves when told to. */
function asking(heard: AnyEventObject[]) {
  return createMachine({
    context: { leaving: { event: { type: 'view.opened', view: 'events' }, saving: false } },
    on: {
      'leaving.answered': {
        actions: [
          ({ event }) => heard.push(event),
          assign({ leaving: ({ context, event }) => ({ ...context.leaving, saving: (event as { answer?: string }).answer === 'save' }) }),
        ],
      },
    },
  }) as unknown as typeof appMachine;
}

afterEach(async () => {
  whenLanguageShown(() => {});
  await showLanguage('en');
});

describe('UnsavedDialog', () => {
  it('asks calmly, with Stay focused, and Escape stays', async () => {
    const heard: AnyEventObject[] = [];
    renderApp(<UnsavedDialog />, { path: '/' }, asking(heard));
    const dialog = screen.getByRole('dialog', { name: 'Save your changes?' });
    expect(dialog).toHaveAccessibleDescription(/haven't saved it yet/);
    expect(screen.getByRole('button', { name: 'Stay here' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(heard).toEqual([{ type: 'leaving.answered', answer: 'stay' }]);
  });

  it("tells the root Don't save, and Save and go, then waits while saving", async () => {
    const heard: AnyEventObject[] = [];
    renderApp(<UnsavedDialog />, { path: '/' }, asking(heard));
    await userEvent.click(screen.getByRole('button', { name: "Don't save" }));
    await userEvent.click(screen.getByRole('button', { name: 'Save and go' }));
    expect(heard).toEqual([
      { type: 'leaving.answered', answer: 'discard' },
      { type: 'leaving.answered', answer: 'save' },
    ]);
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: "Don't save" })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Stay here' })).toBeDisabled();
    // Escape while saving does not pretend to stay.
    await userEvent.keyboard('{Escape}');
    expect(heard).toHaveLength(2);
  });

  it('speaks German', async () => {
    await act(() => showLanguage('de'));
    renderApp(<UnsavedDialog />, { path: '/' }, asking([]));
    expect(screen.getByRole('dialog', { name: 'Änderungen speichern?' })).toBeInTheDocument();
    for (const name of ['Speichern und weiter', 'Nicht speichern', 'Hierbleiben']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });
});
