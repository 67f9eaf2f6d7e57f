/**
 * The admin Reports, Events and Analytics screens (issue 16) rendered in the real app,
 * against a small fake of the admin API (msw) that keeps what it is told, every answer
 * checked against the contract's schema: the queue with a report in context and each way
 * of resolving it, the events with hide and remove, the charts, and each screen's
 * loading, empty and failed states.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AdminLoginAnswerSchema, AdminSettingsSchema, AdminStatsSchema } from '../../contract/admin';
import {
  AdminEventsAnswerSchema,
  AnalyticsAnswerSchema,
  EventModerationAnswerSchema,
  EventRemovalAnswerSchema,
  type AdminEvent,
} from '../../contract/admin-events';
import { AdminReportsAnswerSchema, ResolveReportAnswerSchema, type AdminReport, type ResolveReportBody } from '../../contract/admin-reports';
import { MESSAGES } from '../../contract/messages';
import { EVENT_REASON_REQUIRED } from '../../machines/admin/admin-event.machine';
import { WARNING_REASON_REQUIRED } from '../../machines/admin/ban.machine';
import { adminEvent, analyticsDays, hiddenEvent, kitReported, messageReport, REPORTED_TEXT, resolvedReport } from '../model/admin-fixtures';
import { ADMIN, nav, signIn } from './adminApp';

const json = <S extends z.ZodType>(schema: S, value: z.input<S>) => HttpResponse.json(schema.parse(value) as never);
const refuse = (status: number, detail: string | null) => HttpResponse.json(detail ? { detail } : {}, { status });

/** What the fake server holds, and what it was asked. */
let reports: AdminReport[];
let events: AdminEvent[];
let asked: Array<{ method: string; path: string; query: Record<string, string>; body: unknown }>;
/** The next answer of a list, when a test wants it to fail. */
let failNext: { reports?: number; events?: number; analytics?: number };

async function note(request: Request) {
  const url = new URL(request.url);
  const text = request.method === 'GET' ? '' : await request.clone().text();
  asked.push({ method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body: text ? JSON.parse(text) : null });
  return url;
}

const server = setupServer(
  http.all('/api/*', async ({ request }) => {
    await note(request);
  }),
  http.post('/api/admin/login', () => json(AdminLoginAnswerSchema, { admin: ADMIN })),
  http.get('/api/admin/users/stats', () =>
    json(AdminStatsSchema, {
      total_users: 42,
      active_users: 38,
      banned_users: 3,
      new_users_today: 5,
      open_reports: reports.filter((r) => r.status === 'open').length,
    }),
  ),
  http.get('/api/admin/settings', () =>
    json(AdminSettingsSchema, {
      username: ADMIN.username,
      email: ADMIN.email,
      role: ADMIN.role,
      last_login: null,
      password_changed_at: null,
      created_at: '2030-01-01T00:00:00.000Z',
      recent_actions: [],
    }),
  ),
  http.get('/api/admin/reports', ({ request }) => {
    const status = new URL(request.url).searchParams.get('status') ?? 'open';
    if (failNext.reports) return refuse(failNext.reports, null);
    const shown = reports.filter((r) => r.status === status);
    return json(AdminReportsAnswerSchema, { reports: shown, total: shown.length, page: 1, limit: 20 });
  }),
  http.post('/api/admin/reports/:id/resolve', async ({ request, params }) => {
    const body = (await request.json()) as ResolveReportBody;
    const i = reports.findIndex((r) => r.id === params.id);
    if (reports[i]!.status === 'resolved') return refuse(409, 'This report has been resolved already');
    reports[i] = resolvedReport(reports[i]!, body.action, body.reason);
    return json(ResolveReportAnswerSchema, { success: true, resolved_report_ids: [reports[i]!.id], report: reports[i]! });
  }),
  http.get('/api/admin/events', () => {
    if (failNext.events) return refuse(failNext.events, null);
    return json(AdminEventsAnswerSchema, { events, total: events.length, page: 1, limit: 20 });
  }),
  http.post('/api/admin/events/:id/hide', async ({ request, params }) => {
    const { reason } = (await request.json()) as { reason: string };
    const i = events.findIndex((e) => e.id === params.id);
    events[i] = hiddenEvent(events[i]!, reason);
    return json(EventModerationAnswerSchema, { success: true, event: events[i]!, attendees_told: events[i]!.attendee_count });
  }),
  http.delete('/api/admin/events/:id', ({ params }) => {
    const gone = events.find((e) => e.id === params.id)!;
    events = events.filter((e) => e.id !== params.id);
    return json(EventRemovalAnswerSchema, { success: true, attendees_told: gone.attendee_count });
  }),
  http.get('/api/admin/analytics', ({ request }) => {
    if (failNext.analytics) return refuse(failNext.analytics, null);
    return json(AnalyticsAnswerSchema, { per_day: analyticsDays(Number(new URL(request.url).searchParams.get('days'))) });
  }),
);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  reports = [messageReport(1), messageReport(2, { reason: 'spam', note: null, reporter: { id: null, name: 'Deleted account', username: null } })];
  events = [adminEvent(1), hiddenEvent(adminEvent(2), 'Spam event')];
  asked = [];
  failNext = {};
});
afterEach(() => server.resetHandlers());

const sent = (method: string, path: string) => asked.filter((r) => r.method === method && r.path === path);

async function open(view: 'Reports' | 'Events' | 'Analytics') {
  const s = await signIn();
  await s.user.click(within(nav()).getByRole('button', { name: view }));
  expect(screen.getByRole('heading', { name: view, level: 1 })).toBeInTheDocument();
  return s;
}

describe('admin-dashboard: the reports waiting', () => {
  it('counts the open reports and opens the queue from there', async () => {
    const { user } = await signIn();
    expect(screen.getByText('Open reports').parentElement).toHaveTextContent('2');
    await user.click(screen.getByRole('button', { name: 'Review reports' }));
    expect(await screen.findByRole('heading', { name: 'Reports', level: 1 })).toBeInTheDocument();
    expect(within(nav()).getByRole('button', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('admin-reports', () => {
  const entries = () => within(screen.getByRole('list', { name: 'Open reports' })).getAllByRole('button');
  const detail = () => screen.getByRole('article');

  it('lists the open reports, and shows one in context: the conversation, the person, their history and who else reported them', async () => {
    const { user } = await open('Reports');
    await screen.findByText('Showing 1–2 of 2 open reports');
    expect(sent('GET', '/api/admin/reports')[0]!.query).toEqual({ admin_id: ADMIN.id, status: 'open', page: '1', limit: '20' });
    expect(screen.getByRole('button', { name: 'Open', pressed: true })).toBeInTheDocument();
    expect(entries().map((e) => e.textContent)).toEqual([
      expect.stringContaining('Harassment · Chat messageAbout Kit Loud (@kit)By Rae Quiet'),
      expect.stringContaining('Spam · Chat messageAbout Kit Loud (@kit)By Deleted account'),
    ]);
    expect(screen.getByText('Choose a report to see it in context and resolve it.')).toBeInTheDocument();

    await user.click(entries()[0]!);
    const article = detail();
    const heading = within(article).getByRole('heading', { level: 2, name: 'Harassment: a chat message from Kit Loud' });
    await waitFor(() => expect(heading).toHaveFocus());
    // On a phone the report takes the screen; the list waits behind it, this one marked.
    expect(screen.queryByRole('list', { name: 'Open reports' })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Open reports', hidden: true })).getAllByRole('button', { hidden: true })[0]).toHaveAttribute('aria-current', 'true');
    expect(within(article).getByText('Rae Quiet (@rae)')).toBeInTheDocument();
    expect(within(article).getByText('This frightened me.')).toBeInTheDocument();
    const said = within(within(article).getByRole('list', { name: 'The conversation around it' })).getAllByRole('listitem');
    expect(said).toHaveLength(3);
    expect(said.filter((li) => within(li).queryByText('Reported'))).toEqual([said[1]]);
    expect(said[1]).toHaveTextContent(REPORTED_TEXT);
    expect(within(article).getByRole('region', { name: 'About Kit Loud' })).toHaveTextContent('Kit Loud (@kit), 29 · Sales');
    expect(within(article).getByText('No earlier reports, warnings or bans.')).toBeInTheDocument();
    expect(within(article).getByText('Nobody else has reported them.')).toBeInTheDocument();
    expect(within(article).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Back to the list',
      'Dismiss',
      'Remove the message',
      'Warn Kit Loud',
      'Ban Kit Loud',
    ]);

    await user.click(within(article).getByRole('button', { name: 'Back to the list' }));
    expect(screen.queryByRole('article')).toBeNull();
    await waitFor(() => expect(entries()[0]).toHaveFocus());
  });

  it('shows the history and the other reporters, and what is gone', async () => {
    reports = [
      messageReport(1, {
        reported_user: kitReported({ held_for_review: true }),
        context: { messages: [], photo: null, place: null, reported_text: REPORTED_TEXT, content_removed: true },
        history: {
          earlier_reports: [{ id: messageReport(7).id, target_type: 'user', reason: 'spam', status: 'resolved', resolution_action: 'dismiss', created_at: '2030-04-01T10:00:00.000Z' }],
          warnings: [{ id: messageReport(8).id, action_type: 'warning', reason: 'Be kind', timestamp: '2030-04-02T10:00:00.000Z', target_display_name: 'Kit Loud (@kit)' }],
          bans: [],
        },
        other_reporters: [{ id: null, name: 'Deleted account', username: null, reports: 2, last_reported_at: '2030-04-03T10:00:00.000Z' }],
        same_target_open: 1,
      }),
    ];
    const { user } = await open('Reports');
    expect(await screen.findByText('Held for review')).toBeInTheDocument();
    await user.click(entries()[0]!);
    const article = detail();
    expect(within(article).getByText(/^The message has been removed\. It said:/)).toHaveTextContent(REPORTED_TEXT);
    expect(within(article).getByText('1 other open report of the same thing are resolved with this one.')).toBeInTheDocument();
    expect(within(article).getByText(/^Spam · Profile · /)).toHaveTextContent('Dismissed');
    expect(within(article).getByText('Be kind')).toBeInTheDocument();
    expect(within(article).getByText(/^Deleted account: 2 reports, the latest /)).toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: 'Remove the message' })).toBeNull();
  });

  it('warns through the form: the words are required, then sent; the queue and the dashboard follow', async () => {
    const { user } = await open('Reports');
    await user.click((await screen.findAllByRole('button', { name: /^Harassment/ }))[0]!);
    await user.click(within(detail()).getByRole('button', { name: 'Warn Kit Loud' }));
    const form = screen.getByRole('form', { name: 'Warn Kit Loud' });
    expect(within(detail()).queryByRole('button', { name: 'Dismiss' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Send warning' }));
    const words = within(form).getByLabelText('What should they know?');
    expect(words).toHaveAccessibleDescription(expect.stringContaining(WARNING_REASON_REQUIRED.message));
    await waitFor(() => expect(words).toHaveFocus());
    expect(sent('POST', `/api/admin/reports/${reports[0]!.id}/resolve`)).toHaveLength(0);
    await user.type(words, 'Please keep your messages kind.');
    await user.click(within(form).getByRole('button', { name: 'Send warning' }));
    expect(await screen.findByText(MESSAGES.warningIssued.message)).toBeInTheDocument();
    expect(sent('POST', `/api/admin/reports/${reports[0]!.id}/resolve`)[0]).toMatchObject({
      query: { admin_id: ADMIN.id },
      body: { action: 'warn', reason: 'Please keep your messages kind.' },
    });
    await screen.findByText('Showing 1–1 of 1 open reports');
    expect(screen.queryByRole('article')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Resolved', pressed: false }));
    const resolved = within(await screen.findByRole('list', { name: 'Resolved reports' })).getByRole('button');
    expect(resolved).toHaveTextContent('Warned');
    await user.click(resolved);
    expect(within(detail()).getByRole('region', { name: 'Resolution' })).toHaveTextContent('Warned by admin');
    expect(within(detail()).queryByRole('region', { name: 'Resolve' })).toBeNull();

    await user.click(within(nav()).getByRole('button', { name: 'Dashboard' }));
    await waitFor(() => expect(screen.getByText('Open reports').parentElement).toHaveTextContent('1'));
  });

  it('bans for a number of days, or for good, through the ban form', async () => {
    const { user } = await open('Reports');
    await user.click((await screen.findAllByRole('button', { name: /^Spam/ }))[0]!);
    await user.click(within(detail()).getByRole('button', { name: 'Ban Kit Loud' }));
    const form = screen.getByRole('form', { name: 'Ban Kit Loud' });
    expect(within(form).getByRole('radio', { name: 'Temporary' })).toBeChecked();
    await user.type(within(form).getByLabelText('Reason'), 'Spam in every chat');
    await user.clear(within(form).getByLabelText('Duration in days'));
    await user.type(within(form).getByLabelText('Duration in days'), '0');
    await user.click(within(form).getByRole('button', { name: 'Ban user' }));
    expect(within(form).getByLabelText('Duration in days')).toHaveAccessibleDescription(expect.stringContaining('between 1 and 365'));
    await user.clear(within(form).getByLabelText('Duration in days'));
    await user.type(within(form).getByLabelText('Duration in days'), '14');
    await user.click(within(form).getByRole('button', { name: 'Ban user' }));
    expect(await screen.findByText(MESSAGES.userBanned.message)).toBeInTheDocument();
    expect(sent('POST', `/api/admin/reports/${reports[1]!.id}/resolve`)[0]!.body).toEqual({ action: 'ban', reason: 'Spam in every chat', duration_days: 14 });
  });

  it('dismisses, and says the server’s words when it refuses', async () => {
    reports = [messageReport(1)];
    server.use(http.post('/api/admin/reports/:id/resolve', () => refuse(409, 'This report has been resolved already')));
    const { user } = await open('Reports');
    await user.click((await screen.findAllByRole('button', { name: /^Harassment/ }))[0]!);
    await user.click(within(detail()).getByRole('button', { name: 'Dismiss' }));
    const form = screen.getByRole('form', { name: 'Dismiss this report' });
    await user.type(within(form).getByLabelText('Reason'), 'Not harassment');
    await user.click(within(form).getByRole('button', { name: 'Dismiss report' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This report has been resolved already');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(within(detail()).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
  });

  it('says when nothing is waiting, and when the queue could not load, with Try again', async () => {
    reports = [];
    failNext.reports = 500;
    const { user } = await open('Reports');
    expect(await screen.findByText("We couldn't load the reports just now.")).toBeInTheDocument();
    failNext = {};
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No open reports. Nothing is waiting for a moderator.')).toBeInTheDocument();
  });
});

describe('admin-events', () => {
  const row = (name: string) => screen.getByRole('row', { name });

  it('lists every event with its attendees, reports and state', async () => {
    await open('Events');
    await screen.findByText('Showing 1–2 of 2');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Event',
      'Starts',
      'Created by',
      'Attendees',
      'Open reports',
      'State',
      'Actions',
    ]);
    const shown = within(row('Quiet Founders Meetup'));
    expect(shown.getByText('Shown')).toBeInTheDocument();
    expect(shown.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Hide Quiet Founders Meetup', 'Remove Quiet Founders Meetup']);
    const hidden = within(row('Meetup 2'));
    expect(hidden.getByText('Hidden')).toBeInTheDocument();
    expect(hidden.getByText('Spam event')).toBeInTheDocument();
    expect(hidden.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Show Meetup 2 again', 'Remove Meetup 2']);
  });

  it('hides an event once a reason is written', async () => {
    const { user } = await open('Events');
    await user.click(await screen.findByRole('button', { name: 'Hide Quiet Founders Meetup' }));
    const form = screen.getByRole('form', { name: 'Hide Quiet Founders Meetup' });
    await user.click(within(form).getByRole('button', { name: 'Hide event' }));
    expect(within(form).getByLabelText('Reason')).toHaveAccessibleDescription(expect.stringContaining(EVENT_REASON_REQUIRED.message));
    expect(sent('POST', `/api/admin/events/${events[0]!.id}/hide`)).toHaveLength(0);
    await user.type(within(form).getByLabelText('Reason'), 'Spam event');
    await user.click(within(form).getByRole('button', { name: 'Hide event' }));
    expect(await screen.findByText('Event hidden; 3 attendees were told')).toBeInTheDocument();
    expect(sent('POST', `/api/admin/events/${events[0]!.id}/hide`)[0]).toMatchObject({ query: { admin_id: ADMIN.id }, body: { reason: 'Spam event' } });
    expect(within(row('Quiet Founders Meetup')).getByText('Hidden')).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('removes an event, with the reason in the query, and the row says so', async () => {
    const { user } = await open('Events');
    const id = events[1]!.id;
    await user.click(await screen.findByRole('button', { name: 'Remove Meetup 2' }));
    const form = screen.getByRole('form', { name: 'Remove Meetup 2' });
    await user.type(within(form).getByLabelText('Reason'), 'The host asked');
    await user.click(within(form).getByRole('button', { name: 'Remove event' }));
    expect(await screen.findByText('Event removed; 3 attendees were told')).toBeInTheDocument();
    expect(sent('DELETE', `/api/admin/events/${id}`)[0]!.query).toEqual({ admin_id: ADMIN.id, reason: 'The host asked' });
    expect(within(row('Meetup 2')).getByText('Removed')).toBeInTheDocument();
    expect(within(row('Meetup 2')).queryAllByRole('button')).toEqual([]);
  });

  it('says when there are none, and when they could not load, with Try again', async () => {
    events = [];
    failNext.events = 503;
    const { user } = await open('Events');
    expect(await screen.findByText("We couldn't load the events just now.")).toBeInTheDocument();
    failNext = {};
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No events yet.')).toBeInTheDocument();
  });
});

describe('admin-analytics', () => {
  /** A chart by its caption (jsdom names no figure by its figcaption). */
  const figure = async (caption: string) => (await screen.findByText(caption, { selector: 'figcaption' })).closest('figure')!;

  it('draws the four charts of the last 30 days, with the figures and every value for screen readers', async () => {
    await open('Analytics');
    const signUps = await figure('Sign-ups per day');
    expect(sent('GET', '/api/admin/analytics')[0]!.query).toEqual({ admin_id: ADMIN.id, days: '30' });
    for (const caption of ['Active people per day', 'Connection requests per day', 'Reports per day']) {
      expect(await figure(caption)).toBeInTheDocument();
    }
    const days = analyticsDays(30);
    const total = days.reduce((n, d) => n + d.sign_ups, 0);
    expect(within(signUps).getByRole('img').getAttribute('aria-label')).toMatch(new RegExp(`^Sign-ups over the last 30 days: ${total} sign-ups in all; the most, 4, on `));
    expect(within(signUps).getAllByRole('row')).toHaveLength(31);
    const requests = within(await figure('Connection requests per day'));
    expect(requests.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Day', 'Sent', 'Accepted']);
    expect(screen.getByText('Sign-ups', { selector: 'dt' }).parentElement).toHaveTextContent(String(total));
  });

  it('loads the span chosen', async () => {
    const { user } = await open('Analytics');
    await figure('Sign-ups per day');
    await user.selectOptions(screen.getByLabelText('Show the last'), '7 days');
    await waitFor(async () => expect(within(await figure('Sign-ups per day')).getAllByRole('row')).toHaveLength(8));
    expect(sent('GET', '/api/admin/analytics').at(-1)!.query).toEqual({ admin_id: ADMIN.id, days: '7' });
  });

  it('says when the figures could not load, with Try again', async () => {
    failNext.analytics = 500;
    const { user } = await open('Analytics');
    expect(await screen.findByText("We couldn't load the analytics just now.")).toBeInTheDocument();
    failNext = {};
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await figure('Reports per day')).toBeInTheDocument();
  });
});
