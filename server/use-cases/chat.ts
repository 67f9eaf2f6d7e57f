/**
 * One-to-one chat, ice breakers and contact exchange. Only people who may reach each
 * other chat: a block looks like an unknown id, and safe space mode takes messages from
 * connections only (access/people.ts). A message is stored, then published to both.
 */
import { IdSchema } from '../../contract/common';
import { eventActivity } from '../cache/analytics';
import type { ExchangeType, MessageType } from '../../contract/constants';
import type { IceBreaker } from '../../contract/discovery';
import type { LiveServerMessage } from '../../contract/live';
import type { ChatBreakAnswer, ChatMessage, ChatMute, ChatPartner, ContactExchange } from '../../contract/social';
import { closingLineText, type ClosingLineId } from '../../contract/exit-plan';
import {
  chatHistory as readHistory,
  findByClientId,
  findChatCursor,
  findPairIceBreaker,
  insertChatMessage,
} from '../db/repositories/chat';
import { insertContactExchange } from '../db/repositories/contact-exchange';
import { toContactExchange } from '../presenters/cards';
import { toChatMessage } from '../presenters/chat';
import { deleteMute, isMuted, mutesOf, upsertMute } from '../db/repositories/mutes';
import { storeUsedIceBreaker } from '../db/repositories/ice-breakers';
import { pseudonymHolder } from '../db/repositories/pseudonyms';
import { offeredIceBreakers } from '../presenters/ice-breakers';
import type { EventInfo } from '../cache/event-people';
import type { CompatProfile } from '../domain/compatibility';
import { candidateOf } from '../db/repositories/people';
import type { UserRow } from '../db/repositories/users';
import { isBanActive } from '../domain/bans';
import { eventForAttendee } from '../access/events';
import { asAsked, echoAs, idKnownBy, knownPerson, mayWriteTo, notSelf, reachablePerson, resolvePerson, writePermission } from '../access/people';
import { compatProfileOf, publicProfileOf } from '../domain/nearby';
import { inQuietZone } from '../db/repositories/quiet';
import { atOnce } from '../db/client';
import { chatPartnerAs, projectFor, quietToStrangers } from '../domain/visibility';
import { badRequest, notFound } from '../core/errors';
import { links, notify } from './notify';
import { englishOf, sentence, type Said, type SaidValue } from '../../contract/said';
import { nameOf, PAGE_SIZE_MAX } from '../../contract/constants';
import { keptReads } from '../cache/kept';
import { keptOwnList, keptRestOf, keptUserRow } from '../cache/people';
import { announceKept, tag } from '../cache/tags';
import { relationsOf } from '../cache/relations';
import type { Ctx } from './context';

/**
 * The other person of a chat, or 404: unknown or blocked either way. History stays
 * readable when the other has left or is banned; new messages do not go to them.
 */
async function chatPartner(ctx: Ctx, me: UserRow, otherId: string, opts: { sending: boolean; about?: boolean }): Promise<UserRow> {
  notSelf(me.id, otherId, opts.sending ? 'to_user' : 'otherUserId', 'chat');
  // Reads about the person need the two to know of each other (issue 40); a stranger is as unknown.
  return (opts.about ? knownPerson : reachablePerson)(ctx.db, me.id, otherId, ctx.clock(), { anyState: !opts.sending });
}

/**
 * GET /chat/{otherUserId}/partner: the other person as the user may see them in the chat
 * (domain/visibility.ts `chatPartnerAs`), for opening a chat from its address: someone
 * the user may know of (access/people.ts mayKnowOf); anyone else answers as an unknown id.
 */
export function chatPartnerView(ctx: Ctx, me: UserRow, asked: string): Promise<ChatPartner> {
  return asAsked(ctx.db, me.id, asked, ctx.clock(), null, (otherId) => partnerView(ctx, me, otherId, asked));
}

/** chatPartnerView of the person's own id; `asked` is the id the chat was opened with (their pseudonym, if so). */
async function partnerView(ctx: Ctx, me: UserRow, otherId: string, asked: string): Promise<ChatPartner> {
  const now = ctx.clock();
  const other = await chatPartner(ctx, me, otherId, { sending: false, about: true });
  // Whether a message would be taken now (the rule of POST /chat/send), so the app offers the input only then.
  const reachable = other.isActive && !isBanActive(other, now);
  const { connected, refusal } = await writePermission(ctx.db, me.id, other, now);
  const seen = chatPartnerAs(me.id, candidateOf(other, now), { connected, blockedEitherWay: false, inRestrictedZone: false }, asked);
  return { ...seen, can_message: reachable && refusal === null };
}

/**
 * A page of the chat, oldest first: the `limit` newest messages before `before` (a
 * message id of this chat, or a date and time).
 */
export function chatHistory(ctx: Ctx, me: UserRow, asked: string, q: { before?: string; limit: number }): Promise<ChatMessage[]> {
  return asAsked(ctx.db, me.id, asked, ctx.clock(), null, (otherId) => historyWith(ctx, me, otherId, q));
}

async function historyWith(ctx: Ctx, me: UserRow, otherId: string, q: { before?: string; limit: number }): Promise<ChatMessage[]> {
  const other = await chatPartner(ctx, me, otherId, { sending: false });
  let before: { createdAt: Date; id: string } | Date | undefined;
  if (q.before !== undefined) {
    if (IdSchema.safeParse(q.before).success) {
      const cursor = await findChatCursor(ctx.db, me.id, other.id, q.before);
      if (!cursor) throw badRequest(/*i18n*/ { id: 'error.field.beforeNotMessage', message: 'before: is not a message of this chat' });
      before = cursor;
    } else {
      before = new Date(q.before);
    }
    return (await readHistory(ctx.db, me.id, other.id, { before, limit: q.limit })).map(toChatMessage);
  }
  // The newest page of a pair is kept until either of them sends or reads (cache/kept.ts).
  const [a, b] = me.id < other.id ? [me.id, other.id] : [other.id, me.id];
  const newest = await keptReads(ctx.db).read(tag.chat(a, b), ctx.clock().getTime(), async () => ({
    value: (await readHistory(ctx.db, a, b, { limit: PAGE_SIZE_MAX })).map(toChatMessage),
    tags: [tag.chat(a, b), tag.inbox(a), tag.inbox(b), tag.user(a), tag.user(b)],
  }));
  return newest.slice(Math.max(0, newest.length - q.limit));
}

/**
 * What `viewer` may see of `subject` now, as ice breakers are built from it (DESIGN 5):
 * hidden interests or occupation never reach a suggestion.
 */
function profileSeenBy(viewer: UserRow, subject: UserRow, connected: boolean, now: Date): CompatProfile {
  const candidate = candidateOf(subject, now);
  // Only what is shown of them counts here, not the id they are shown by.
  const seen = projectFor(viewer.id, candidate, { connected, blockedEitherWay: false, inRestrictedZone: false }, 'person', subject.id);
  return seen
    ? publicProfileOf(seen, subject.socialBattery)
    : { ...compatProfileOf(candidate, subject.socialBattery), interests: [], occupation: null };
}

/** The ice breakers `viewer` is offered towards `subject` at `event` (or at none), with their ids. */
function offeredTo(viewer: UserRow, subject: UserRow, connected: boolean, event: EventInfo | null, now: Date): IceBreaker[] {
  const mine = { id: viewer.id, profile: compatProfileOf(candidateOf(viewer, now), viewer.socialBattery) };
  return offeredIceBreakers(mine, [{ id: subject.id, profile: profileSeenBy(viewer, subject, connected, now) }], event).get(subject.id) ?? [];
}

/**
 * The actor's ice breakers towards the other (at an event the actor attends, or none),
 * built only from what the other lets the actor see now. The same suggestions, with the
 * same ids, as nearby people gives for the pair.
 */
export function iceBreakersWith(ctx: Ctx, me: UserRow, asked: string, eventId: string | null): Promise<IceBreaker[]> {
  return asAsked(ctx.db, me.id, asked, ctx.clock(), eventId, async (otherId) => {
    // Asked by a pseudonym, the suggestions are those of its event: ids made without one
    // would be the same for each of the person's pseudonyms, and so link them (issue 40).
    const at = eventId ?? (otherId === asked ? null : ((await pseudonymHolder(ctx.db, asked, me.id))?.eventId ?? null));
    return iceBreakersTowards(ctx, me, otherId, at);
  });
}

async function iceBreakersTowards(ctx: Ctx, me: UserRow, otherId: string, eventId: string | null): Promise<IceBreaker[]> {
  const other = await chatPartner(ctx, me, otherId, { sending: true, about: true });
  const now = ctx.clock();
  const event = eventId ? await eventForAttendee(ctx.db, eventId, me.id, now) : null;
  const connected = (await relationsOf(ctx.db, me.id, now)).connected.has(other.id);
  return offeredTo(me, other, connected, event, now);
}

/**
 * The stored id of the ice breaker a message names, or null if it is none of this chat's:
 * one offered now to either of the pair (at the message's event or at none) is stored
 * here, as the message is about to name it; one no longer offered (built on something
 * hidden since) counts if a message used it before.
 */
async function usedIceBreaker(ctx: Ctx, me: UserRow, other: UserRow, connected: boolean, event: EventInfo | null, id: string, now: Date): Promise<string | null> {
  for (const [viewer, subject] of [[me, other], [other, me]] as const) {
    for (const at of event ? [event, null] : [null]) {
      const offered = offeredTo(viewer, subject, connected, at, now).find((ib) => ib.id === id);
      if (!offered) continue;
      await storeUsedIceBreaker(ctx.db, {
        id,
        viewerId: viewer.id,
        otherId: subject.id,
        eventId: at?.id ?? null,
        suggestionText: offered.suggestion_text,
        category: offered.category,
        at: now,
      });
      return id;
    }
  }
  return findPairIceBreaker(ctx.db, me.id, other.id, id);
}

const PREVIEW_MAX = 80;
const preview = (s: string): string => (s.length > PREVIEW_MAX ? `${s.slice(0, PREVIEW_MAX - 1)}…` : s);

interface SendBody {
  to_user: string;
  message: string;
  event_id: string | null;
  message_type: MessageType;
  ice_breaker_id: string | null;
  client_id: string | null;
}

/**
 * POST /chat/send: checks, stores (once per client_id), publishes to both, notifies if
 * away. `to_user` may be the recipient's pseudonym at the message's event (issue 40).
 */
export function sendChatMessage(ctx: Ctx, me: UserRow, body: SendBody): Promise<ChatMessage> {
  return asAsked(ctx.db, me.id, body.to_user, ctx.clock(), body.event_id, async (to) => {
    // Ice breakers offered for a pseudonym without an event are its event's (iceBreakersWith).
    const iceAt = body.event_id ?? (body.message_type === 'ice_breaker' && to !== body.to_user ? ((await pseudonymHolder(ctx.db, body.to_user, me.id))?.eventId ?? null) : null);
    return sendTo(ctx, me, { ...body, to_user: to }, body.to_user, iceAt);
  });
}

/**
 * sendChatMessage to the recipient's own id; `asked` is the id the sender named them by,
 * which the sender's copies carry; `iceAt` the event whose ice breakers the message may use.
 */
async function sendTo(ctx: Ctx, me: UserRow, body: SendBody, asked: string, iceAt: string | null = body.event_id): Promise<ChatMessage> {
  const now = ctx.clock();
  // Who may write to whom is read while the outbox's retry is looked for (one wait, not two).
  const checks = (async () => {
    const other = await chatPartner(ctx, me, body.to_user, { sending: true });
    const [event, connected] = await atOnce([body.event_id ? eventForAttendee(ctx.db, body.event_id, me.id, now) : null, mayWriteTo(ctx.db, me.id, other, now)]);
    return { other, connected, event };
  })();
  checks.catch(() => {}); // its refusal is thrown below, or not at all for a retry
  // A retry from the offline outbox: answer the message already stored, publish nothing twice.
  const repeat = body.client_id ? await findByClientId(ctx.db, me.id, body.client_id) : null;
  if (repeat) return toChatMessage(repeat);
  // Only new messages count: an outbox sending its retries again is not flooding.
  await ctx.limits.message(me.id);

  const { other, connected, event } = await checks;

  let iceBreakerId: string | null = null;
  if (body.message_type === 'ice_breaker') {
    if (!body.ice_breaker_id) throw badRequest(/*i18n*/ { id: 'error.field.iceBreakerRequired', message: 'ice_breaker_id: is required for an ice_breaker message' });
    const iceEvent = event ?? (iceAt ? await eventForAttendee(ctx.db, iceAt, me.id, now) : null);
    iceBreakerId = await usedIceBreaker(ctx, me, other, connected, iceEvent, body.ice_breaker_id, now);
    if (!iceBreakerId) throw badRequest(/*i18n*/ { id: 'error.field.iceBreakerNotHere', message: 'ice_breaker_id: is not an ice breaker of this chat' });
  }

  // Whether the recipient muted this chat (issue 18 item 3, below) or is in a quiet zone
  // is read beside the insert: one round trip to the database instead of three.
  const [stored, muted, recharging, rest] = await Promise.all([
    insertChatMessage(ctx.db, {
      fromUser: me.id,
      toUser: other.id,
      eventId: body.event_id,
      message: body.message,
      messageType: body.message_type,
      iceBreakerId,
      clientId: body.client_id,
      at: now,
    }),
    isMuted(ctx.db, other.id, me.id, now),
    inQuietZone(ctx.db, [other.id], now),
    // A chat resting for both (issue 43 item 5) comes quietly to either; notify.ts pushes nothing of it.
    keptRestOf(ctx.db, me.id, other.id, now),
  ]);
  // Not stored: the same client_id won a race a moment ago.
  const row = stored ?? (body.client_id ? await findByClientId(ctx.db, me.id, body.client_id) : null);
  if (!row) throw new Error('chat message was neither stored nor found');
  const message = toChatMessage(row);
  if (!stored) return message;
  eventActivity(ctx.db, body.event_id);
  // Both inboxes take it in place, the chat's newest page is read again (followReadMarks).
  ctx.lifecycle.emit('chat.sent', message);

  // Both parties: the sender's other devices show it too. To someone whose energy is low
  // a stranger's message comes quietly: listed, with no toast (issue 18).
  // A chat the recipient muted with "I need a break" (issue 18 item 3) is quiet too, and
  // makes no notification; the sender is never told (nothing they get differs).
  // A notification only for someone not holding the live channel open somewhere: whether
  // they are is asked while both are told (one wait, not three).
  // The recipient's copy names the sender as their chat with them does (the toast of a first message).
  // Each side's copy names the other as they know them: the sender's by the id they wrote
  // to, the recipient's by the sender's pseudonym where the sender is anonymous to them.
  const live: LiveServerMessage = { type: 'new_message', message };
  const rel = { connected, blockedEitherWay: false, inRestrictedZone: false };
  // One-to-one spaces name a person by one pseudonym whatever event a message names (the
  // latest event the two share), so the recipient's toast, notification and inbox agree.
  const meAsKnown = (await idKnownBy(ctx.db, other.id, me, now)) ?? me.id;
  const toOther: LiveServerMessage = echoAs(
    { ...live, from_name: chatPartnerAs(other.id, candidateOf(me, now), rel, meAsKnown).name },
    me.id,
    meAsKnown,
  );
  const [, , online] = await Promise.all([
    ctx.realtime.toUsers([me.id], echoAs(live, other.id, asked)),
    ctx.realtime.toUsers([other.id], muted || rest !== null || hushed(other, connected, recharging.has(other.id)) ? { ...toOther, quiet: true } : toOther),
    muted || (ctx.realtime.isOnline?.(other.id) ?? false),
  ]);
  if (!online) {
    const asSeen = projectFor(other.id, candidateOf(me, now), rel, 'person', meAsKnown);
    await notify(ctx, other.id, {
      kind: 'chat_message',
      fromUserId: me.id,
      title: NEW_MESSAGE_TITLE,
      content: newMessageContent({ name: asSeen ? nameOf(asSeen.name) : SOMEONE, preview: preview(body.message) }),
      link: links.chat(meAsKnown),
    });
  }
  return message;
}

/**
 * A live ping to `other` comes quietly (issue 18): from a stranger while their energy is
 * low, or from anyone while they are in a quiet zone (held until they leave it).
 */
function hushed(other: UserRow, connected: boolean, inQuietZoneNow: boolean): boolean {
  return inQuietZoneNow || (!connected && quietToStrangers({ social_battery: other.socialBattery, privacy: { quiet_when_low_battery: other.quietWhenLowBattery } }));
}

/**
 * POST /chat/break (issue 18 item 3): the chosen closing line goes as an ordinary text
 * message, by the very rules of POST /chat/send (who may write, blocks, the rate limit, the
 * live `new_message`); only once it is sent is the chat muted for the sender, until now +
 * `muteMinutes` (a second break replaces the first's end).
 */
export async function takeChatBreak(
  ctx: Ctx,
  me: UserRow,
  body: { to_user: string; line_id: ClosingLineId; mute_minutes: number; event_id: string | null },
): Promise<ChatBreakAnswer> {
  const text = closingLineText(body.line_id);
  if (!text) throw badRequest(/*i18n*/ { id: 'error.field.lineNotClosing', message: 'line_id: is not a closing line' });
  return asAsked(ctx.db, me.id, body.to_user, ctx.clock(), body.event_id, async (to) => {
    const message = await sendTo(
      ctx,
      me,
      { to_user: to, message: text, event_id: body.event_id, message_type: 'text', ice_breaker_id: null, client_id: null },
      body.to_user,
    );
    const until = new Date(ctx.clock().getTime() + body.mute_minutes * 60_000);
    await upsertMute(ctx.db, me.id, to, until);
    announceKept(ctx, [tag.mutes(me.id)]);
    return { message, muted_until: until.toISOString() };
  });
}

/** GET /chat/mutes: the chats the user has muted, while the mute lasts. */
export async function chatMutes(ctx: Ctx, me: UserRow): Promise<ChatMute[]> {
  // Kept from the last read until a break or an unmute of mine; each ends by time alone.
  const rows = await keptOwnList(ctx, 'mutes', me.id, () => mutesOf(ctx.db, me.id, ctx.clock()), () => null, { own: [tag.mutes(me.id)] });
  const at = ctx.clock();
  const now = at.getTime();
  // Each chat named as the inbox names it: someone anonymous to me by their pseudonym (issue 40).
  const known = async (id: string) => {
    const row = await keptUserRow({ db: ctx.db }, id, at);
    return (row && (await idKnownBy(ctx.db, me.id, row, at))) ?? id;
  };
  return Promise.all(rows.filter((r) => r.until.getTime() > now).map(async (r) => ({ user_id: await known(r.otherUserId), until: r.until.toISOString() })));
}

/** DELETE /chat/{otherUserId}/mute: the chat is loud again; 404 when it was not muted (or the mute is over). */
export async function unmuteChat(ctx: Ctx, me: UserRow, asked: string): Promise<void> {
  const otherId = await resolvePerson(ctx.db, me.id, asked, ctx.clock());
  const ended = await deleteMute(ctx.db, me.id, otherId, ctx.clock());
  announceKept(ctx, [tag.mutes(me.id)]);
  if (!ended) throw notFound(/*i18n*/ { id: 'error.chatNotMuted', message: 'This chat is not muted.' });
}

const TYPE_LABEL: Record<ExchangeType, string> = {
  social_media: 'social media details',
  business_card: 'business card',
  phone: 'phone number',
  email: 'email address',
};

// A person's notifications of what reaches them in a chat (SPEC 7), said in their language by the app.
const NEW_MESSAGE_TITLE: Said = /*i18n*/ { id: 'notification.newMessage.title', message: 'New message' };
const SOMEONE: Said = /*i18n*/ { id: 'people.someone', message: 'Someone' };
const newMessageContent = sentence(
  /*i18n*/ { id: 'notification.newMessage.content', message: '{name}: {preview}' },
  ({ name, preview }: { name: SaidValue; preview: string }) => `${englishOf(name)}: ${preview}`,
);
const SHARED_TITLE: Said = /*i18n*/ { id: 'notification.contactShared.title', message: 'Contact details shared with you' };
const sharedContent = sentence(
  /*i18n*/ {
    id: 'notification.contactShared.content',
    message:
      '{name} shared their {what, select, social_media {social media details} business_card {business card} phone {phone number} other {email address}} with you.',
  },
  ({ name, what }: { name: string; what: string }) => `${name} shared their ${TYPE_LABEL[what as ExchangeType] ?? TYPE_LABEL.email} with you.`,
);

/**
 * POST /contact-exchange: stored as a card offered to the other person (their Cards list,
 * issue 18), then offered live (a toast) and as a notification that links to Cards.
 */
export function sendContactExchange(ctx: Ctx, me: UserRow, body: ExchangeBody): Promise<ContactExchange> {
  return asAsked(ctx.db, me.id, body.to_user, ctx.clock(), body.event_id, (to) => exchangeWith(ctx, me, { ...body, to_user: to }));
}

type ExchangeBody = { to_user: string; exchange_type: ExchangeType; contact_data: Record<string, string>; event_id: string | null };

async function exchangeWith(ctx: Ctx, me: UserRow, body: ExchangeBody): Promise<ContactExchange> {
  const now = ctx.clock();
  notSelf(me.id, body.to_user, 'to_user', 'exchange');
  const other = await reachablePerson(ctx.db, me.id, body.to_user, now);
  if (body.event_id) await eventForAttendee(ctx.db, body.event_id, me.id, now);
  // Strangers share details only at a shared event; in safe space mode, connections only.
  const connected = await mayWriteTo(ctx.db, me.id, other, now);
  const [stored, recharging] = await Promise.all([
    insertContactExchange(ctx.db, me.id, {
      toUser: other.id,
      eventId: body.event_id,
      exchangeType: body.exchange_type,
      contactData: body.contact_data,
      at: now,
    }),
    inQuietZone(ctx.db, [other.id], now),
  ]);
  const exchange = toContactExchange(stored, me);
  announceKept(ctx, [tag.cards(me.id), tag.cards(other.id)]);
  // To someone whose energy is low, a stranger's card comes quietly (issue 18): no toast.
  const live: LiveServerMessage = { type: 'contact_exchange_request', exchange };
  await ctx.realtime.toUsers([other.id], hushed(other, connected, recharging.has(other.id)) ? { ...live, quiet: true } : live);
  await notify(ctx, other.id, {
    kind: 'contact_exchange',
    fromUserId: me.id,
    title: SHARED_TITLE,
    content: sharedContent({ name: me.name, what: body.exchange_type }),
    // The card is kept in the Cards list (issue 18); the notification never holds the details.
    link: links.cards,
  });
  return exchange;
}
