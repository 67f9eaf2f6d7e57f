import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../contract/messages';
import { ErrorBanner } from '../../src/components/ErrorBanner';
import { dayAndTime } from '../../src/components/format';
import { Toasts } from '../../src/components/Toasts';
import { TopBar } from '../../src/components/TopBar';
import { connectionsApp, sam, signIn } from '../machines/connections.fakes';
import { renderApp } from './renderApp';
import { testSaid } from '../said';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('TopBar', () => {
  it('shows Online, then Offline and back as the browser reports it', () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
    renderApp(<TopBar />);
    expect(screen.getByText('Online')).toBeInTheDocument();

    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText('Offline')).toBeInTheDocument();
    expect(screen.queryByText('Online')).not.toBeInTheDocument();

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByText('Online')).toBeInTheDocument();
  });

  it('keeps Online for screen readers only and shows Offline as a word (issue 39)', () => {
    const { actor } = renderApp(<TopBar />);
    act(() => actor.send({ type: 'connectivity.changed', online: true }));
    expect(screen.getByText('Online')).toHaveClass('visually-hidden');
    act(() => actor.send({ type: 'connectivity.changed', online: false }));
    expect(screen.getByText('Offline')).not.toHaveClass('visually-hidden');
  });

  it('follows connectivity.changed sent to the root chart', () => {
    const { actor } = renderApp(<TopBar />);
    act(() => actor.send({ type: 'connectivity.changed', online: false }));
    expect(screen.getByText('Offline')).toBeInTheDocument();
    act(() => actor.send({ type: 'connectivity.changed', online: true }));
    expect(screen.getByText('Online')).toBeInTheDocument();
  });
});

describe('ErrorBanner', () => {
  it('shows nothing while there is no error', () => {
    renderApp(<ErrorBanner />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the root error and clears it with the dismiss button', async () => {
    const user = userEvent.setup();
    const { actor } = renderApp(<ErrorBanner />);
    act(() => actor.send({ type: 'error.show', message: MESSAGES.failedUpdateProfile }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.failedUpdateProfile.message);

    await user.click(await screen.findByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('leaves a form’s broken rule to the form: beside the field, focused, not in the banner', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    const field = screen.getByLabelText('Username or email');
    expect(field).toHaveAccessibleDescription(MESSAGES.loginFieldsRequired.message);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(field, 'ada');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).not.toHaveAccessibleDescription();
  });
});

describe('Toasts', () => {
  const region = () => screen.getByRole('status', { name: 'Notifications' });

  it('shows one toast at a time, the next once the first has gone', () => {
    const { actor } = renderApp(<Toasts />);
    expect(region()).toBeEmptyDOMElement();
    act(() => {
      actor.send({ type: 'toast.show', message: MESSAGES.profileUpdated });
      actor.send({ type: 'toast.show', message: MESSAGES.passwordChanged, kind: 'info' });
    });
    expect(within(region()).getAllByText(/successfully/).map((el) => el.textContent)).toEqual([MESSAGES.profileUpdated.message]);
    const owner = actor.getSnapshot().children.toasts!;
    const [first] = owner.getSnapshot().context.toasts;
    act(() => owner.send({ type: 'toast.expired', id: first!.id }));
    expect(within(region()).getAllByText(/successfully/).map((el) => el.textContent)).toEqual([MESSAGES.passwordChanged.message]);
  });

  it('never shows the same words twice', () => {
    const { actor } = renderApp(<Toasts />);
    act(() => {
      actor.send({ type: 'toast.show', message: testSaid('Sam shared their email address') });
      actor.send({ type: 'toast.show', message: testSaid('Sam shared their email address') });
    });
    expect(within(region()).getAllByText('Sam shared their email address')).toHaveLength(1);
    const owner = actor.getSnapshot().children.toasts!;
    const [only] = owner.getSnapshot().context.toasts;
    act(() => owner.send({ type: 'toast.expired', id: only!.id }));
    expect(region()).toBeEmptyDOMElement();
  });

  it('closes the toast at once with its Dismiss button (described by its words), then shows the next', async () => {
    const user = userEvent.setup();
    const { actor } = renderApp(<Toasts />);
    act(() => {
      actor.send({ type: 'toast.show', message: testSaid('first') });
      actor.send({ type: 'toast.show', message: testSaid('second') });
    });
    const dismiss = await within(region()).findByRole('button', { name: 'Dismiss' });
    expect(dismiss).toHaveAccessibleDescription('first');
    await user.click(dismiss);
    expect(within(region()).queryByText('first')).not.toBeInTheDocument();
    expect(within(region()).getByText('second')).toBeInTheDocument();
    expect(await within(region()).findByRole('button', { name: 'Dismiss' })).toHaveAccessibleDescription('second');
    // Its chart is stopped too, not only hidden; the next one's time runs now.
    const owner = actor.getSnapshot().children.toasts!.getSnapshot();
    expect(owner.context.toasts.map((t) => t.message.message)).toEqual(['second']);
    expect(Object.keys(owner.children).filter((id) => id.startsWith('toast-'))).toHaveLength(1);
  });

  it('sits in the sticky top bar, in the flow, the same live region on every view', async () => {
    const app = connectionsApp();
    const { actor } = renderApp(undefined, { path: '/', online: true }, app.machine);
    await act(() => signIn(actor));
    const before = region();
    // Inside the top bar's sticky wrapper, and not floating over the page itself.
    expect(before.closest('header')).toBeNull();
    expect(before.parentElement).toContainElement(screen.getByRole('banner'));
    expect(before).not.toHaveStyle({ position: 'fixed' });

    act(() => actor.send({ type: 'chat.opened', partner: sam }));
    await screen.findByRole('heading', { name: 'Chat with Sam Reed' });
    act(() => actor.send({ type: 'toast.show', message: MESSAGES.contactExchangeSent }));
    // The sign-in's toast goes first (one at a time).
    const signedIn = within(region()).queryByRole('button', { name: 'Dismiss' });
    if (signedIn && !within(region()).queryByText(MESSAGES.contactExchangeSent.message)) await userEvent.click(signedIn);
    expect(region()).toBe(before);
    expect(region()).toHaveAttribute('aria-live', 'polite');
    expect(within(region()).getByText(MESSAGES.contactExchangeSent.message)).toBeInTheDocument();
  });
});

describe('BanNotice', () => {
  it('says why, until when in the person’s own words, and what they can do next', async () => {
    const user = userEvent.setup();
    const { actor } = renderApp();
    const until = '2030-11-30T19:23:57.872Z';
    act(() => actor.send({ type: 'auth.banned', ban: { reason: 'Unkind messages', until, contact: 'help@example.org' } }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveAccessibleName(`Your account is banned until ${dayAndTime(until)}`);
    expect(notice).not.toHaveTextContent('2030-11-30T');
    expect(notice).toHaveTextContent('The reason the Wallflower team gave: Unkind messages');
    expect(notice).toHaveTextContent('After that you can log in again');
    expect(within(notice).getByRole('link', { name: 'help@example.org' })).toHaveAttribute('href', 'mailto:help@example.org');
    await user.click(within(notice).getByRole('button', { name: 'I understand' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a permanent ban has no end, and points to the organisers without a contact', async () => {
    const { actor } = renderApp();
    act(() => actor.send({ type: 'auth.banned', ban: { reason: null, until: null, contact: null } }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveAccessibleName('Your account is banned');
    expect(notice).toHaveTextContent('This ban has no end date');
    expect(notice).toHaveTextContent('tell the organisers of your event');
    expect(notice).not.toHaveTextContent('User not logged in');
  });
});
