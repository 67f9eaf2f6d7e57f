/**
 * The admin Analytics screen as QA's model (issue 16): the figures per day over the span
 * chosen, loaded again on request or when the span changes.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { AnalyticsDay } from '../../../contract/admin-events';
import { adminAnalyticsMachine } from '../../../machines/admin/admin-analytics.machine';
import { analyticsDays } from '../admin-fixtures';
import { admin } from '../fixtures';
import { invocationEvent, type ChartModel } from '../harness';
import { SIGNED_OUT, loadOutcome, sessionGone } from './admin-common';

export const LOAD_DONE = invocationEvent(adminAnalyticsMachine, 'adminAnalytics.loading', 'done');
export const LOAD_ERROR = invocationEvent(adminAnalyticsMachine, 'adminAnalytics.loading', 'error');

interface Figures {
  days: number;
  perDay: AnalyticsDay[] | null;
}
const ctx = (s: AnyMachineSnapshot) => s.context as Figures;

function events(type: string, s: AnyMachineSnapshot): AnyEventObject[] | undefined {
  const c = ctx(s);
  const load = loadOutcome(type, { done: LOAD_DONE, error: LOAD_ERROR }, () => [{ output: analyticsDays(c.days) }]);
  if (load) return load;
  switch (type) {
    // Of the four spans, a week and the month the screen opens on.
    case 'analytics.spanChosen':
      return [{ type, days: c.days === 30 ? 7 : 30 }];
    // Refresh is there once there are figures (disabled while loading); Try again once a load failed.
    case 'view.reloaded':
      return [{ type }];
    default:
      return undefined;
  }
}

export const adminAnalyticsModel: ChartModel = {
  name: 'admin analytics',
  machine: adminAnalyticsMachine,
  starts: [{ label: 'the admin opens Analytics', input: { adminId: admin.id } }],
  events,
  serializeState: (s) => {
    const c = ctx(s);
    return JSON.stringify([s.value, c.days, c.perDay?.length ?? null]);
  },
  endsPath: sessionGone,
  say: (e, before) => {
    switch (e.type) {
      case 'analytics.spanChosen':
        return `the admin chooses the last ${e.days} days`;
      case 'view.reloaded':
        return `the admin presses ${before.matches('failed') ? 'Try again' : 'Refresh'}`;
      case LOAD_DONE:
        return 'the server answers with the figures';
      default:
        return sessionGone(e) ? 'the server says the admin’s session is gone' : 'the server fails';
    }
  },
  see: {
    loading: (s, e) => {
      if (sessionGone(e)) return SIGNED_OUT;
      const c = ctx(s);
      return c.perDay ? `the charts of ${c.perDay.length} days while those of ${c.days} load (Refreshing…)` : 'Loading analytics…';
    },
    ready: (s) => `the figures and four charts of the last ${ctx(s).days} days`,
    failed: (s) => `that the analytics could not load, with Try again${ctx(s).perDay ? ' above the charts shown' : ''}`,
  },
  about:
    'The Analytics screen in the whole app’s admin area. Each load is answered by msw, held until the path says how ' +
    'it ends (a load asked again before its answer is answered last).',
};
