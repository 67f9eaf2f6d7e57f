/**
 * Business cards (SPEC 7 GET /business-card/{userId}, and the PUT and DELETE extension
 * that lets a person keep their own): shown to the owner and their connections only.
 */
import type { BusinessCard, BusinessCardBody } from '../../contract/plans';
import { deleteBusinessCard, findBusinessCard, upsertBusinessCard } from '../db/repositories/business-cards';
import type { UserRow } from '../db/repositories/users';
import { businessCardVisible } from '../domain/access';
import { notFound } from '../errors';
import type { Ctx } from './context';

export async function businessCardOf(ctx: Ctx, me: UserRow, ownerId: string): Promise<BusinessCard> {
  await businessCardVisible(ctx.db, me.id, ownerId, ctx.clock());
  const card = await findBusinessCard(ctx.db, ownerId);
  if (!card) throw notFound('No business card');
  return card;
}

export function saveBusinessCard(ctx: Ctx, me: UserRow, fields: BusinessCardBody): Promise<BusinessCard> {
  return upsertBusinessCard(ctx.db, me.id, fields, { name: me.name }, ctx.clock());
}

export function removeBusinessCard(ctx: Ctx, me: UserRow): Promise<void> {
  return deleteBusinessCard(ctx.db, me.id);
}
