/** The admin Events and Analytics screens' answers (issue 16): an event as the admin sees it, and the figures per day. */
import type { AdminEvent, AnalyticsDay } from '../../contract/admin-events';
import type { AnalyticsRows, DayCount } from '../db/repositories/admin-analytics';
import type { AdminEventRow } from '../db/repositories/admin-events';

export function toAdminEvent(r: AdminEventRow, openReports: number): AdminEvent {
  const e = r.event;
  return {
    id: e.id,
    name: e.name,
    description: e.description,
    location: e.location,
    event_type: e.eventType,
    start_time: e.startTime.toISOString(),
    end_time: e.endTime.toISOString(),
    created_at: e.createdAt.toISOString(),
    created_by: r.maker,
    attendee_count: Number(r.attendees),
    open_reports: openReports,
    is_hidden: e.hiddenAt !== null,
    hidden_at: e.hiddenAt?.toISOString() ?? null,
    hidden_reason: e.hiddenReason,
  };
}

/** The `days` days from the first the rows were counted from, oldest first, days with nothing as zeros. */
export function toAnalyticsDays(rows: AnalyticsRows, days: number): AnalyticsDay[] {
  const byDay = (counts: DayCount[]) => new Map(counts.map((r) => [r.day, Number(r.n)]));
  const signUpsOn = byDay(rows.signUps);
  const activeOn = byDay(rows.active);
  const reportsOn = byDay(rows.reported);
  const metricOn = (metric: string) => byDay(rows.counts.filter((c) => c.metric === metric));
  const sent = metricOn('requests_sent');
  const accepted = metricOn('requests_accepted');
  return Array.from({ length: days }, (_, i) => {
    // The UTC day, as the tables keep it: YYYY-MM-DD.
    const date = new Date(rows.first.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    return {
      date,
      sign_ups: signUpsOn.get(date) ?? 0,
      active_people: activeOn.get(date) ?? 0,
      requests_sent: sent.get(date) ?? 0,
      requests_accepted: accepted.get(date) ?? 0,
      reports: reportsOn.get(date) ?? 0,
    };
  });
}
