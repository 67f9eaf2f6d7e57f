/**
 * The people nearby on the event view, a page at a time (NEARBY_PAGE_DEFAULT, best
 * first): which page to ask for, how a refresh asks again for everyone shown, and how an
 * answer becomes the cards' people.
 */
import { NEARBY_PAGE_DEFAULT, PAGE_SIZE_MAX } from '../../contract/constants';
import type { NearbyEntry } from '../../contract/discovery';
import type { Api } from '../api/client';
import type { CardPerson } from '../people/user-card.machine';

type Ids = { userId: string; eventId: string };

export interface PeopleRequest {
  offset: number;
  count: number;
}
export type PeopleRange = Ids & PeopleRequest;

/**
 * `count` people from `offset`, best first, in pages of at most 100 (the server's
 * largest), stopping at a short page: fewer than `count` means there are no more.
 */
export async function loadNearbyRange(discover: Api['discover'], range: PeopleRange): Promise<NearbyEntry[]> {
  const entries: NearbyEntry[] = [];
  while (entries.length < range.count) {
    const limit = Math.min(PAGE_SIZE_MAX, range.count - entries.length);
    const page = await discover(range.userId, range.eventId, { offset: range.offset + entries.length, limit });
    entries.push(...page);
    if (page.length < limit) break;
  }
  return entries;
}

/**
 * The longest wait before the refresh that follows people moving. The live channel tells
 * every attendee of an event at the same moment; without a spread, everyone with the
 * event open would ask the server in the same instant, every 10 s. Spread over most of
 * the time until positions are next reported (LOCATION_INTERVAL_MS), the list still
 * follows every round of them, and 1,000 phones ask ~125 times a second instead of the
 * ~330 a 3-second spread made: that herd, every 10 s, held the server for 100-250 ms at
 * a time at a 1,000-person event (issue 15, 2026-11-29).
 */
export const MOVED_SPREAD_MS = 8_000;

/** A refresh asks again for everyone shown, at least a first page. */
export const shownRequest = (context: { cards: readonly unknown[] }): PeopleRequest => ({
  offset: 0,
  count: Math.max(NEARBY_PAGE_DEFAULT, context.cards.length),
});
/** The next page starts after the people shown. */
export const nextPageRequest = (context: { cards: readonly unknown[] }): PeopleRequest => ({
  offset: context.cards.length,
  count: NEARBY_PAGE_DEFAULT,
});

/** Each person once, where they first appear. */
export const firstOfEach = (people: CardPerson[]): CardPerson[] => {
  const seen = new Set<string>();
  return people.filter((p) => {
    if (seen.has(p.user.id)) return false;
    seen.add(p.user.id);
    return true;
  });
};

export const cardPersonFromEntry = (e: NearbyEntry): CardPerson => ({
  user: e.user,
  compatibility: e.compatibility,
  ice_breakers: e.ice_breakers,
  social_battery: e.social_battery,
  recharging: e.recharging,
  distance_band: e.distance_band,
  opening_moves: e.opening_moves,
  open_to_hello: e.open_to_hello,
});
