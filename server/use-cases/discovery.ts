/**
 * SPEC 7 "Events and discovery": nearby people, recommendations, safe zones, position
 * reports and micro-communities. Only attendees see an event's people, zones and
 * communities (access/events.ts); who shows and how is DESIGN 5's `projectFor`. The
 * event's people come from the kept copy (server/cache/event-people.ts).
 */
import type { MicroCommunity, SafeZone } from '../../contract/discovery';
import type { EventPeople } from '../cache/event-people';
import { eventPeopleFor } from '../cache/event-people';
import { communitiesAsSeen, joinCommunity as storeMembership } from '../db/repositories/communities';
import { eventCommunities } from '../cache/shared-spaces';
import { offeredIceBreakersJson } from '../presenters/ice-breakers';
import { keepReport, maybePurgeExpiredLocations } from '../db/repositories/locations';
import { candidateOf } from '../db/repositories/people';
import type { UserRow } from '../db/repositories/users';
import { JOIN_TO_SEE, attendedEvent, communityForAttendee, eventForAttendee } from '../access/events';
import { itemKey, prepareProfile } from '../domain/compatibility';
import { type Point, currentZone, reportRestricted, squareRestricted, walkable } from '../domain/geo';
import {
  type EntryParts,
  type RankedPerson,
  compatProfileOf,
  compatibilityWith,
  helloShown,
  nearbyJson,
  openingMovesAs,
  publicProfileOf,
  quietMayBeTold,
  quietsNow,
  rechargingAs,
  shownUser,
} from '../domain/nearby';
import { type RankOptions, rankPage } from '../domain/ranking';
import { announceKept, tag } from '../cache/tags';
import { relationsOf, standingWith } from '../cache/relations';
import type { Ctx } from './context';
import { QUIET_SUMMARY } from '../../contract/safety-words';
import { heldSince } from '../db/repositories/quiet';
import { notify } from './notify';
import type { Said } from '../../contract/said';

/**
 * Ice breakers come with the first ICE_BREAKER_ENTRIES entries of an answer only, and
 * an empty list after them: a list of a thousand would send five suggestions per person
 * nobody scrolls to. The top entries are the people someone is likely to talk to; the
 * rest get theirs when a chat opens (GET /ice-breakers/{otherUserId}). Those few are
 * generated from what the pair shares, with the ids their content gives them, without
 * reading or storing anything (offeredIceBreakersJson).
 */
export const ICE_BREAKER_ENTRIES = 20;
export const RECOMMENDED_PEOPLE = 10;

/** The event's people for an attendee: 404 unknown event, 403 with `refusal` otherwise. */
async function peopleFor(ctx: Ctx, eventId: string, me: UserRow, refusal: Said, now: Date): Promise<EventPeople> {
  const found = await eventPeopleFor(ctx.db, eventId, me.id, now);
  return attendedEvent(found && { event: found.people, attending: found.attending }, refusal);
}

/**
 * A page of the people the viewer may see at the event, best first. The viewer is
 * taken from their session's row (a few seconds old at most; the kept copy of the
 * event may be a moment old too).
 */
function ranked(people: EventPeople, me: UserRow, now: Date, opts: RankOptions) {
  const viewer = { candidate: candidateOf(me, now), location: people.attendees.get(me.id)?.location ?? null };
  const viewerProfile = prepareProfile(compatProfileOf(viewer.candidate, me.socialBattery));
  const relations = { connected: people.connected.get(me.id), blocked: people.blocked.get(me.id) };
  // Issue 43: someone open to a hello (as others see them now) meets the others who are first.
  const mine = people.attendees.get(me.id);
  const helloFirstAt = mine && helloShown(mine, now.getTime()) ? now.getTime() : undefined;
  return { viewerProfile, page: rankPage(people.ranking, viewer, viewerProfile, relations, { ...opts, helloFirstAt }) };
}

/** The parts of each answered entry: who is shown, how well they match, what to say. */
async function entryPartsOf(
  ctx: Ctx,
  people: EventPeople,
  me: UserRow,
  viewerProfile: ReturnType<typeof prepareProfile>,
  page: RankedPerson[],
  purpose: 'nearby' | 'recommendations',
  now: Date,
): Promise<EntryParts[]> {
  const shown = page.map((ranked) => ({ ranked, shown: shownUser(me.id, ranked, purpose) }));
  const relations = relationsOf(ctx.db, me.id, now);
  const ice = offeredIceBreakersJson(
    { id: me.id, profile: compatProfileOf(candidateOf(me, now), me.socialBattery) },
    // By the person's own id (shown.user.id may be their pseudonym): ice breakers' ids and
    // standings are the pair's, whichever id the viewer knows them by.
    shown.slice(0, ICE_BREAKER_ENTRIES).map(({ ranked, shown }) => ({
      id: ranked.person.candidate.id,
      profile: publicProfileOf(shown.user, ranked.person.social_battery),
    })),
    people.event,
  );
  const rel = await relations;
  return shown.map(({ ranked, shown }) => ({
    ranked,
    shown,
    compatibility: compatibilityWith(viewerProfile, ranked),
    ice_breakers: ice.get(ranked.person.candidate.id) ?? '[]',
    connection_status: standingWith(rel, ranked.person.candidate.id, now),
    recharging: rechargingAs(ranked.person, ranked.relation.connected, now.getTime()),
    opening_moves: openingMovesAs(ranked),
    open_to_hello: helloShown(ranked.person, now.getTime()),
  }));
}

/**
 * GET /discover: the hottest call. Its answer is JSON put together from typed values and
 * kept fragments (nearbyJson), so it is not validated or serialised again on the way out.
 */
export async function discoverJson(ctx: Ctx, me: UserRow, eventId: string, page: { offset: number; limit: number }): Promise<string> {
  const now = ctx.clock();
  const people = await peopleFor(ctx, eventId, me, JOIN_TO_SEE.people, now);
  const { viewerProfile, page: best } = ranked(people, me, now, { purpose: 'nearby', ...page });
  return nearbyJson(await entryPartsOf(ctx, people, me, viewerProfile, best, 'nearby', now));
}

/**
 * GET /recommendations: the best matches not yet connected, and the interest groups that
 * share the viewer's interests. Written out as nearby people is (nearbyJson): validating
 * and serialising its entries again on the way out took a tenth of its time.
 */
export async function recommendationsJson(ctx: Ctx, me: UserRow, eventId: string): Promise<string> {
  const now = ctx.clock();
  const people = await peopleFor(ctx, eventId, me, JOIN_TO_SEE.people, now);
  const { viewerProfile, page: best } = ranked(people, me, now, {
    purpose: 'recommendations',
    withoutConnections: true,
    limit: RECOMMENDED_PEOPLE,
  });
  const mine = new Set(me.interests.map(itemKey));
  const communities = communitiesAsSeen(await eventCommunities(ctx.db, people.event.id, now), me.id)
    .filter((c) => mine.has(itemKey(c.interest_tag)))
    // Stable sort: by name within each group, as listed.
    .sort((a, b) => Number(a.is_member) - Number(b.is_member));
  const parts = await entryPartsOf(ctx, people, me, viewerProfile, best, 'recommendations', now);
  // The groups are the schema's fields exactly (communitiesAsSeen).
  return `{"people":${nearbyJson(parts)},"communities":${JSON.stringify(communities)}}`;
}

export async function safeZones(ctx: Ctx, me: UserRow, eventId: string): Promise<SafeZone[]> {
  return (await peopleFor(ctx, eventId, me, JOIN_TO_SEE.zones, ctx.clock())).zones;
}

export async function zoneCheck(ctx: Ctx, me: UserRow, eventId: string, point: Point): Promise<{ current_zone: SafeZone | null }> {
  const { zones } = await peopleFor(ctx, eventId, me, JOIN_TO_SEE.zones, ctx.clock());
  return { current_zone: currentZone(zones, point) };
}

/**
 * A position report (every 10 s while the app is open at the event). It always answers
 * the zone the person is in. It is kept for others' distances only when it is shared
 * (show_location), the event is not over, and it is one a person could have walked to
 * from the last one kept (DESIGN 5): a report that jumps is not used to work out anyone's
 * distance, so reporting made-up positions cannot triangulate somebody else.
 */
export async function reportLocation(ctx: Ctx, me: UserRow, eventId: string, point: Point): Promise<{ current_zone: SafeZone | null }> {
  const now = ctx.clock();
  const people = await peopleFor(ctx, eventId, me, JOIN_TO_SEE.location, now);
  const zone = currentZone(people.zones, point);
  const shared = me.showLocation && people.event.endTime > now;
  const kept = people.attendees.get(me.id)?.location ?? null;
  // A jump keeps the last position for everyone's distances, but where the person says they
  // are still decides what hides or hushes them, as the zone answered tells them (issue 39:
  // presence and the zone banner say one thing); a restricted zone is then kept as unseen.
  const walked = !shared || walkable(kept, point, now.getTime());
  // Without a stored position, auto-hide still needs the zone check's answer.
  const fix = shared ? (walked ? { ...point, at: now.getTime() } : kept) : null;
  // A quiet zone holds the person's pings while the event is on (issue 18), not before (issue 39).
  const quietZone = zone && quietsNow(zone, people.event, now) ? zone : null;
  const quietZoneId = quietZone?.id ?? null;
  // Auto-hide (issue 40, geo.ts zoneMayShow): by the square of the position others' distances
  // come from; without one (hidden location, or a jump), by the zone reported, if a square wide.
  const unseen = (!shared || !walked) && reportRestricted(people.zones, point);
  const restricted = unseen || squareRestricted(people.zones, fix);
  const outcome = await keepReport(ctx.db, { userId: me.id, eventId, point: fix, restrictedUnseen: unseen, quietZoneId, at: now });
  // Whether others are told of the quiet zone is judged on the position they work distances from (quietMayBeTold).
  // Every instance's copy of the event's people takes it in place, this one's first (followPositions).
  const note = { at: now.getTime(), fix, restricted, quietAt: quietZone ? now.getTime() : null, quietTold: quietMayBeTold(quietZone, fix) };
  ctx.lifecycle.emit('position.kept', eventId, me.id, note);
  if (outcome.leftQuietEnteredAt) await tellWhatWasHeld(ctx, me.id, outcome.leftQuietEnteredAt);
  // The hub coalesces these per event (DESIGN 6: a burst causes one refresh).
  await ctx.realtime.toEvent(eventId, { type: 'location_update', event_id: eventId });
  // Retention (DESIGN 5: deleted a day after the event ends), at most once a minute.
  await maybePurgeExpiredLocations(ctx.db, now);
  return { current_zone: zone };
}

/** On leaving a quiet zone: one calm notification of what came in meanwhile, if anything did (issue 18). */
async function tellWhatWasHeld(ctx: Ctx, userId: string, since: Date): Promise<void> {
  const held = await heldSince(ctx.db, userId, since);
  if (held.messages + held.requests + held.cards + held.other === 0) return;
  await notify(ctx, userId, { kind: 'quiet_summary', title: QUIET_SUMMARY.title, content: QUIET_SUMMARY.content(held), link: null });
}

export async function communities(ctx: Ctx, me: UserRow, eventId: string): Promise<MicroCommunity[]> {
  const now = ctx.clock();
  await eventForAttendee(ctx.db, eventId, me.id, now, JOIN_TO_SEE.communities);
  return communitiesAsSeen(await eventCommunities(ctx.db, eventId, now), me.id);
}

export async function joinCommunity(ctx: Ctx, me: UserRow, communityId: string): Promise<void> {
  const community = await communityForAttendee(ctx.db, communityId, me.id);
  await storeMembership(ctx.db, community, me.id, ctx.clock());
  // The event's feed and communities, and the member's group chats and inbox.
  announceKept(ctx, [tag.event(community.eventId), tag.user(me.id)]);
}
