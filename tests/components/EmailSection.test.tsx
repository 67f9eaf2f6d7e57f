/** The profile's email section (issue 41): the address's state, the link sent again, the reminder switch, in English and German. */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { User } from '../../contract/common';
import { emailSettingsMachine } from '../../machines/profile/email-settings.machine';
import { EmailPanel } from '../../src/components/EmailSection';
import { showLanguage } from '../../src/i18n/i18n';
import { ada } from '../machines/app.fakes';
import { asChild, flush } from '../machines/discovery.fakes';
import { renderApp } from './renderApp';

afterEach(async () => {
  await showLanguage('en');
});

function renderPanel(user: User) {
  const resend = vi.fn(async () => ({ success: true }));
  const save = vi.fn(async (on: boolean) => ({ ...user, email_meeting_reminders: on }) as User);
  const machine = emailSettingsMachine.provide({
    actors: {
      resend: fromPromise<unknown, { userId: string }>(() => resend()),
      saveReminders: fromPromise<User, { userId: string; on: boolean }>(({ input }) => save(input.on)),
    },
  });
  const t = asChild(machine, { user });
  renderApp(<EmailPanel settings={t.child} />);
  return { ...t, resend, save };
}

describe('EmailSection', () => {
  it('says the address waits for its link, sends it again, and the switch says when emails start', async () => {
    const user = userEvent.setup();
    const t = renderPanel({ ...ada, email_verified: false, email_meeting_reminders: false });
    expect(screen.getByRole('heading', { name: 'Email' })).toBeInTheDocument();
    expect(screen.getByText(`${ada.email} is not confirmed yet: we sent a link to it. Until it is followed, no reminders are emailed there.`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    await act(flush);
    expect(t.resend).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('On its way. Check your inbox.');
    const box = screen.getByRole('checkbox', { name: 'Remind me of meetings by email too' });
    expect(box).toHaveAccessibleDescription('Emails start once your address is confirmed.');
  });

  it('turns the meeting reminder by email on for a confirmed address', async () => {
    const user = userEvent.setup();
    const t = renderPanel({ ...ada, email_verified: true, email_meeting_reminders: false });
    expect(screen.getByText(`${ada.email} is confirmed.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Remind me of meetings by email too' }));
    await act(flush);
    expect(t.save).toHaveBeenCalledWith(true);
    expect(screen.getByRole('checkbox', { name: 'Remind me of meetings by email too' })).toBeChecked();
  });

  it('is said in German', async () => {
    await showLanguage('de');
    renderPanel({ ...ada, email_verified: true });
    expect(screen.getByRole('checkbox', { name: 'Erinnere mich an Treffen auch per E-Mail' })).toBeInTheDocument();
    expect(screen.getByText(`${ada.email} ist bestätigt.`)).toBeInTheDocument();
  });
});
