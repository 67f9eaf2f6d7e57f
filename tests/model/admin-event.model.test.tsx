/**
 * Model-based test of one event in the admin Events table (issue 16): paths generated
 * from the production chart, replayed on the whole app's admin area. Hiding, showing
 * again and removing go through the real API client to msw, each held until the path
 * says how it ends; after every step the row, its form and the app's toasts are checked.
 */
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { expect } from 'vitest';
import { AdminEventsAnswerSchema, EventModerationAnswerSchema, EventRemovalAnswerSchema, type AdminEvent } from '../../contract/admin-events';
import { moderationDone, type EventModeration } from '../../machines/admin/admin-event.machine';
import type { ApiError } from '../../machines/api/client';
import type { FormErrors } from '../../machines/form-errors';
import { adminModelServer, expectErrors, expectSignedOut, failure, hold, openAdminView, settle, type AdminApp } from './admin-app';
import { answer, toastTexts } from './app';
import { sessionGone } from './charts/admin-common';
import { adminEventModel, EVENT, MODERATE_DONE, MODERATE_ERROR } from './charts/admin-event';
import type { ModelStep } from './harness';
import { describeModel } from './suite';

let events: AdminEvent[] = [];

adminModelServer([
  http.get('*/api/admin/events', () => answer(AdminEventsAnswerSchema, { events, total: events.length, page: 1, limit: 20 })),
  http.post('*/api/admin/events/:id/hide', hold('moderate')),
  http.post('*/api/admin/events/:id/unhide', hold('moderate')),
  http.delete('*/api/admin/events/:id', hold('moderate')),
]);

const NAME = EVENT.name;
const row = () => screen.getByRole('row', { name: NAME });
const rowButtons = () => within(row()).queryAllByRole('button').map((b) => b.getAttribute('aria-label'));
const TITLES: Record<EventModeration, string> = { hide: `Hide ${NAME}`, unhide: `Show ${NAME} again`, remove: `Remove ${NAME}` };
const form = (action: EventModeration) => screen.getByRole('form', { name: TITLES[action] });
const context = (step: ModelStep) => step.state.context as { event: AdminEvent; action: EventModeration; reason: string; errors: FormErrors };
const actionBefore = (before: ModelStep['state']) => (before.context as { action: EventModeration }).action;

describeModel<AdminApp>(adminEventModel, {
  async start(path, inspect) {
    events = [(path.start.input as { event: AdminEvent }).event];
    const app = await openAdminView('Events', inspect);
    await screen.findByRole('row', { name: NAME });
    return app;
  },
  events: {
    'hide.requested': ({ user }) => user.click(within(row()).getByRole('button', { name: `Hide ${NAME}` })),
    'unhide.requested': ({ user }) => user.click(within(row()).getByRole('button', { name: `Show ${NAME} again` })),
    'remove.requested': ({ user }) => user.click(within(row()).getByRole('button', { name: `Remove ${NAME}` })),
    'moderation.reasonChanged': async ({ user }, e, before) => {
      await user.click(within(form(actionBefore(before))).getByLabelText('Reason', { exact: false }));
      await user.paste(e.value as string);
    },
    'moderation.cancelled': ({ user }, _e, before) => user.click(within(form(actionBefore(before))).getByRole('button', { name: 'Cancel' })),
    'moderation.submitted': ({ user }, _e, before) =>
      user.click(within(form(actionBefore(before))).getByRole('button', { name: /^(Hide event|Show event again|Remove event)$/ })),
    [MODERATE_DONE]: (_t, e) => {
      const output = e.output as { event: AdminEvent | null; told: number };
      return settle(
        'moderate',
        output.event
          ? answer(EventModerationAnswerSchema, { success: true, event: output.event, attendees_told: output.told })
          : answer(EventRemovalAnswerSchema, { success: true, attendees_told: output.told }),
      );
    },
    [MODERATE_ERROR]: (_t, e) => settle('moderate', failure(e.error as ApiError)),
  },
  states: {
    shown: async (_t, step) => {
      expect(within(row()).getByText('Shown')).toBeInTheDocument();
      expect(rowButtons()).toEqual([`Hide ${NAME}`, `Remove ${NAME}`]);
      expect(screen.queryByRole('form')).not.toBeInTheDocument();
      if (step.event.type === MODERATE_DONE) expect(toastTexts()).toContain(moderationDone('unhide', 0).message);
    },
    hidden: async (_t, step) => {
      const c = context(step);
      expect(within(row()).getByText('Hidden')).toBeInTheDocument();
      expect(within(row()).getByText(c.event.hidden_reason!)).toBeInTheDocument();
      expect(rowButtons()).toEqual([`Show ${NAME} again`, `Remove ${NAME}`]);
      expect(screen.queryByRole('form')).not.toBeInTheDocument();
      if (step.event.type === MODERATE_DONE) expect(toastTexts()).toContain(moderationDone('hide', c.event.attendee_count).message);
    },
    editing: async (_t, step) => {
      if (sessionGone(step.event)) return expectSignedOut();
      const c = context(step);
      const f = form(c.action);
      expect(within(f).getByLabelText('Reason', { exact: false })).toHaveValue(c.reason);
      expectErrors(f, c.errors, { reason: 'Reason' });
      expect(rowButtons()).toEqual([]);
      expect(within(row()).getByText('Form open below')).toBeInTheDocument();
    },
    working: async (_t, step) => {
      const action = context(step).action;
      expect(within(form(action)).getByRole('button', { name: { hide: 'Hiding…', unhide: 'Showing…', remove: 'Removing…' }[action] })).toBeDisabled();
      expect(within(row()).getByText('Working…')).toBeInTheDocument();
    },
    removed: async (_t, step) => {
      expect(within(row()).getByText('Removed')).toBeInTheDocument();
      expect(rowButtons()).toEqual([]);
      expect(screen.queryByRole('form')).not.toBeInTheDocument();
      expect(toastTexts()).toContain(moderationDone('remove', context(step).event.attendee_count).message);
    },
  },
  stop: ({ unmount }) => unmount(),
});
