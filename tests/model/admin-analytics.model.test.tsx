/**
 * Model-based test of the admin Analytics screen (issue 16): paths generated from the
 * production chart, replayed on the whole app's admin area. Every load goes through the
 * real API client to msw and is held until the path says how it ends; after every step
 * the span chosen, the charts and the screen's state are checked.
 */
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { expect } from 'vitest';
import { AnalyticsAnswerSchema, type AnalyticsDay } from '../../contract/admin-events';
import type { ApiError } from '../../machines/api/client';
import { adminModelServer, expectSignedOut, failure, hold, openAdminView, settle, type AdminApp } from './admin-app';
import { answer } from './app';
import { sessionGone } from './charts/admin-common';
import { adminAnalyticsModel, LOAD_DONE, LOAD_ERROR } from './charts/admin-analytics';
import type { ModelStep } from './harness';
import { describeModel } from './suite';

adminModelServer([http.get('*/api/admin/analytics', hold('analytics'))]);

const context = (step: ModelStep) => step.state.context as { days: number; perDay: AnalyticsDay[] | null };
const CAPTIONS = ['Sign-ups per day', 'Active people per day', 'Connection requests per day', 'Reports per day'];
const figure = (caption: string) => screen.getByText(caption, { selector: 'figcaption' }).closest('figure')!;

/** The charts drawn: four, each with a row per day shown. */
function expectCharts(days: number) {
  for (const caption of CAPTIONS) expect(within(figure(caption)).getAllByRole('row')).toHaveLength(days + 1);
  expect(within(figure('Sign-ups per day')).getByRole('img')).toHaveAccessibleName(expect.stringContaining(`over the last ${days} days`));
}

describeModel<AdminApp>(adminAnalyticsModel, {
  start: (_path, inspect) => openAdminView('Analytics', inspect),
  events: {
    'analytics.spanChosen': ({ user }, e) => user.selectOptions(screen.getByLabelText('Show the last'), `${e.days} days`),
    'view.reloaded': ({ user }, _e, before) => user.click(screen.getByRole('button', { name: before.matches('failed') ? 'Try again' : 'Refresh' })),
    [LOAD_DONE]: (_t, e) => settle('analytics', answer(AnalyticsAnswerSchema, { per_day: e.output as AnalyticsDay[] }), 'newest'),
    [LOAD_ERROR]: (_t, e) => settle('analytics', failure(e.error as ApiError), 'newest'),
  },
  states: {
    loading: async (_t, step) => {
      if (sessionGone(step.event)) return expectSignedOut();
      const c = context(step);
      expect(screen.getByLabelText('Show the last')).toHaveValue(String(c.days));
      expect(screen.getByRole('button', { name: 'Refreshing…' })).toBeDisabled();
      if (c.perDay) expectCharts(c.perDay.length);
      else expect(screen.getByText('Loading analytics…')).toBeInTheDocument();
    },
    ready: async (_t, step) => {
      const c = context(step);
      expect(screen.getByLabelText('Show the last')).toHaveValue(String(c.days));
      expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
      expectCharts(c.days);
      expect(screen.queryByText("We couldn't load the analytics just now.")).not.toBeInTheDocument();
    },
    failed: async (_t, step) => {
      const c = context(step);
      expect(screen.getByText("We couldn't load the analytics just now.")).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      if (c.perDay) expectCharts(c.perDay.length);
    },
  },
  stop: ({ unmount }) => unmount(),
});
