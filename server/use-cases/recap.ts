/**
 * The recap of an event (issue 43 item 4): whom the person connected with, chatted with,
 * met or exchanged contact details with at the event, from the moment they joined it,
 * each shown as the event shows them (domain/visibility.ts chatPartnerAs, by their
 * pseudonym at this event where they are anonymous to the reader: access/people.ts
 * idKnownBy). People blocked either way, deactivated, banned or deleted leave it. Notes
 * are the reader's alone; the vCard file holds only what each person shared with the
 * reader and has not taken back. The day after the event, a nudge offers it (once).
 *
 * The recap and its vCard file are kept reads per reader and event (cache/kept.ts),
 * retired on every instance by what they are made of: the reader's attendance, the event,
 * their relations (connections, blocks), one-to-one messages, meetings, card exchanges and
 * notes, and each person in it (their profile, business card, erasure).
 */
import { sweepEvery } from '../core/sweep';
import { EVENT_NOT_FOUND } from '../access/events';
import { idKnownBy, resolvePerson, USER_NOT_FOUND } from '../access/people';
import { keptReads } from '../cache/kept';
import { keptUserRow } from '../cache/people';
import { announceKept, tag } from '../cache/tags';
import { viewerContext } from '../cache/relations';
import { notFound } from '../core/errors';
import { candidateOf } from '../db/repositories/people';
import { attendanceOf, businessCardsOf, claimDueNudges, notesBy, recapContacts, saveNote, sharedWith } from '../db/repositories/recap';
import type { UserRow } from '../db/repositories/users';
import { vcard, type CardLine } from '../domain/vcard';
import { chatPartnerAs, exists } from '../domain/visibility';
import { isWebAddress } from '../../contract/text';
import { RECAP_HOW, type Recap } from '../../contract/recap';
import { sentence } from '../../contract/said';
import type { Ctx } from './context';
import { links, notify } from './notify';

const DAY = 86_400_000;
/** The nudge comes a day after the event ends; an event over for longer than a week is not nudged about any more. */
export const RECAP_NUDGE_AFTER_MS = DAY;
export const RECAP_NUDGE_UNTIL_MS = 7 * DAY;
export const RECAP_SWEEP_MS = 60_000;

/** The event, if the person attends it: anyone else (and a taken-down event) answers 404, as an unknown event. */
async function attendance(ctx: Ctx, eventId: string, me: UserRow) {
  const found = await attendanceOf(ctx.db, eventId, me.id);
  if (!found) throw notFound(EVENT_NOT_FOUND);
  return found;
}

/** What a recap of `eventId` for `meId` is made of, besides each person in it (keptRecap adds theirs). */
const readerTags = (eventId: string, meId: string) => [
  tag.user(meId),
  tag.profile(meId),
  tag.relations(meId),
  tag.joined(eventId, meId),
  tag.eventRow(eventId),
  tag.messages(meId),
  tag.meetings(meId),
  tag.cards(meId),
  tag.recapNotes(meId),
];

/** A kept read of the recap (or its vCard file) for `me` at `eventId`; `make` answers it from the people of the recap. */
function keptRecap<T>(ctx: Ctx, kind: string, eventId: string, me: UserRow, make: (people: Person[]) => Promise<T>): Promise<T> {
  const now = ctx.clock();
  return keptReads(ctx.db).read(`${kind}:${me.id}:${eventId}`, now.getTime(), async () => {
    const { people, contactIds } = await recapPeopleOf(ctx, eventId, me);
    // Everyone in the contacts, shown or not: one who was left out (blocked, deactivated) may come back.
    const tags = readerTags(eventId, me.id).concat(contactIds.flatMap((id) => [tag.user(id), tag.profile(id)]));
    return { value: await make(people), tags };
  });
}

/** The people of the recap as the reader may have them, by their real id, with how and the row. */
async function recapPeople(ctx: Ctx, eventId: string, me: UserRow) {
  return (await recapPeopleOf(ctx, eventId, me)).people;
}

/** recapPeople, and the ids of everyone the reader dealt with at the event (some of whom it leaves out). */
async function recapPeopleOf(ctx: Ctx, eventId: string, me: UserRow) {
  const now = ctx.clock();
  const at = await attendance(ctx, eventId, me);
  const [contacts, viewer] = await Promise.all([recapContacts(ctx.db, eventId, me.id, at.joinedAt, at.endTime), viewerContext(ctx.db, me.id, now)]);
  const people = await Promise.all(
    [...contacts].map(async ([id, how]) => {
      const row = await keptUserRow(ctx, id, now);
      // Blocked either way, deactivated, banned or gone: they leave the recap.
      if (!row || !exists(viewer, row)) return null;
      const connected = viewer.connected.has(id);
      const shownId = (await idKnownBy(ctx.db, me.id, row, now, eventId)) ?? id;
      const user = chatPartnerAs(me.id, candidateOf(row, now), { connected, blockedEitherWay: false, inRestrictedZone: false }, shownId);
      return { row, connected, user, how: RECAP_HOW.filter((h) => how.has(h)) };
    }),
  );
  return { people: people.filter((p) => p !== null), contactIds: [...contacts.keys()] };
}

/** GET /events/{id}/recap. */
export function recapOf(ctx: Ctx, eventId: string, me: UserRow): Promise<Recap> {
  return keptRecap(ctx, 'recap', eventId, me, async (people) => {
    const [notes, cards] = await Promise.all([notesBy(ctx.db, eventId, me.id), cardsFor(ctx, me, people)]);
    return {
      people: people
        .map((p) => ({ user: p.user, how: p.how, note: notes.get(p.row.id) ?? null, has_card: cards.has(p.row.id) }))
        .sort((a, b) => a.user.name.localeCompare(b.user.name) || a.user.id.localeCompare(b.user.id)),
    };
  });
}

/** PUT /events/{id}/recap/notes/{userId}: only about someone of the recap (anyone else: 404); empty clears it. */
export async function writeRecapNote(ctx: Ctx, eventId: string, me: UserRow, asked: string, note: string): Promise<string | null> {
  const now = ctx.clock();
  await attendance(ctx, eventId, me);
  const subjectId = await resolvePerson(ctx.db, me.id, asked, now, eventId);
  const people = await recapPeople(ctx, eventId, me);
  if (!people.some((p) => p.row.id === subjectId)) throw notFound(USER_NOT_FOUND);
  await saveNote(ctx.db, { eventId, writerId: me.id, subjectId, note, at: now });
  announceKept(ctx, [tag.recapNotes(me.id)]);
  return note === '' ? null : note;
}

type Person = Awaited<ReturnType<typeof recapPeopleOf>>['people'][number];

/** What each person shared with the reader, as vCard lines; only people with something shared. */
async function cardsFor(ctx: Ctx, me: UserRow, people: readonly Person[]): Promise<Map<string, { name: string; lines: CardLine[] }>> {
  const ids = people.map((p) => p.row.id);
  // A business card is shown to connections only (access/people.ts businessCardVisible).
  const connectedIds = people.filter((p) => p.connected).map((p) => p.row.id);
  const [shared, businessCards] = await Promise.all([sharedWith(ctx.db, me.id, ids), businessCardsOf(ctx.db, connectedIds)]);
  const out = new Map<string, { name: string; lines: CardLine[] }>();
  const linesOf = (id: string) => {
    const person = people.find((p) => p.row.id === id)!;
    // Sharing details shares one's name with them (presenters/cards.ts names the sender).
    return out.get(id) ?? out.set(id, { name: person.row.name, lines: [] }).get(id)!;
  };
  const link = (kind: string, value: string): CardLine =>
    isWebAddress(value) ? { name: 'URL', params: { type: kind }, value: { uri: value } } : { name: 'X-SOCIALPROFILE', params: { type: kind }, value };
  for (const card of businessCards) {
    const entry = linesOf(card.userId);
    if (card.name) entry.name = card.name;
    entry.lines.push(
      { name: 'ORG', value: [card.company] },
      { name: 'TITLE', value: card.title },
      { name: 'EMAIL', value: card.email },
      { name: 'TEL', value: card.phone },
    );
    if (card.linkedin) entry.lines.push(link('linkedin', card.linkedin));
    if (card.website) entry.lines.push(isWebAddress(card.website) ? { name: 'URL', value: { uri: card.website } } : { name: 'NOTE', value: card.website });
  }
  for (const ex of shared) {
    const entry = linesOf(ex.fromUser);
    for (const [key, value] of Object.entries(ex.contactData)) {
      if (key === 'email') entry.lines.push({ name: 'EMAIL', value });
      else if (key === 'phone') entry.lines.push({ name: 'TEL', value });
      else if (key === 'company') entry.lines.push({ name: 'ORG', value: [value] });
      else if (key === 'instagram' || key === 'twitter' || key === 'linkedin') entry.lines.push(link(key, value));
    }
  }
  for (const [id, entry] of out) if (!entry.lines.some((l) => (typeof l.value === 'string' ? l.value : Array.isArray(l.value) ? l.value.join('') : l.value.uri) !== '')) out.delete(id);
  return out;
}

/** GET /events/{id}/recap.vcf: one card per person of the recap who shared details with the reader. */
export function recapCards(ctx: Ctx, eventId: string, me: UserRow): Promise<string> {
  return keptRecap(ctx, 'recap-vcf', eventId, me, async (people) =>
    [...(await cardsFor(ctx, me, people)).values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((c) => vcard(c.name, [{ name: 'N', value: ['', c.name, '', '', ''] }, ...dedupe(c.lines)]))
      .join(''),
  );
}

const dedupe = (lines: CardLine[]): CardLine[] => {
  const seen = new Set<string>();
  return lines.filter((l) => {
    const key = JSON.stringify(l);
    return seen.has(key) ? false : (seen.add(key), true);
  });
};

const NUDGE_TITLE = sentence(
  /*i18n*/ { id: 'notification.recap.title', message: 'Your recap of {event}' },
  ({ event }: { event: string }) => `Your recap of ${event}`,
);
const NUDGE_CONTENT = sentence(
  /*i18n*/ {
    id: 'notification.recap.content',
    message: '{count, plural, one {You met # person} other {You met # people}} there. A short thank-you can mean a lot.',
  },
  ({ count }: { count: number }) => `You met ${count} ${count === 1 ? 'person' : 'people'} there. A short thank-you can mean a lot.`,
);

/** Sends the recap nudges due now, each once (whichever instance claims it), to people with someone in their recap. */
export async function sendDueRecapNudges(ctx: Ctx): Promise<number> {
  const now = ctx.clock();
  const due = await claimDueNudges(ctx.db, now, new Date(now.getTime() - RECAP_NUDGE_UNTIL_MS), new Date(now.getTime() - RECAP_NUDGE_AFTER_MS));
  let sent = 0;
  for (const { eventId, userId } of due) {
    const me = await keptUserRow(ctx, userId, now);
    if (!me || !me.isActive) continue;
    const people = await recapPeople(ctx, eventId, me).catch(() => []);
    if (people.length === 0) continue;
    const at = await attendanceOf(ctx.db, eventId, userId);
    await notify(ctx, userId, {
      kind: 'event_recap',
      title: NUDGE_TITLE({ event: at?.name ?? '' }),
      content: NUDGE_CONTENT({ count: people.length }),
      // The event view offers the recap once the event is over.
      link: links.event(eventId),
    });
    sent++;
  }
  return sent;
}

/** Runs sendDueRecapNudges every RECAP_SWEEP_MS on this instance, as meeting reminders are swept. Answers how to stop. */
export function sweepRecapNudges(ctx: Ctx): () => Promise<void> {
  return sweepEvery(ctx.log, RECAP_SWEEP_MS, 'sending recap nudges failed', () => sendDueRecapNudges(ctx));
}
