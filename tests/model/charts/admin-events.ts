/**
 * The admin Events screen as QA's model (issue 16): every event in pages of 20, each
 * row's successes and failures passed on to the admin chart.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { AdminEvent, AdminEventsAnswer } from '../../../contract/admin-events';
import { adminEventsMachine, type EventRow } from '../../../machines/admin/admin-events.machine';
import { hasNextPage, hasPreviousPage } from '../../../machines/admin/admin-pages';
import { adminEvent } from '../admin-fixtures';
import { admin } from '../fixtures';
import { invocationEvent, type ChartModel } from '../harness';
import { SIGNED_OUT, loadOutcome, sessionGone } from './admin-common';

export const LOAD_DONE = invocationEvent(adminEventsMachine, 'adminEvents.loading', 'done');
export const LOAD_ERROR = invocationEvent(adminEventsMachine, 'adminEvents.loading', 'error');

export const HIDE_REASON = 'Spam event advertising a shop';

interface Screen {
  page: number;
  total: number;
  rows: EventRow[];
}
const ctx = (s: AnyMachineSnapshot) => s.context as Screen;

const page = (events: AdminEvent[], total: number, p: number): AdminEventsAnswer => ({ events, total, page: p, limit: 20 });
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => adminEvent(from + i));

/** The pages the server may answer: two events, or 21 over two pages. */
function answers(c: Screen): Array<{ variant: string; output: AdminEventsAnswer }> {
  if (c.page === 2) return [{ variant: 'the last of 21', output: page(range(21, 1), 21, 2) }];
  return [
    { variant: 'two events', output: page(range(1, 2), 2, 1) },
    { variant: '21 events', output: page(range(1, 20), 21, 1) },
  ];
}

function events(type: string, s: AnyMachineSnapshot): AnyEventObject[] | undefined {
  const c = ctx(s);
  const load = loadOutcome(type, { done: LOAD_DONE, error: LOAD_ERROR }, () => answers(c));
  if (load) return load;
  // A row acts while the list stands: its Hide is there once the page has come.
  const rowActs = s.matches('ready') && c.rows.length > 0;
  switch (type) {
    case 'events.nextPage':
      return hasNextPage(c) ? [{ type }] : [];
    case 'events.previousPage':
      return hasPreviousPage(c) ? [{ type }] : [];
    case 'view.reloaded':
      return [{ type }];
    // Told by the first row, once the admin has hidden its event (the row's own chart has its own model).
    case 'row.succeeded':
      return rowActs ? [{ type, message: 'Event hidden; 3 attendees were told' }] : [];
    case 'row.failed':
      return rowActs ? [{ type, message: 'Failed to hide event', unauthorized: true, variant: 'session gone' }] : [];
    default:
      return undefined;
  }
}

export const adminEventsModel: ChartModel = {
  name: 'admin events',
  machine: adminEventsMachine,
  starts: [{ label: 'the admin opens Events', input: { adminId: admin.id } }],
  events,
  serializeState: (s) => {
    const c = ctx(s);
    return JSON.stringify([s.value, c.page, c.total, c.rows.map((r) => r.id)]);
  },
  endsPath: sessionGone,
  say: (e, before) => {
    switch (e.type) {
      case 'events.nextPage':
        return 'the admin presses Next';
      case 'events.previousPage':
        return 'the admin presses Previous';
      case 'view.reloaded':
        return `the admin presses ${before.matches('failed') ? 'Try again' : 'Refresh'}`;
      case 'row.succeeded':
        return `the admin hides the first event, writing “${HIDE_REASON}”`;
      case 'row.failed':
        return 'the admin hides the first event, but the server says the admin’s session is gone';
      case LOAD_DONE:
        return `the server answers: ${e.variant}`;
      default:
        return sessionGone(e) ? 'the server says the admin’s session is gone' : 'the server fails';
    }
  },
  see: {
    loading: (s, e) => (sessionGone(e) ? SIGNED_OUT : `the events loading${ctx(s).rows.length ? ' over the page shown' : ''}`),
    ready: (s, e) => {
      if (sessionGone(e)) return SIGNED_OUT;
      const c = ctx(s);
      const toast = e.type === 'row.succeeded' ? `, the first hidden, and the toast “${e.message}”` : '';
      return `${c.rows.length} of ${c.total} events, page ${c.page}${toast}`;
    },
    failed: (s) => `that the events could not load, with Try again${ctx(s).rows.length ? ' above the page shown' : ''}`,
  },
  about:
    'The Events screen in the whole app’s admin area. Its pages are answered by msw, each held until the path says ' +
    'how it ends; a row hides its event through its own form (the admin event chart), answered as the path says.',
};
