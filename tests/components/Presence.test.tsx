/**
 * Presence on the real app (issue 39 item 1), the network answered by msw: the one line
 * beside the Available switch and "How others see you" on the profile say the server's
 * one answer, are read again after the switch is saved, and each reason leads to its control.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { PRESENCE_REASONS, PresenceSchema, type Presence } from '../../contract/presence';
import { appMachine } from '../../machines/app.machine';
import { answer, quietServer, renderModelApp, signIn } from '../model/app';

const reason = (code: keyof typeof PRESENCE_REASONS) => ({ code, text: PRESENCE_REASONS[code].message });

/** What the fake server says: presence follows the availability saved, as the real one does. */
let available = true;
let extra: Presence['reasons'] = [];
let reads = 0;

quietServer(() => [
  http.get('*/api/users/presence', () => {
    reads += 1;
    const hidden = !available;
    return answer(PresenceSchema, {
      visible_to_strangers: !hidden && extra.length === 0,
      visible_to_connections: !hidden,
      requests_held: false,
      open_to_hello: false,
      open_to_hello_shown: false,
      reasons: [...(hidden ? [reason('unavailable')] : []), ...extra],
    });
  }),
  http.put('*/api/users/availability', ({ request }) => {
    available = new URL(request.url).searchParams.get('is_available') === 'true';
    return HttpResponse.json({ success: true, is_available: available });
  }),
]);

afterEach(() => {
  available = true;
  extra = [];
  reads = 0;
});

async function signedIn() {
  const app = renderModelApp(appMachine, () => {});
  await signIn(app.actor);
  await screen.findByRole('heading', { name: 'Events' });
  return app;
}

const summary = () => document.querySelector('.presence-summary');

describe('presence', () => {
  it('says one line beside the Available switch, and says it again once the switch is saved', async () => {
    const user = userEvent.setup();
    await signedIn();
    await waitFor(() => expect(summary()).toHaveTextContent('People nearby can see you.'));
    const toggle = screen.getByRole('switch', { name: 'Available' });
    expect(toggle).toHaveAccessibleDescription('People nearby can see you.');
    const before = reads;
    await user.click(toggle);
    await waitFor(() => expect(summary()).toHaveTextContent('Nobody can see you nearby right now.'));
    expect(reads).toBe(before + 1);
    // The old sentences are gone: nothing else on the page speaks of being seen nearby.
    expect(screen.queryByText(/say hello/)).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Unavailable' })).toHaveAccessibleDescription('Nobody can see you nearby right now.');
  });

  it('"How others see you" shows the whole answer, and each reason leads to its control', async () => {
    const user = userEvent.setup();
    available = false;
    extra = [reason('privacy_friends')];
    const t = await signedIn();
    await waitFor(() => expect(summary()).toHaveTextContent('Nobody can see you nearby right now.'));
    await user.click(screen.getByRole('button', { name: 'How others see you' }));
    const place = await screen.findByRole('region', { name: 'How others see you' });
    expect(place).toHaveTextContent("People you haven't connected withDon't see you nearby");
    expect(place).toHaveTextContent('Your connectionsDon\'t see you nearby');
    const why = within(place).getByRole('list', { name: 'Why' });
    expect(within(why).getAllByRole('listitem').map((li) => li.getAttribute('data-code'))).toEqual(['unavailable', 'privacy_friends']);
    expect(why).toHaveTextContent(PRESENCE_REASONS.privacy_friends.message);

    await user.click(within(why).getByRole('button', { name: 'Change who can see you' }));
    await waitFor(() => expect(t.actor.getSnapshot().matches({ user: 'privacy-settings' })).toBe(true));
    act(() => t.actor.send({ type: 'view.opened', view: 'profile' }));
    const again = await screen.findByRole('region', { name: 'How others see you' });
    await user.click(within(again).getByRole('button', { name: 'Change availability' }));
    expect(await screen.findByRole('heading', { name: 'Events' })).toBeInTheDocument();
  });

  it('with default settings says nothing hides the person', async () => {
    const t = await signedIn();
    act(() => t.actor.send({ type: 'view.opened', view: 'profile' }));
    const place = await screen.findByRole('region', { name: 'How others see you' });
    await waitFor(() => expect(place).toHaveTextContent('Nothing is hiding you or holding your requests.'));
    expect(within(place).queryByRole('list', { name: 'Why' })).not.toBeInTheDocument();
  });
});
