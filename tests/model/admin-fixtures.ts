/**
 * The reports, events and figures of the admin screens of issue 16, in one place for
 * the machine tests, the component tests and the chart models (which the paths writer
 * loads without vitest). Each is parsed with the contract's schema, so a fixture cannot
 * drift from what the server sends.
 */
import type { z } from 'zod';
import { AdminEventSchema, AnalyticsDaySchema, type AdminEvent, type AnalyticsDay } from '../../contract/admin-events';
import { AdminReportSchema, type AdminReport, type ContextMessage } from '../../contract/admin-reports';

type ReportInput = z.input<typeof AdminReportSchema>;

const id = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const KIT_ID = id('22222222', 1);
export const RAE_ID = id('33333333', 1);

/** The person reported: Kit Loud, active, with no photo. */
export const kitReported = (over: Partial<AdminReport['reported_user']> = {}): AdminReport['reported_user'] => ({
  id: KIT_ID,
  username: 'kit',
  name: 'Kit Loud',
  email: 'kit@example.org',
  created_at: '2030-04-01T10:00:00.000Z',
  is_active: true,
  is_banned: false,
  banned_until: null,
  ban_reason: null,
  age: 29,
  occupation: 'Sales',
  interests: ['hiking'],
  photo_data: null,
  held_for_review: false,
  ...over,
});

/** Three messages Kit sent Rae; the middle one, `reportedId`, is the reported one. */
export function conversation(reportedId: string): ContextMessage[] {
  const said = ['Hi Rae, good talk earlier', 'Tell me where you live or else', 'Hello?'];
  return said.map((message, i) => ({
    id: i === 1 ? reportedId : id('44444444', i + 1),
    from_user: KIT_ID,
    from_name: 'Kit Loud',
    message,
    timestamp: `2030-05-01T18:0${i}:00.000Z`,
    reported: i === 1,
  }));
}

export const REPORTED_TEXT = 'Tell me where you live or else';

/** Rae's report of Kit's message, open, as GET /admin/reports answers it; `n` tells reports apart. */
export function messageReport(n = 1, over: Partial<ReportInput> = {}): AdminReport {
  const target = id('55555555', n);
  return AdminReportSchema.parse({
    id: id('66666666', n),
    status: 'open',
    target_type: 'message',
    target_id: target,
    reason: 'harassment',
    note: 'This frightened me.',
    created_at: `2030-05-01T18:1${n % 10}:00.000Z`,
    reporter: { id: RAE_ID, name: 'Rae Quiet', username: 'rae' },
    reported_user: kitReported(),
    context: { messages: conversation(target), photo: null, place: null, reported_text: REPORTED_TEXT, content_removed: false },
    history: { earlier_reports: [], warnings: [], bans: [] },
    other_reporters: [],
    same_target_open: 0,
    resolution: null,
    ...over,
  } satisfies ReportInput);
}

/** The same report once a moderator has resolved it with `action`. */
export function resolvedReport(report: AdminReport, action: 'dismiss' | 'remove_content' | 'warn' | 'ban', reason: string): AdminReport {
  return AdminReportSchema.parse({
    ...report,
    status: 'resolved',
    resolution: { action, reason, admin_username: 'admin', resolved_at: '2030-05-02T09:00:00.000Z' },
  });
}

/** An event as GET /admin/events answers it; `n` tells events apart. */
export function adminEvent(n = 1, over: Partial<z.input<typeof AdminEventSchema>> = {}): AdminEvent {
  return AdminEventSchema.parse({
    id: id('77777777', n),
    name: n === 1 ? 'Quiet Founders Meetup' : `Meetup ${n}`,
    description: 'A slow-paced meetup.',
    location: 'Betahaus, Berlin',
    event_type: 'networking',
    start_time: '2030-05-01T18:00:00.000Z',
    end_time: '2030-05-01T21:00:00.000Z',
    created_at: '2030-04-01T10:00:00.000Z',
    created_by: { id: RAE_ID, name: 'Rae Quiet', username: 'rae' },
    attendee_count: 3,
    open_reports: 1,
    is_hidden: false,
    hidden_at: null,
    hidden_reason: null,
    ...over,
  } satisfies z.input<typeof AdminEventSchema>);
}

/** The event taken down with `reason`. */
export const hiddenEvent = (event: AdminEvent, reason: string): AdminEvent =>
  AdminEventSchema.parse({ ...event, is_hidden: true, hidden_at: '2030-05-02T09:00:00.000Z', hidden_reason: reason });

/** `days` days of figures ending 2030-05-31, oldest first; a quiet first day, then a little of everything. */
export function analyticsDays(days: number): AnalyticsDay[] {
  const last = Date.UTC(2030, 4, 31);
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(last - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    const k = i === 0 ? 0 : (i % 4) + 1;
    return AnalyticsDaySchema.parse({
      date,
      sign_ups: k,
      active_people: k * 3,
      requests_sent: k * 2,
      requests_accepted: k,
      reports: i % 5 === 1 ? 1 : 0,
    });
  });
}
