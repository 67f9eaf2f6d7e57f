/**
 * Model-based test of the moderator queue (issue 16): paths generated from the production
 * chart, replayed on the whole app's admin area. Every page goes through the real API
 * client to msw and is held until the path says how it ends; a report is dismissed
 * through its own form. After every step the list, the report open for review, the pager
 * and the app's toasts are checked.
 */
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { expect } from 'vitest';
import { AdminReportsAnswerSchema, ResolveReportAnswerSchema, type AdminReportStatus } from '../../contract/admin-reports';
import { ApiError } from '../../machines/api/client';
import { resolvedReport } from './admin-fixtures';
import { adminModelServer, expectSignedOut, failure, hold, openAdminView, settle, type AdminApp } from './admin-app';
import { answer, toastTexts } from './app';
import { sessionGone } from './charts/admin-common';
import { adminReportsModel, DISMISS_REASON, DISMISSED, LOAD_DONE, LOAD_ERROR, type Queue } from './charts/admin-reports';
import type { ModelStep } from './harness';
import { describeModel } from './suite';

adminModelServer([http.get('*/api/admin/reports', hold('reports')), http.post('*/api/admin/reports/:id/resolve', hold('resolve'))]);

const context = (step: ModelStep) => step.state.context as Queue;
const listName = (status: AdminReportStatus) => (status === 'open' ? 'Open reports' : 'Resolved reports');
const detail = () => screen.getByRole('article');

/** Dismisses the report open for review through its form; the server answers `response`. */
async function dismiss({ user }: AdminApp, response: Response) {
  await user.click(within(detail()).getByRole('button', { name: 'Dismiss' }));
  const form = screen.getByRole('form', { name: 'Dismiss this report' });
  await user.click(within(form).getByLabelText('Reason', { exact: false }));
  await user.paste(DISMISS_REASON);
  await user.click(within(form).getByRole('button', { name: 'Dismiss report' }));
  await settle('resolve', response);
}

describeModel<AdminApp>(adminReportsModel, {
  start: (_path, inspect) => openAdminView('Reports', inspect),
  events: {
    'reports.statusChosen': ({ user }, e) =>
      user.click(screen.getByRole('button', { name: e.status === 'open' ? 'Open' : 'Resolved', pressed: false })),
    'reports.nextPage': ({ user }) => user.click(screen.getByRole('button', { name: 'Next' })),
    'reports.previousPage': ({ user }) => user.click(screen.getByRole('button', { name: 'Previous' })),
    'report.selected': ({ user }, _e, before) =>
      user.click(within(screen.getByRole('list', { name: listName(context({ state: before } as ModelStep).status) })).getAllByRole('button')[0]!),
    'report.closed': ({ user }) => user.click(within(detail()).getByRole('button', { name: 'Back to the list' })),
    'view.reloaded': ({ user }, _e, before) => user.click(screen.getByRole('button', { name: before.matches('failed') ? 'Try again' : 'Refresh' })),
    // The report open for review is the page's first.
    'review.resolved': (t, _e, before) => {
      const report = context({ state: before } as ModelStep).rows[0]!.ref.getSnapshot().context.report;
      const resolved = { success: true as const, resolved_report_ids: [report.id], report: resolvedReport(report, 'dismiss', DISMISS_REASON) };
      return dismiss(t, answer(ResolveReportAnswerSchema, resolved));
    },
    'row.failed': (t) => dismiss(t, failure(new ApiError(401, 'Admin user not loaded'))),
    [LOAD_DONE]: (_t, e) => settle('reports', answer(AdminReportsAnswerSchema, e.output as never), 'newest'),
    [LOAD_ERROR]: (_t, e) => settle('reports', failure(e.error as ApiError), 'newest'),
  },
  states: {
    loading: async (_t, step) => {
      if (sessionGone(step.event)) return expectSignedOut();
      const c = context(step);
      // The first load says what is loading; a later one says so above the page still shown.
      expect(screen.getByText(c.rows.length === 0 ? 'Loading reports…' : 'Loading…')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: c.status === 'open' ? 'Open' : 'Resolved', pressed: true, hidden: !!c.selectedId })).toBeInTheDocument();
      if (step.event.type === 'review.resolved') expect(toastTexts()).toContain(DISMISSED);
    },
    ready: async (_t, step) => {
      if (sessionGone(step.event)) return expectSignedOut();
      const c = context(step);
      if (c.total === 0) {
        expect(screen.getByText(`No ${c.status} reports${c.status === 'open' ? '. Nothing is waiting for a moderator.' : ' yet.'}`)).toBeInTheDocument();
        return;
      }
      const first = (c.page - 1) * 20 + 1;
      expect(screen.getByText(`Showing ${first}–${first + c.rows.length - 1} of ${c.total} ${c.status} reports`)).toBeInTheDocument();
      // On a phone the report open for review takes the screen, and the list waits behind it.
      const hidden = !!c.selectedId;
      expect(screen.queryByRole('list', { name: listName(c.status) })).toEqual(hidden ? null : expect.anything());
      const entries = within(screen.getByRole('list', { name: listName(c.status), hidden })).getAllByRole('button', { hidden });
      expect(entries).toHaveLength(c.rows.length);
      const previous = screen.getByRole('button', { name: 'Previous', hidden });
      const next = screen.getByRole('button', { name: 'Next', hidden });
      if (c.page > 1) expect(previous).toBeEnabled();
      else expect(previous).toBeDisabled();
      if (c.total > c.page * 20) expect(next).toBeEnabled();
      else expect(next).toBeDisabled();
      if (c.selectedId) {
        expect(entries[0]).toHaveAttribute('aria-current', 'true');
        expect(within(detail()).getByRole('heading', { level: 2 })).toHaveTextContent('Harassment: a chat message from Kit Loud');
        expect(within(detail()).getByRole('button', { name: 'Back to the list' })).toBeInTheDocument();
      } else {
        expect(screen.queryByRole('article')).not.toBeInTheDocument();
      }
    },
    failed: async () => {
      expect(screen.getByText("We couldn't load the reports just now.")).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    },
  },
  stop: ({ unmount }) => unmount(),
});
