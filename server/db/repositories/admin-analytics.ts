/**
 * The admin Analytics screen's figures per day (UTC): sign-ups (accounts made),
 * active people (daily_activity, written once per person and day), connection requests
 * sent and accepted (daily_counts: their rows do not last) and reports.
 */
import { and, gte, isNull, lt, sql } from 'drizzle-orm';
import { ANALYTICS_DAYS_MAX } from '../../../contract/admin-events';
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

/** How many on a day (YYYY-MM-DD); days with none are left out. */
export interface DayCount {
  day: string;
  n: number;
}

/** The counts per day from `first` on (`days - 1` days before `now`'s day), each kind as the database grouped it. */
export interface AnalyticsRows {
  first: Date;
  signUps: DayCount[];
  active: DayCount[];
  counts: Array<DayCount & { metric: string }>;
  reported: DayCount[];
}

export async function analyticsPerDay(db: Queryable, now: Date, days: number): Promise<AnalyticsRows> {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const firstDay = utcDay(first);
  const dayOf = (col: typeof users.createdAt | typeof reports.createdAt) => sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [signUps, active, counts, reported] = await Promise.all([
    db
      .select({ day: dayOf(users.createdAt), n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(gte(users.createdAt, first), isNull(users.erasedAt)))
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
  return { first, signUps, active, counts, reported };
}
