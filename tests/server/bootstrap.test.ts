/**
 * The admin at start (DESIGN 4): the configured admin always exists with its configured
 * password, whatever the demo seed did, and no admin keeps a password published in the
 * README. main.ts runs exactly these two steps, in this order.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { configFromEnv } from '../../server/config';
import type { Database } from '../../server/db/client';
import { adminEntranceLines, bootstrapAdmin, createAdmin, ensureAdminGateSlug, firstShowingOfAdminEntrance } from '../../server/db/bootstrap';
import { adminSessions, admins } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { verifyPassword } from '../../server/domain/passwords';
import { openTestDatabase } from './helpers';

let database: Database | null = null;
afterEach(async () => {
  await database?.close();
  database = null;
});

/** main.ts's start: the seed (without its demo admin when one is configured), then the bootstrap. */
async function start(env: Record<string, string>) {
  database ??= await openTestDatabase();
  const config = configFromEnv({ SEED_DEMO: 'true', ...env });
  const configured = !!(config.adminUsername && config.adminPassword);
  const demo = await seedDemo(database.db, new Date('2026-11-22T10:00:00Z'), { demoAdmin: !configured });
  const admin = await bootstrapAdmin(database.db, config);
  return { demo, admin, db: database.db };
}

const passwordOf = async (db: Database['db'], username: string) =>
  (await db.select().from(admins).where(eq(admins.username, username)))[0]?.passwordHash ?? null;

describe('the admin at start', () => {
  it('creates the configured admin on a demo database, and no demo admin beside it', async () => {
    const { demo, admin, db } = await start({ ADMIN_USERNAME: 'organiser', ADMIN_PASSWORD: 'Configured2026' });
    expect(admin).toBe('created');
    expect(demo!.logins.some((l) => l.role === 'admin')).toBe(false);
    const rows = await db.select().from(admins);
    expect(rows.map((r) => r.username)).toEqual(['organiser']);
    expect(await verifyPassword(rows[0]!.passwordHash, 'Configured2026')).toBe(true);
  });

  it('sets the configured password again when the admin exists with another, ending its sessions', async () => {
    database = await openTestDatabase();
    const made = await createAdmin(database.db, { username: 'admin', password: 'Wallflower2026', role: 'super_admin' });
    await database.db.insert(adminSessions).values({
      tokenHash: 'h'.repeat(64),
      adminId: made.id,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const { admin, db } = await start({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'Mine2026Only' });
    expect(admin).toBe('password_reset');
    const hash = await passwordOf(db, 'admin');
    expect(await verifyPassword(hash, 'Mine2026Only')).toBe(true);
    expect(await verifyPassword(hash, 'Wallflower2026')).toBe(false);
    expect(await db.select().from(adminSessions)).toEqual([]);
    // The next start finds it as configured and changes nothing.
    expect(await bootstrapAdmin(db, configFromEnv({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'Mine2026Only' }))).toBe('unchanged');
  });

  it('without a configured admin, makes the demo admin a password of its own, shown once', async () => {
    const { demo, admin, db } = await start({});
    expect(admin).toBeNull();
    const login = demo!.logins.find((l) => l.role === 'admin')!;
    expect(login.username).toBe('admin');
    expect(login.password).not.toBe('Wallflower2026');
    expect(await verifyPassword(await passwordOf(db, 'admin'), login.password)).toBe(true);
    expect(await verifyPassword(await passwordOf(db, 'admin'), 'Wallflower2026')).toBe(false);
    // A restart seeds nothing and prints nothing again.
    expect((await start({})).demo).toBeNull();
  });

  it('refuses a configured password that breaks the admin rules', async () => {
    await expect(start({ ADMIN_USERNAME: 'organiser', ADMIN_PASSWORD: 'weak' })).rejects.toThrow(/8\+ characters/);
  });
});

describe('the admin entrance at start (issue 40 item 8)', () => {
  const BASE = 'http://127.0.0.1:8080';

  it('is printed at the first start only; later starts say how to print it again, without the address', async () => {
    database = await openTestDatabase();
    const db = database.db;
    const slug = await ensureAdminGateSlug(db, null);
    const first = adminEntranceLines(BASE, slug, await firstShowingOfAdminEntrance(db));
    expect(first.join('\n')).toContain(`${BASE}/admin/${slug}`);
    for (let restart = 0; restart < 2; restart++) {
      expect(await ensureAdminGateSlug(db, null)).toBe(slug);
      const later = adminEntranceLines(BASE, slug, await firstShowingOfAdminEntrance(db)).join('\n');
      expect(later).not.toContain(slug);
      expect(later).toContain('npm run admin -- entrance');
    }
  });

  it('is printed once however many instances start on the database at once', async () => {
    database = await openTestDatabase();
    const db = database.db;
    const shown = await Promise.all(Array.from({ length: 4 }, () => firstShowingOfAdminEntrance(db)));
    expect(shown.filter(Boolean)).toHaveLength(1);
  });

  it('a configured entrance is printed at the first start only too', async () => {
    database = await openTestDatabase();
    const db = database.db;
    const slug = await ensureAdminGateSlug(db, 'configured-entrance');
    expect(adminEntranceLines(BASE, slug, await firstShowingOfAdminEntrance(db)).join('\n')).toContain('/admin/configured-entrance');
    expect(adminEntranceLines(BASE, slug, await firstShowingOfAdminEntrance(db)).join('\n')).not.toContain('configured-entrance');
  });
});
