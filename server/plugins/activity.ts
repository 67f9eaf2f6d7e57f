/**
 * Who used the app on which day, for the admin analytics' "active people" (issue 16):
 * the first signed-in API call of a person each UTC day writes one row (daily_activity).
 * Each instance remembers whom it has written for today, so this costs a look-up per
 * call and one small insert per person and day (per instance; the row is kept once).
 * On each new day an instance forgets the days older than the analytics can show.
 */
import type { FastifyInstance } from 'fastify';
import { pruneActivity, recordActivity, utcDay } from '../db/repositories/admin-analytics';

/** People remembered per instance before the memory starts again (it only saves inserts). */
const REMEMBERED_MAX = 100_000;

export function registerActivity(app: FastifyInstance): void {
  let day = '';
  let seen = new Set<string>();
  app.addHook('preHandler', async (request) => {
    const user = request.user;
    if (!user || !(request.routeOptions.url ?? '').startsWith('/api/')) return;
    const today = utcDay(app.clock());
    if (today !== day || seen.size >= REMEMBERED_MAX) {
      if (today !== day) await pruneActivity(app.db, app.clock());
      day = today;
      seen = new Set();
    }
    if (seen.has(user.id)) return;
    await recordActivity(app.db, today, user.id);
    seen.add(user.id);
  });
}
