/**
 * Opening moves (issue 43), kept on the person's row (users.opening_moves, a list of
 * `{ id, text }`): found by a prompt's id through the row's GIN index.
 */
import { eq, sql } from 'drizzle-orm';
import type { OpeningMove } from '../../../contract/opening-move-words';
import type { Queryable } from '../client';
import { users } from '../schema';

const holding = (moveId: string) => sql`${users.openingMoves} @> ${JSON.stringify([{ id: moveId }])}::jsonb`;

/** The prompt with this id and whose it is, or null. */
export async function findOpeningMove(db: Queryable, moveId: string): Promise<{ ownerId: string; move: OpeningMove } | null> {
  const [row] = await db.select({ id: users.id, moves: users.openingMoves }).from(users).where(holding(moveId)).limit(1);
  const move = row?.moves.find((m) => m.id === moveId);
  return row && move ? { ownerId: row.id, move } : null;
}

/** Takes one prompt down (a moderator's remove_content); answers its owner, or null when it was gone already. */
export async function removeOpeningMove(db: Queryable, moveId: string): Promise<string | null> {
  const [row] = await db
    .update(users)
    .set({
      openingMoves: sql`(select coalesce(jsonb_agg(e order by n), '[]'::jsonb) from jsonb_array_elements(${users.openingMoves}) with ordinality as t(e, n) where e->>'id' <> ${moveId})`,
    })
    .where(holding(moveId))
    .returning({ id: users.id });
  return row?.id ?? null;
}

/** The person's prompts, replaced. */
export async function storeOpeningMoves(db: Queryable, userId: string, moves: OpeningMove[]): Promise<OpeningMove[] | null> {
  const [row] = await db.update(users).set({ openingMoves: moves }).where(eq(users.id, userId)).returning({ moves: users.openingMoves });
  return row?.moves ?? null;
}
