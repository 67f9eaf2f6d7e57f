/** The configured admin (ADMIN_USERNAME/ADMIN_PASSWORD), the demo admin's password, and the admin entrance slug. */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import { hashPassword, verifyPassword } from '../domain/passwords';
import { isStrongAdminPassword, isValidAdminUsername } from '../../contract/rules';
import type { Queryable } from './client';
import { adminSessions, admins, appSettings } from './schema';

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

const ENTRANCE_SHOWN_KEY = 'admin_entrance_shown';

/**
 * Whether this start is the first to print the admin entrance: true once per database,
 * whichever of several instances starting together asks first. A log is kept, copied and
 * read by more people than the entrance is meant for, so its address is printed only then.
 */
export async function firstShowingOfAdminEntrance(db: Queryable): Promise<boolean> {
  const shown = await db
    .insert(appSettings)
    .values({ key: ENTRANCE_SHOWN_KEY, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning({ key: appSettings.key });
  return shown.length > 0;
}

/** The command that prints the admin entrance again (server/cli/admin.ts). */
export const ENTRANCE_COMMAND = 'npm run admin -- entrance';

/** What a start prints about the admin entrance: the address the first time, where to find it later. */
export function adminEntranceLines(base: string, slug: string, firstShowing: boolean): string[] {
  return firstShowing
    ? [`Admin entrance: ${base}/admin/${slug}`, `  (printed at this first start only; \`${ENTRANCE_COMMAND}\` prints it again)`]
    : [`Admin entrance: printed at the first start only; \`${ENTRANCE_COMMAND}\` prints it again`];
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

/**
 * The configured admin (ADMIN_USERNAME / ADMIN_PASSWORD) exists at every start with the
 * configured password, whatever was there before: created when missing, its password
 * set again when it no longer matches (its sessions end then). Answers what it did.
 */
export async function bootstrapAdmin(
  db: Queryable,
  config: Pick<Config, 'adminUsername' | 'adminPassword'>,
): Promise<'created' | 'password_reset' | 'unchanged' | null> {
  if (!config.adminUsername || !config.adminPassword) return null;
  const [existing] = await db
    .select()
    .from(admins)
    .where(sql`lower(${admins.username}) = ${config.adminUsername.toLowerCase()}`)
    .limit(1);
  if (!existing) {
    await createAdmin(db, { username: config.adminUsername, password: config.adminPassword, role: 'super_admin' });
    return 'created';
  }
  if (await verifyPassword(existing.passwordHash, config.adminPassword)) return 'unchanged';
  if (!isStrongAdminPassword(config.adminPassword))
    throw new Error('ADMIN_PASSWORD: 8+ characters with upper case, lower case and digits');
  const passwordHash = await hashPassword(config.adminPassword);
  await db.transaction(async (tx) => {
    await tx.update(admins).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(admins.id, existing.id));
    await tx.delete(adminSessions).where(eq(adminSessions.adminId, existing.id));
  });
  return 'password_reset';
}

/**
 * A password for the demo admin, made at the first start and printed once: a published
 * one would open every demo installation's admin panel. 18 characters from 108 random
 * bits, with upper case, lower case and digits as the admin rules ask.
 */
export function generateAdminPassword(): string {
  for (;;) {
    const candidate = randomBytes(14).toString('base64url').replace(/[-_]/g, '').slice(0, 18);
    if (candidate.length === 18 && isStrongAdminPassword(candidate)) return candidate;
  }
}
