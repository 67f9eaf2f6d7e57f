/**
 * The loading, failed and empty states the list views share (src/components/LoadState):
 * the piece itself, then each view that uses it on the real app with its calls faked,
 * pinning its words and roles.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Event } from '../../contract/events';
import { ApiError } from '../../machines/api/client';
import { eventsMachine } from '../../machines/event/events.machine';
import { createHiddenEventsStore } from '../../machines/event/hidden-events.actor';
import type { UserView } from '../../machines/views';
import { LoadState, type LoadStatus } from '../../src/components/LoadState';
import { connectionsApp, signIn, type ConnectionFakes } from '../machines/connections.fakes';
import { deferred, sampleEvent } from '../machines/discovery.fakes';
import { theme } from '../../src/theme/theme';
import { renderApp } from './renderApp';

const words = { loading: 'Loading things…', failed: "We couldn't load the things just now." };

function renderState(props: { status: LoadStatus; empty: boolean } & Partial<Parameters<typeof LoadState>[0]>) {
  const retry = vi.fn();
  renderApp(
    <LoadState {...words} retry={retry} emptyText="Nothing here yet." {...props}>
      <ul aria-label="Things">
        <li>A thing</li>
      </ul>
    </LoadState>,
  );
  return { retry, content: () => screen.queryByRole('list', { name: 'Things' }) };
}

describe('LoadState', () => {
  it('announces the first load as a status, without the content', () => {
    const { content } = renderState({ status: 'loading', empty: true });
    expect(screen.getByRole('status')).toHaveTextContent(words.loading);
    expect(content()).not.toBeInTheDocument();
  });

  it('keeps the content while it loads again', () => {
    const { content } = renderState({ status: 'loading', empty: false });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(content()).toBeInTheDocument();
  });

  it('says a failure with Try again in place of nothing, and retries', async () => {
    const user = userEvent.setup();
    const { retry, content } = renderState({ status: 'failed', empty: true });
    expect(screen.getByText(words.failed).tagName).toBe('P');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(content()).not.toBeInTheDocument();
    expect(screen.queryByText('Nothing here yet.')).not.toBeInTheDocument();
  });

  it('leaves a failure unsaid over content that still stands, unless asked to say it above', () => {
    renderState({ status: 'failed', empty: false });
    expect(screen.queryByText(words.failed)).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Things' })).toBeInTheDocument();
  });

  it('says it above the content when asked, in the chosen button style', () => {
    const { content } = renderState({ status: 'failed', empty: false, failedWithContent: 'above', retryVariant: 'secondary' });
    const problem = screen.getByText(words.failed);
    expect(problem.compareDocumentPosition(content()!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The secondary style's background is the surface colour, as the theme resolves it.
    const probe = document.body.appendChild(document.createElement('div'));
    probe.style.background = theme.colors.surface;
    expect(getComputedStyle(screen.getByRole('button', { name: 'Try again' })).backgroundColor).toBe(getComputedStyle(probe).backgroundColor);
    expect(getComputedStyle(probe).backgroundColor).toBe('rgb(255, 255, 255)');
  });

  it('can say a failure with no button, or as an alert', () => {
    renderState({ status: 'failed', empty: true, retry: undefined, failedRole: 'alert' });
    expect(screen.getByRole('alert')).toHaveTextContent(words.failed);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says, quietly, when loaded and there is nothing; or nothing at all', () => {
    renderState({ status: 'ready', empty: true });
    expect(screen.getByText('Nothing here yet.')).not.toHaveAttribute('role');
  });

  it('shows nothing when loaded empty with nothing to say', () => {
    renderState({ status: 'ready', empty: true, emptyText: undefined });
    expect(screen.queryByText(/./)).not.toBeInTheDocument();
  });
});

/** The app signed in, one list's call failing, then waiting, then answering an empty list. */
async function renderFlaky(key: 'requests' | 'connections' | 'notifications' | 'attendees') {
  let mode: 'fail' | 'wait' | 'answer' = 'fail';
  const waiting = deferred<never[]>();
  const flaky = async (): Promise<never[]> => {
    if (mode === 'fail') throw new ApiError(503, null);
    if (mode === 'wait') return waiting.promise;
    return [];
  };
  const app = connectionsApp({ [key]: flaky } as ConnectionFakes);
  const view = renderApp(undefined, { path: '/', online: true }, app.machine);
  await act(() => signIn(view.actor));
  return {
    ...view,
    retryWaits: () => (mode = 'wait'),
    answerEmpty: async () => {
      mode = 'answer';
      await act(async () => waiting.resolve([]));
    },
  };
}

describe.each([
  {
    view: 'connection-requests',
    key: 'requests',
    loading: 'Loading requests…',
    failed: "We couldn't load your requests just now.",
    empty: "No requests waiting. When someone would like to connect, you'll see it here.",
  },
  {
    view: 'mutual-connections',
    key: 'connections',
    loading: 'Loading your connections…',
    failed: "We couldn't load your connections just now.",
    empty: "No connections yet. When someone you asked says yes, or you accept a request, they'll be here.",
  },
  {
    view: 'notifications',
    key: 'notifications',
    loading: 'Loading notifications…',
    failed: "We couldn't load your notifications just now.",
    empty: 'Nothing yet. Requests, acceptances and shared details will show up here.',
  },
  {
    view: 'attendees',
    key: 'attendees',
    loading: 'Loading attendees…',
    failed: "We couldn't load the attendees just now.",
    empty: "Nobody else is here yet. That's fine — take your time.",
  },
] as const)('$view: loading, failed and empty, as before the shared piece', ({ view, key, loading, failed, empty }) => {
  it('says the failure with Try again, announces the next load, then says it is empty', async () => {
    const user = userEvent.setup();
    const t = await renderFlaky(key);
    act(() => {
      t.actor.send({ type: 'event.opened', event: sampleEvent({ is_attending: true }) });
      t.actor.send({ type: 'view.opened', view: view as UserView });
    });
    const problem = await screen.findByText(failed);
    const card = problem.closest('section')!;
    t.retryWaits();
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(loading)).toHaveAttribute('role', 'status');
    await t.answerEmpty();
    expect(await screen.findByText(empty)).not.toHaveAttribute('role');
    expect(screen.queryByText(failed)).not.toBeInTheDocument();
  });
});

describe('events list: loading and failed, as before the shared piece', () => {
  it('announces the load, says a failure as an alert with Try again, then shows the empty list', async () => {
    const user = userEvent.setup();
    let mode: 'fail' | 'wait' | 'answer' = 'fail';
    const waiting = deferred<Event[]>();
    const eventsChart = eventsMachine.provide({
      actors: {
        loadEvents: fromPromise<Event[], { userId: string }>(async () => {
          if (mode === 'fail') throw new ApiError(503, null);
          if (mode === 'wait') return waiting.promise;
          return [];
        }),
        hiddenEventsStore: createHiddenEventsStore(() => null),
      },
    });
    const machine = connectionsApp({}, { events: eventsChart }).machine;
    const view = renderApp(undefined, { path: '/', online: true }, machine);
    await act(() => signIn(view.actor));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the events just now.");
    mode = 'wait';
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Loading events…')).toHaveAttribute('role', 'status');
    mode = 'answer';
    await act(async () => waiting.resolve([]));
    expect(await screen.findByText('No events yet. Why not create the first one?')).not.toHaveAttribute('role');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
