/**
 * Latest positions (DESIGN 5): one row per user and event, never sent to anyone, and
 * deleted a day after the event ends. Someone who hides their location has no position
 * stored, only whether they are inside a restricted zone (restricted presence).
 */
import { type SQL, and, eq, lt, sql } from 'drizzle-orm';
import { type Point, reportRestricted } from '../../domain/geo';
import type { Db, Queryable } from '../client';
import { events, quietPresence, restrictedPresence, userLocations } from '../schema';
import { listZones } from './zones';

export const LOCATION_RETENTION_MS = 24 * 60 * 60 * 1000;
/** How often, at most, an instance looks for positions past their retention. */
export const LOCATION_PURGE_EVERY_MS = 60 * 1000;

/** What one position report leaves in the database. */
export interface PositionReport {
  userId: string;
  eventId: string;
  /** The position to keep, or null: none is kept (hidden location, or the event is over). */
  point: Point | null;
  /** Inside a restricted zone with no position kept (restricted presence). */
  restrictedUnseen: boolean;
  /** The quiet zone (safe-space kind) the person is in, or null: outside every one (issue 18). */
  quietZoneId?: string | null;
  at: Date;
}

/** What a kept report changed: when the person entered the quiet zone they just left, if they left one. */
export interface ReportOutcome {
  leftQuietEnteredAt: Date | null;
}

/** Records whether someone who hides their location is inside a restricted zone of the event. */
export async function setRestrictedPresence(db: Queryable, userId: string, eventId: string, inside: boolean, now: Date): Promise<void> {
  if (!inside) {
    await db.delete(restrictedPresence).where(and(eq(restrictedPresence.userId, userId), eq(restrictedPresence.eventId, eventId)));
    return;
  }
  await db
    .insert(restrictedPresence)
    .values({ userId, eventId, updatedAt: now })
    .onConflictDoUpdate({ target: [restrictedPresence.userId, restrictedPresence.eventId], set: { updatedAt: now } });
}

/**
 * Writes reports, in one statement: positions kept or removed, restricted presence set
 * or cleared (data-modifying WITH clauses; each person appears once, so none touches a
 * row another touches).
 */
async function writeReports(db: Db, reports: readonly PositionReport[]): Promise<Map<string, ReportOutcome>> {
  const kept = reports.filter((r) => r.point !== null);
  const unkept = reports.filter((r) => r.point === null);
  const present = reports.filter((r) => r.restrictedUnseen);
  const absent = reports.filter((r) => !r.restrictedUnseen);
  const pairs = (rs: readonly PositionReport[]) => sql.join(rs.map((r) => sql`(${r.userId}::uuid, ${r.eventId}::uuid)`), sql`, `);
  const at = (r: PositionReport) => sql`${r.at.toISOString()}::timestamptz`;
  const steps: SQL[] = [];
  if (kept.length) {
    const rows = sql.join(
      kept.map((r) => sql`(${r.userId}::uuid, ${r.eventId}::uuid, ${r.point!.latitude}::float8, ${r.point!.longitude}::float8, ${at(r)})`),
      sql`, `,
    );
    steps.push(sql`kept as (insert into ${userLocations} (user_id, event_id, latitude, longitude, created_at) values ${rows}
      on conflict (user_id, event_id) do update set latitude = excluded.latitude, longitude = excluded.longitude, created_at = excluded.created_at)`);
  }
  if (unkept.length) steps.push(sql`unkept as (delete from ${userLocations} where (user_id, event_id) in (values ${pairs(unkept)}))`);
  if (present.length) {
    const rows = sql.join(present.map((r) => sql`(${r.userId}::uuid, ${r.eventId}::uuid, ${at(r)})`), sql`, `);
    steps.push(sql`present as (insert into ${restrictedPresence} (user_id, event_id, created_at) values ${rows}
      on conflict (user_id, event_id) do update set created_at = excluded.created_at)`);
  }
  if (absent.length) steps.push(sql`absent as (delete from ${restrictedPresence} where (user_id, event_id) in (values ${pairs(absent)}))`);
  // Quiet presence (issue 18): entering keeps the first entered_at; leaving answers it, so
  // the one instance whose delete took the row tells the person what was held.
  const inQuiet = reports.filter((r) => r.quietZoneId);
  const outQuiet = reports.filter((r) => !r.quietZoneId);
  if (inQuiet.length) {
    const rows = sql.join(inQuiet.map((r) => sql`(${r.userId}::uuid, ${r.eventId}::uuid, ${r.quietZoneId!}::uuid, ${at(r)}, ${at(r)})`), sql`, `);
    steps.push(sql`quiet_in as (insert into ${quietPresence} (user_id, event_id, zone_id, entered_at, updated_at) values ${rows}
      on conflict (user_id, event_id) do update set zone_id = excluded.zone_id, updated_at = excluded.updated_at)`);
  }
  const left = outQuiet.length
    ? sql`quiet_out as (delete from ${quietPresence} where (user_id, event_id) in (values ${pairs(outQuiet)}) returning user_id, event_id, entered_at)`
    : sql`quiet_out as (select null::uuid as user_id, null::uuid as event_id, null::timestamptz as entered_at where false)`;
  steps.push(left);
  const result = await db.execute(sql`with ${sql.join(steps, sql`, `)} select user_id, event_id, entered_at from quiet_out`);
  const outcomes = new Map<string, ReportOutcome>();
  for (const row of rowsOf<{ user_id: string; event_id: string; entered_at: string | Date }>(result)) outcomes.set(`${row.user_id}:${row.event_id}`, { leftQuietEnteredAt: new Date(row.entered_at) });
  return outcomes;
}

/** The rows of `db.execute` on either driver (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

interface Batch {
  reports: Map<string, PositionReport>;
  done: Promise<Map<string, ReportOutcome>>;
}

/** Per database: the batch being written, and the one gathering reports meanwhile. */
const writers = new WeakMap<object, { writing: Promise<unknown> | null; next: Batch | null }>();

/**
 * Keeps a report: the latest position (or none), and restricted presence. Every
 * attendee reports every 10 s, so reports that arrive while a batch is being written
 * are gathered and written together next (the latest of a person's wins); each answer
 * waits for the batch holding its report, so "kept" still means written.
 */
export async function keepReport(db: Db, report: PositionReport): Promise<ReportOutcome> {
  let w = writers.get(db);
  if (!w) writers.set(db, (w = { writing: null, next: null }));
  const writer = w;
  if (!writer.next) {
    const reports = new Map<string, PositionReport>();
    const after = writer.writing ?? Promise.resolve();
    const batch: Batch = {
      reports,
      done: after
        .catch(() => {})
        .then(() => {
          // From here on, new reports gather in a batch of their own.
          if (writer.next === batch) writer.next = null;
          const written = writeReports(db, [...reports.values()]);
          writer.writing = written;
          return written.finally(() => {
            if (writer.writing === written) writer.writing = null;
          });
        }),
    };
    writer.next = batch;
  }
  const key = `${report.userId}:${report.eventId}`;
  writer.next.reports.set(key, report);
  const outcomes = await writer.next.done;
  return outcomes.get(key) ?? { leftQuietEnteredAt: null };
}

/**
 * A user turned show_location off: every stored position goes, and one inside a
 * restricted zone is kept only as that fact, so auto-hide does not lapse until their
 * next report.
 */
export async function hideLocationsOf(db: Db, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.delete(userLocations).where(eq(userLocations.userId, userId)).returning();
    for (const r of rows) {
      // As a report without a kept position is judged (geo.ts zoneMayShow).
      if (reportRestricted(await listZones(tx, r.eventId), r)) {
        await setRestrictedPresence(tx, userId, r.eventId, true, now);
      }
    }
  });
}

/** Positions and presence at events that ended more than a day before `now`. Answers how many positions went. */
export async function purgeExpiredLocations(db: Queryable, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - LOCATION_RETENTION_MS);
  const ended = db.select({ id: events.id }).from(events).where(lt(events.endTime, cutoff));
  await db.delete(restrictedPresence).where(sql`${restrictedPresence.eventId} in ${ended}`);
  await db.delete(quietPresence).where(sql`${quietPresence.eventId} in ${ended}`);
  const gone = await db
    .delete(userLocations)
    .where(sql`${userLocations.eventId} in ${ended}`)
    .returning({ userId: userLocations.userId });
  return gone.length;
}

const lastPurge = new WeakMap<object, number>();

/**
 * The retention rule without a scheduler: routes that see traffic call this, and it
 * runs the purge at most once a minute per instance (the query is one indexed delete).
 * Answers whether it ran.
 */
export async function maybePurgeExpiredLocations(db: Db, now: Date): Promise<boolean> {
  const t = now.getTime();
  const last = lastPurge.get(db);
  if (last !== undefined && t - last < LOCATION_PURGE_EVERY_MS && t >= last) return false;
  lastPurge.set(db, t);
  await purgeExpiredLocations(db, now);
  return true;
}
