/**
 * Contact exchange (SPEC 3, 7): a person sends some of their own details to another,
 * on purpose. Stored, then offered live (a toast) and as a notification.
 */
import type { FastifyInstance } from 'fastify';
import type { ExchangeType } from '../../../contract/constants';
import type { LiveServerMessage } from '../../../contract/live';
import { SAFE_SPACE_DETAIL, type ContactExchange } from '../../../contract/social';
import { canMessage } from '../../domain/visibility';
import { badRequest, forbidden, notFound } from '../../errors';
import { notify } from '../../realtime/notify';
import { contactExchanges } from '../schema';
import { reachableUser, requireAttendance } from './connections';
import { areConnected } from './relations';
import type { UserRow } from './users';

type ExchangeRow = typeof contactExchanges.$inferSelect;

/** The sender's name shows: sharing one's details is choosing to be known. */
export const toContactExchange = (r: ExchangeRow, sender: Pick<UserRow, 'name'>): ContactExchange => ({
  id: r.id,
  from_user: r.fromUser,
  from_name: sender.name,
  to_user: r.toUser,
  exchange_type: r.exchangeType as ExchangeType,
  contact_data: { ...r.contactData },
  event_id: r.eventId,
  created_at: r.createdAt.toISOString(),
});

const TYPE_LABEL: Record<ExchangeType, string> = {
  social_media: 'social media details',
  business_card: 'business card',
  phone: 'phone number',
  email: 'email address',
};

export async function sendContactExchange(
  app: FastifyInstance,
  me: UserRow,
  body: { to_user: string; exchange_type: ExchangeType; contact_data: Record<string, string>; event_id: string | null },
): Promise<ContactExchange> {
  const now = app.clock();
  if (body.to_user === me.id) throw badRequest('to_user: you cannot exchange contact details with yourself');
  const other = await reachableUser(app.db, me.id, body.to_user, now);
  if (!other) throw notFound('User not found');
  if (body.event_id) await requireAttendance(app.db, body.event_id, me.id);
  // Safe space mode: only connections reach the person, details included.
  if (!canMessage(await areConnected(app.db, me.id, other.id), other.safeSpaceMode)) throw forbidden(SAFE_SPACE_DETAIL);

  const [row] = await app.db
    .insert(contactExchanges)
    .values({
      fromUser: me.id,
      toUser: other.id,
      eventId: body.event_id,
      exchangeType: body.exchange_type,
      contactData: body.contact_data,
      createdAt: now,
    })
    .returning();
  const exchange = toContactExchange(row!, me);
  const live: LiveServerMessage = { type: 'contact_exchange_request', exchange };
  await app.realtime.toUsers([other.id], live);
  await notify(app, other.id, {
    kind: 'contact_exchange',
    title: 'Contact details shared with you',
    content: `${me.name} shared their ${TYPE_LABEL[body.exchange_type]} with you.`,
  });
  return exchange;
}
