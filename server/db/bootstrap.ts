/** The first admin (ADMIN_USERNAME/ADMIN_PASSWORD) and the admin entrance slug. */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import { hashPassword } from '../domain/passwords';
import { isStrongAdminPassword, isValidAdminUsername } from '../../contract/rules';
import type { Queryable } from './client';
import { admins, appSettings } from './schema';

const SLUG_KEY = 'admin_gate_slug';

/** The configured slug, or one generated once and kept in the database. */
export async function ensureAdminGateSlug(db: Queryable, configured: string | null): Promise<string> {
  if (configured) return configured;
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, SLUG_KEY)).limit(1);
  if (row) return row.value;
  const slug = randomBytes(12).toString('base64url');
  await db.insert(appSettings).values({ key: SLUG_KEY, value: slug }).onConflictDoNothing();
  const [kept] = await db.select().from(appSettings).where(eq(appSettings.key, SLUG_KEY)).limit(1);
  return kept!.value;
}

export async function createAdmin(
  db: Queryable,
  a: { username: string; password: string; email?: string; role?: string },
): Promise<{ id: string }> {
  if (!isValidAdminUsername(a.username)) throw new Error('Admin username: 3+ characters, letters and digits only');
  if (!isStrongAdminPassword(a.password))
    throw new Error('Admin password: 8+ characters with upper case, lower case and digits');
  const [row] = await db
    .insert(admins)
    .values({
      username: a.username,
      email: a.email ?? `${a.username.toLowerCase()}@wallflower.local`,
      passwordHash: await hashPassword(a.password),
      role: a.role ?? 'admin',
      passwordChangedAt: new Date(),
    })
    .returning({ id: admins.id });
  return row!;
}

/** Creates the first admin from the environment when there is none yet. */
export async function bootstrapAdmin(db: Queryable, config: Pick<Config, 'adminUsername' | 'adminPassword'>) {
  if (!config.adminUsername || !config.adminPassword) return null;
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(admins);
  if (n > 0) return null;
  return createAdmin(db, { username: config.adminUsername, password: config.adminPassword, role: 'super_admin' });
}
