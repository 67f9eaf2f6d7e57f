/**
 * Issue 39 "words that agree": each filter chip of the events list finds the events of the
 * form types it covers (contract/constants.ts EVENT_FILTER_TYPES, the one mapping the
 * server uses too), and a card names its type with the form's words, in English and German.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { EVENT_TYPES } from '../../contract/constants';
import type { Event } from '../../contract/events';
import { createHiddenEventsStore } from '../../machines/event/hidden-events.actor';
import { eventsMachine } from '../../machines/event/events.machine';
import { showLanguage } from '../../src/i18n/i18n';
import { EventList } from '../../src/views/EventsView';
import { ada } from '../machines/app.fakes';
import { asChild, flush, sampleEvent } from '../machines/discovery.fakes';
import { renderApp } from './renderApp';

afterEach(async () => {
  await showLanguage('en');
});

const NAMES = { party: 'Rooftop', conference: 'Frontend Days', sports: 'Photo Walk', networking: 'Founders' } as const;
const EVENTS: Event[] = EVENT_TYPES.map((type, i) =>
  sampleEvent({ id: `e0000000-0000-4000-8000-00000000000${i + 1}`, name: NAMES[type], event_type: type }),
);

async function renderList() {
  const machine = eventsMachine.provide({
    actors: {
      loadEvents: fromPromise<Event[], { userId: string }>(async () => EVENTS),
      hiddenEventsStore: createHiddenEventsStore(() => ({ getItem: () => null, setItem: () => {} })),
    },
  });
  const t = asChild(machine, { user: ada });
  renderApp(<EventList events={t.child} />);
  await act(flush);
}

const shown = () =>
  within(screen.getByRole('list', { name: /Events/ }))
    .getAllByRole('article')
    .map((a) => within(a).getByRole('heading').textContent);

describe('the events list type filter', () => {
  it.each([
    ['All', ['Rooftop', 'Frontend Days', 'Photo Walk', 'Founders']],
    ['Networking', ['Founders']],
    ['Casual', ['Rooftop', 'Photo Walk']],
    ['Professional', ['Frontend Days', 'Founders']],
    ['Interest-based', ['Frontend Days', 'Photo Walk']],
  ])('the %s chip finds %j', async (chip, names) => {
    await renderList();
    await userEvent.click(screen.getByRole('button', { name: chip }));
    expect(screen.getByRole('button', { name: chip })).toHaveAttribute('aria-pressed', 'true');
    expect(shown()).toEqual(names);
  });

  it("names each card's type with the form's words", async () => {
    await renderList();
    const card = (name: string) => within(screen.getByRole('article', { name }));
    expect(card('Rooftop').getByText('Party')).toBeInTheDocument();
    expect(card('Photo Walk').getByText('Sports')).toBeInTheDocument();
    expect(card('Frontend Days').getByText('Conference')).toBeInTheDocument();
  });

  it('says the chips and the types in German, no English left', async () => {
    await showLanguage('de');
    await renderList();
    const chips = within(screen.getByRole('group', { name: 'Art des Events' }));
    expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual(['Alle', 'Networking', 'Locker', 'Beruflich', 'Nach Interessen']);
    await userEvent.click(chips.getByRole('button', { name: 'Locker' }));
    const card = (name: string) => within(screen.getByRole('article', { name }));
    expect(card('Photo Walk').getByText('Sport')).toBeInTheDocument();
    expect(screen.queryByText(/Casual|Interest-based|Professional|Sports|Conference/)).toBeNull();
  });
});
