/**
 * Model-based test of the admin Events screen (issue 16): paths generated from the
 * production chart, replayed on the whole app's admin area. Every page goes through the
 * real API client to msw and is held until the path says how it ends; a row hides its
 * event through its own form. After every step the table, the pager and the app's
 * toasts are checked.
 */
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { expect } from 'vitest';
import { AdminEventsAnswerSchema, EventModerationAnswerSchema, type AdminEvent } from '../../contract/admin-events';
import type { EventRow } from '../../machines/admin/admin-events.machine';
import { ApiError } from '../../machines/api/client';
import { hiddenEvent } from './admin-fixtures';
import { adminModelServer, expectSignedOut, failure, hold, openAdminView, settle, type AdminApp } from './admin-app';
import { answer, toastTexts } from './app';
import { sessionGone } from './charts/admin-common';
import { adminEventsModel, HIDE_REASON, LOAD_DONE, LOAD_ERROR } from './charts/admin-events';
import type { ModelStep } from './harness';
import { describeModel } from './suite';

adminModelServer([http.get('*/api/admin/events', hold('events')), http.post('*/api/admin/events/:id/hide', hold('hide'))]);

const context = (step: ModelStep) => step.state.context as { page: number; total: number; rows: EventRow[] };
const table = () => screen.getByRole('table', { name: 'Events' });

/** Hides the first event through its form; the server answers `response`. */
async function hideFirst({ user }: AdminApp, event: AdminEvent, response: Response) {
  await user.click(within(table()).getByRole('button', { name: `Hide ${event.name}` }));
  const form = screen.getByRole('form', { name: `Hide ${event.name}` });
  await user.click(within(form).getByLabelText('Reason', { exact: false }));
  await user.paste(HIDE_REASON);
  await user.click(within(form).getByRole('button', { name: 'Hide event' }));
  await settle('hide', response);
}

const firstEvent = (before: ModelStep['state']) => context({ state: before } as ModelStep).rows[0]!.ref.getSnapshot().context.event;

describeModel<AdminApp>(adminEventsModel, {
  start: (_path, inspect) => openAdminView('Events', inspect),
  events: {
    'events.nextPage': ({ user }) => user.click(screen.getByRole('button', { name: 'Next' })),
    'events.previousPage': ({ user }) => user.click(screen.getByRole('button', { name: 'Previous' })),
    'view.reloaded': ({ user }, _e, before) => user.click(screen.getByRole('button', { name: before.matches('failed') ? 'Try again' : 'Refresh' })),
    'row.succeeded': (t, _e, before) => {
      const event = firstEvent(before);
      return hideFirst(t, event, answer(EventModerationAnswerSchema, { success: true, event: hiddenEvent(event, HIDE_REASON), attendees_told: 3 }));
    },
    'row.failed': (t, _e, before) => hideFirst(t, firstEvent(before), failure(new ApiError(401, 'Admin user not loaded'))),
    [LOAD_DONE]: (_t, e) => settle('events', answer(AdminEventsAnswerSchema, e.output as never), 'newest'),
    [LOAD_ERROR]: (_t, e) => settle('events', failure(e.error as ApiError), 'newest'),
  },
  states: {
    loading: async (_t, step) => {
      if (sessionGone(step.event)) return expectSignedOut();
      expect(screen.getByText(context(step).rows.length === 0 ? 'Loading events…' : 'Loading…')).toBeInTheDocument();
    },
    ready: async (_t, step) => {
      if (sessionGone(step.event)) return expectSignedOut();
      const c = context(step);
      const first = (c.page - 1) * 20 + 1;
      expect(screen.getByText(`Showing ${first}–${first + c.rows.length - 1} of ${c.total}`)).toBeInTheDocument();
      expect(within(table()).getAllByRole('row')).toHaveLength(c.rows.length + 1);
      expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', c.page === 1);
      expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', c.total <= c.page * 20);
      if (step.event.type === 'row.succeeded') {
        expect(toastTexts()).toContain('Event hidden; 3 attendees were told');
        expect(within(table()).getAllByText('Hidden')).toHaveLength(1);
      }
    },
    failed: async (_t, step) => {
      expect(screen.getByText("We couldn't load the events just now.")).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      if (context(step).rows.length) expect(table()).toBeInTheDocument();
    },
  },
  stop: ({ unmount }) => unmount(),
});
