/** Typed queries on users (presenters/users.ts makes a row the contract's User). */
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { LOW_BATTERY_MAX } from '../../../contract/constants';
import type { Queryable } from '../client';
import { users } from '../schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByLogin(db: Queryable, usernameOrEmail: string): Promise<UserRow | null> {
  const key = usernameOrEmail.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(and(or(sql`lower(${users.username}) = ${key}`, sql`lower(${users.email}) = ${key}`), isNull(users.erasedAt)))
    .limit(1);
  return row ?? null;
}

/** The account with this email, whatever its case (the address a reset goes to). */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.erasedAt)))
    .limit(1);
  return row ?? null;
}

/** Which of username and email another account already uses. */
export async function findTaken(
  db: Queryable,
  { username, email }: { username?: string; email?: string },
  exceptId?: string,
): Promise<'username' | 'email' | null> {
  if (username) {
    const [u] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
      .limit(1);
    if (u && u.id !== exceptId) return 'username';
  }
  if (email) {
    const [e] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    if (e && e.id !== exceptId) return 'email';
  }
  return null;
}

export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<NewUser>;

/** Inserts a new account; the unique indexes on username and email decide races. */
export async function insertUser(db: Queryable, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** Writes `changes` to the user's row; null when there is no such user. */
export async function updateUser(db: Queryable, id: string, changes: UserChanges): Promise<UserRow | null> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row ?? null;
}

/** Of these users, those on a break or low on energy: what decides whether a notification is offered live, and how loudly. */
export async function findAwayOrLowBattery(db: Queryable, ids: readonly string[]) {
  return db
    .select({
      id: users.id,
      status: users.status,
      statusUntil: users.statusUntil,
      socialBattery: users.socialBattery,
      quietWhenLowBattery: users.quietWhenLowBattery,
    })
    .from(users)
    .where(and(inArray(users.id, [...ids]), or(eq(users.status, 'away'), lte(users.socialBattery, LOW_BATTERY_MAX))));
}
