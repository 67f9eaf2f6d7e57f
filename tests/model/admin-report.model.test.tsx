/**
 * Model-based test of one report in the moderator queue (issue 16): paths generated from
 * the production chart, replayed on the whole app's admin area. The queue's pages are
 * answered at once; the resolve call goes through the real API client to msw and is held
 * until the path says how it ends. After every step the report's detail, its form and
 * the app's toasts are checked.
 */
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { expect } from 'vitest';
import { AdminReportsAnswerSchema, ResolveReportAnswerSchema, type AdminReport } from '../../contract/admin-reports';
import type { ResolveDraft } from '../../machines/admin/admin-report.machine';
import type { ApiError } from '../../machines/api/client';
import type { FormErrors } from '../../machines/form-errors';
import { adminModelServer, expectErrors, expectSignedOut, failure, hold, openAdminView, settle, type AdminApp } from './admin-app';
import { answer, toastTexts } from './app';
import { adminReportModel, RESOLVE_DONE, RESOLVE_ERROR, WARNING } from './charts/admin-report';
import { sessionGone } from './charts/admin-common';
import type { ModelStep } from './harness';
import { describeModel } from './suite';

/** The report the path is about, as the queue lists it (gone from the open ones once resolved). */
let report: AdminReport;

adminModelServer([
  http.get('*/api/admin/reports', ({ request }) => {
    const shown = new URL(request.url).searchParams.get('status') === report.status ? [report] : [];
    return answer(AdminReportsAnswerSchema, { reports: shown, total: shown.length, page: 1, limit: 20 });
  }),
  http.post('*/api/admin/reports/:id/resolve', hold('resolve')),
]);

const TITLE = 'Harassment: a chat message from Kit Loud';
const detail = () => screen.getByRole('article', { name: TITLE });
const form = (action: ResolveDraft['action']) => screen.getByRole('form', { name: action === 'warn' ? 'Warn Kit Loud' : 'Ban Kit Loud' });
const offered = () => within(within(detail()).getByRole('region', { name: 'Resolve' })).queryAllByRole('button').map((b) => b.textContent);
const context = (step: ModelStep) => step.state.context as { report: AdminReport; draft: ResolveDraft; errors: FormErrors };

describeModel<AdminApp>(adminReportModel, {
  async start(path, inspect) {
    report = (path.start.input as { report: AdminReport }).report;
    const app = await openAdminView('Reports', inspect);
    if (report.status === 'resolved') await app.user.click(await screen.findByRole('button', { name: 'Resolved', pressed: false }));
    await app.user.click(await screen.findByRole('button', { name: /^Harassment · Chat message/ }));
    await screen.findByRole('article', { name: TITLE });
    return app;
  },
  events: {
    'resolve.opened': ({ user }, e) => user.click(within(detail()).getByRole('button', { name: e.action === 'warn' ? 'Warn Kit Loud' : 'Ban Kit Loud' })),
    'resolve.fieldChanged': async ({ user }, e, before) => {
      const action = context({ state: before } as ModelStep).draft.action;
      const label = e.field === 'days' ? 'Duration in days' : action === 'warn' ? 'What should they know?' : 'Reason';
      const field = within(form(action)).getByLabelText(label, { exact: false });
      await user.clear(field);
      await user.paste(e.value as string);
    },
    'resolve.cancelled': ({ user }) => user.click(within(detail()).getByRole('button', { name: 'Cancel' })),
    'resolve.submitted': ({ user }) => user.click(within(detail()).getByRole('button', { name: /^(Send warning|Ban user)$/ })),
    [RESOLVE_DONE]: async (_t, e) => {
      const output = e.output as { report: AdminReport };
      report = output.report;
      await settle('resolve', answer(ResolveReportAnswerSchema, e.output as never));
    },
    [RESOLVE_ERROR]: (_t, e) => settle('resolve', failure(e.error as ApiError)),
  },
  states: {
    'open.idle': async () => {
      expect(offered()).toEqual(['Dismiss', 'Remove the message', 'Warn Kit Loud', 'Ban Kit Loud']);
      expect(screen.queryByRole('form')).not.toBeInTheDocument();
    },
    'open.editing': async (_t, step) => {
      if (sessionGone(step.event)) return expectSignedOut();
      const c = context(step);
      const f = form(c.draft.action);
      expect(offered()).toEqual(c.draft.action === 'warn' ? ['Send warning', 'Cancel'] : ['Ban user', 'Cancel']);
      const reason = c.draft.action === 'warn' ? 'What should they know?' : 'Reason';
      expect(within(f).getByLabelText(reason, { exact: false })).toHaveValue(c.draft.reason);
      if (c.draft.action === 'ban') expect(within(f).getByLabelText('Duration in days', { exact: false })).toHaveValue(c.draft.days);
      expectErrors(f, c.errors, c.draft.action === 'ban' ? { reason, days: 'Duration in days' } : { reason });
    },
    resolving: async (_t, step) => {
      const action = context(step).draft.action;
      expect(within(form(action)).getByRole('button', { name: action === 'warn' ? 'Sending…' : 'Banning…' })).toBeDisabled();
    },
    resolved: async (_t, step) => {
      if (step.event.type === RESOLVE_DONE) {
        const c = context(step);
        expect(toastTexts()).toContain(c.draft.action === 'warn' ? 'Warning issued successfully' : 'User banned successfully');
        expect(await screen.findByText('No open reports. Nothing is waiting for a moderator.')).toBeInTheDocument();
        expect(screen.queryByRole('article')).not.toBeInTheDocument();
        return;
      }
      expect(within(detail()).getByRole('region', { name: 'Resolution' })).toHaveTextContent(`Warned by admin`);
      expect(within(detail()).getByRole('region', { name: 'Resolution' })).toHaveTextContent(WARNING);
      expect(within(detail()).queryByRole('region', { name: 'Resolve' })).not.toBeInTheDocument();
    },
  },
  stop: ({ unmount }) => unmount(),
});
