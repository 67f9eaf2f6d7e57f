/**
 * The admin Analytics screen's figures per day (UTC): sign-ups (accounts made),
 * active people (daily_activity, written once per person and day), connection requests
 * sent and accepted (daily_counts: their rows do not last) and reports.
 */
import { gte, lt, sql } from 'drizzle-orm';
import { ANALYTICS_DAYS_MAX, type AnalyticsDay } from '../../../contract/admin-events';
import type { Queryable } from '../client';
import { dailyActivity, dailyCounts, reports, users } from '../schema';

/** The UTC day of a moment, as the tables keep it: YYYY-MM-DD. */
export const utcDay = (d: Date): string => d.toISOString().slice(0, 10);

export type DailyMetric = 'requests_sent' | 'requests_accepted';

/** One more of `metric` today; many instances add to the same row. */
export async function countToday(db: Queryable, metric: DailyMetric, at: Date): Promise<void> {
  await db
    .insert(dailyCounts)
    .values({ day: utcDay(at), metric, n: 1 })
    .onConflictDoUpdate({ target: [dailyCounts.day, dailyCounts.metric], set: { n: sql`${dailyCounts.n} + 1` } });
}

/** The person used the app on `day` (kept once). */
export async function recordActivity(db: Queryable, day: string, userId: string): Promise<void> {
  await db.insert(dailyActivity).values({ day, userId }).onConflictDoNothing();
}

/**
 * Forgets who was active on days the analytics can no longer show (ANALYTICS_DAYS_MAX):
 * a person's days of use are not kept for longer than they are of use (DESIGN 5).
 */
export async function pruneActivity(db: Queryable, now: Date): Promise<void> {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (ANALYTICS_DAYS_MAX - 1)));
  await db.delete(dailyActivity).where(lt(dailyActivity.day, utcDay(first)));
}

/** Per day from `days - 1` days before `now` to `now`'s day, oldest first, zeros included. */
export async function analyticsPerDay(db: Queryable, now: Date, days: number): Promise<AnalyticsDay[]> {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const firstDay = utcDay(first);
  const dayOf = (col: typeof users.createdAt | typeof reports.createdAt) => sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [signUps, active, counts, reported] = await Promise.all([
    db
      .select({ day: dayOf(users.createdAt), n: sql<number>`count(*)::int` })
      .from(users)
      .where(gte(users.createdAt, first))
      .groupBy(dayOf(users.createdAt)),
    db
      .select({ day: sql<string>`to_char(${dailyActivity.day}, 'YYYY-MM-DD')`, n: sql<number>`count(*)::int` })
      .from(dailyActivity)
      .where(gte(dailyActivity.day, firstDay))
      .groupBy(dailyActivity.day),
    db
      .select({ day: sql<string>`to_char(${dailyCounts.day}, 'YYYY-MM-DD')`, metric: dailyCounts.metric, n: dailyCounts.n })
      .from(dailyCounts)
      .where(gte(dailyCounts.day, firstDay)),
    db
      .select({ day: dayOf(reports.createdAt), n: sql<number>`count(*)::int` })
      .from(reports)
      .where(gte(reports.createdAt, first))
      .groupBy(dayOf(reports.createdAt)),
  ]);
  const byDay = (rows: Array<{ day: string; n: number }>) => new Map(rows.map((r) => [r.day, Number(r.n)]));
  const signUpsOn = byDay(signUps);
  const activeOn = byDay(active);
  const reportsOn = byDay(reported);
  const metricOn = (metric: DailyMetric) => byDay(counts.filter((c) => c.metric === metric));
  const sent = metricOn('requests_sent');
  const accepted = metricOn('requests_accepted');
  return Array.from({ length: days }, (_, i) => {
    const date = utcDay(new Date(first.getTime() + i * 86_400_000));
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
