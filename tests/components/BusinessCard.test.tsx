import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { BusinessCard } from '../../contract/plans';
import { ApiError } from '../../machines/api/client';
import { businessCardMachine } from '../../machines/profile/business-card.machine';
import { connectionCardMachine, type ConnectionCardInput } from '../../machines/people/connection-card.machine';
import { BusinessCardPanel } from '../../src/components/BusinessCardSection';
import { ConnectionBusinessCard } from '../../src/components/ConnectionBusinessCard';
import { ada } from '../machines/app.fakes';
import { asChild, flush } from '../machines/discovery.fakes';
import { adaCard } from '../machines/media.fakes';
import { renderApp } from './renderApp';

type SaveInput = { userId: string; card: BusinessCard };

async function renderOwnCard(load: () => Promise<BusinessCard | null>, save: (i: SaveInput) => Promise<BusinessCard> = async ({ card }) => card) {
  const saves = vi.fn(save);
  const machine = businessCardMachine.provide({
    actors: {
      loadCard: fromPromise<BusinessCard | null, { userId: string }>(() => load()),
      saveCard: fromPromise<BusinessCard, SaveInput>(({ input }) => saves(input)),
      removeCard: fromPromise<unknown, { userId: string }>(async () => ({ success: true })),
    },
  });
  const t = asChild(machine, { user: ada });
  const view = renderApp(<BusinessCardPanel card={t.child} />);
  await act(flush);
  return { ...t, ...view, saves, section: () => screen.getByRole('region', { name: 'Business card' }) };
}

const none = async (): Promise<null> => null;

describe('BusinessCardSection', () => {
  it('says there is none yet and creates one with the right kinds of fields', async () => {
    const t = await renderOwnCard(none);
    const section = within(t.section());
    expect(section.getByText('No business card yet')).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Create' }));
    expect(section.getByLabelText('Name on the card')).toHaveValue(ada.name);
    expect(section.getByLabelText('Work email')).toHaveAttribute('type', 'email');
    expect(section.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(section.getByLabelText('Website')).toHaveAttribute('type', 'url');
    expect(section.getByLabelText('LinkedIn')).toHaveAttribute('type', 'url');
    await userEvent.type(section.getByLabelText('Job title'), 'Analyst');
    await userEvent.type(section.getByLabelText('Company'), 'Engines Ltd');
    await userEvent.type(section.getByLabelText('Work email'), 'ada@engines.example');
    await userEvent.type(section.getByLabelText('About you'), 'Poetical science.');
    await userEvent.click(section.getByRole('button', { name: 'Save' }));
    await act(flush);
    expect(t.saves.mock.calls[0]![0].card).toMatchObject({ title: 'Analyst', company: 'Engines Ltd', email: 'ada@engines.example' });
    expect(section.getByText('Analyst · Engines Ltd')).toBeInTheDocument();
    expect(section.getByRole('link', { name: 'ada@engines.example' })).toHaveAttribute('href', 'mailto:ada@engines.example');
    expect(section.getByRole('button', { name: 'Update card' })).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });

  it("says the server's refusal beside the field, in plain words", async () => {
    const t = await renderOwnCard(async () => adaCard(), async () => {
      throw new ApiError(400, 'email: must be a valid email address');
    });
    const section = within(t.section());
    await userEvent.click(section.getByRole('button', { name: 'Update card' }));
    await userEvent.clear(section.getByLabelText('Work email'));
    await userEvent.type(section.getByLabelText('Work email'), 'not-an-email');
    await userEvent.click(section.getByRole('button', { name: 'Save' }));
    await act(flush);
    const email = section.getByLabelText('Work email');
    expect(email).toHaveAccessibleDescription('Please enter an email address like name@example.com.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(section.queryByText(/email:/)).toBeNull();
    expect(email).toHaveValue('not-an-email');
  });

  it('asks before removing the card', async () => {
    const t = await renderOwnCard(async () => adaCard());
    const section = within(t.section());
    await userEvent.click(section.getByRole('button', { name: 'Remove' }));
    expect(section.getByRole('alertdialog')).toHaveTextContent('Remove your business card?');
    await userEvent.click(section.getByRole('button', { name: 'Yes, remove it' }));
    await act(flush);
    expect(section.getByText('No business card yet')).toBeInTheDocument();
  });
});

describe('ConnectionBusinessCard', () => {
  async function renderTheirs(load: () => Promise<BusinessCard | null>) {
    const machine = connectionCardMachine.provide({
      actors: { loadCard: fromPromise<BusinessCard | null, ConnectionCardInput>(() => load()) },
      actions: { logFailure: () => {} },
    });
    const t = asChild(machine, { viewerId: ada.id, userId: 'a0000000-0000-4000-8000-000000000001' });
    const view = renderApp(<ConnectionBusinessCard card={t.child} />);
    await act(flush);
    return view;
  }

  it("shows a connection's card with safe links", async () => {
    await renderTheirs(async () => adaCard({ name: 'Sam Reed', website: 'https://sam.example', linkedin: '' }));
    const card = screen.getByRole('region', { name: 'Business card of Sam Reed' });
    expect(within(card).getByRole('link', { name: 'https://sam.example' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(card).queryByText('LinkedIn')).not.toBeInTheDocument();
  });

  it('shows nothing when the card fails to load', async () => {
    const { container } = await renderTheirs(async () => {
      throw new ApiError(500, null);
    });
    expect(container).toBeEmptyDOMElement();
  });
});
