/**
 * The root chart's routing (issue 13): which address each view has, what an address needs
 * loaded before its view opens, and the transitions and entries the view states share.
 * The table of paths is addresses.ts; the browser is history.actor.ts.
 */
import type { StateValue } from 'xstate';
import type { PublicUser } from '../../contract/common';
import type { Event } from '../../contract/events';
import { eventIdOf, partnerIdOf, type Address } from '../addresses';
import { askAhead, rootApi as api } from '../api/request';
import { USER_VIEWS, type UserView } from '../views';
import type { AppContext } from './app.context';

/** What an address needs loaded before its view can open. */
export interface ResolvedAddress {
  event: Event | null;
  partner: PublicUser | null;
}

export type ResolveInput = { userId: string; address: Address; currentEvent: Event | null; partner: PublicUser | null };

/** Loads the event and person an address needs that the chart does not hold yet. */
export async function resolveAddress(input: ResolveInput): Promise<ResolvedAddress> {
  const eventId = eventIdOf(input.address);
  const partnerId = partnerIdOf(input.address);
  const loadEvent = eventId !== null && input.currentEvent?.id !== eventId;
  // The event view's own reads, asked while its event loads (its chunk is preloaded at
  // these addresses); the event chart's first refresh of the event takes this answer too.
  if (loadEvent && input.address.view === 'event') {
    void import('../event/event-charts').then((m) => m.askFirstLists(input.userId, eventId), () => {});
  }
  const [event, partner] = await Promise.all([
    loadEvent ? askAhead(() => api.getEvent(input.userId, eventId)) : null,
    partnerId && input.partner?.id !== partnerId ? api.chatPartner(input.userId, partnerId) : null,
  ]);
  return { event, partner };
}

/** The address names an event or a person the chart does not hold yet. */
export function needsLoading(c: AppContext): boolean {
  const a = c.pendingAddress;
  if (!a) return false;
  const eventId = eventIdOf(a);
  const partnerId = partnerIdOf(a);
  return (eventId !== null && c.currentEvent?.id !== eventId) || (partnerId !== null && c.partner?.id !== partnerId);
}

/** The address of a view given what the chart knows; null when the view lacks what it needs. */
export function addressOfView(view: UserView, c: AppContext): Address | null {
  const eventId = c.currentEvent?.id;
  const userId = c.partner?.id;
  switch (view) {
    case 'event':
      return eventId ? { view, eventId, tab: c.eventTab } : null;
    case 'attendees':
    case 'photo-gallery':
    case 'analytics':
    case 'organizer':
      return eventId ? { view, eventId } : null;
    case 'group-chat':
      return eventId ? { view, eventId, chatId: c.groupChatId } : null;
    case 'chat':
    case 'contact-exchange':
      return userId ? { view, userId } : null;
    case 'connection-requests':
      return { view, requestId: c.requestId };
    default:
      return { view };
  }
}

/** What the address opened carries into the chart (a tab, a group chat, a request); it is no longer pending. */
export function addressApplied(c: AppContext): Partial<AppContext> {
  const a = c.pendingAddress;
  return {
    pendingAddress: null,
    eventTab: a?.view === 'event' ? a.tab : c.eventTab,
    groupChatId: a?.view === 'group-chat' ? a.chatId : c.groupChatId,
    requestId: a?.view === 'connection-requests' ? a.requestId : null,
    replaceAddress: c.replaceAddress || a === null,
  };
}

/** The user view a snapshot of the chart is on, or null when no user is signed in. */
export function viewOn(s: { matches(value: StateValue): boolean }): UserView | null {
  return s.matches('user') ? (USER_VIEWS.find((v) => s.matches({ user: v })) ?? null) : null;
}

/** `view.opened`: the view asked for. */
export const viewTransitions = USER_VIEWS.map((view) => ({
  guard: { type: 'isView' as const, params: { view } },
  target: `.${view}`,
  actions: 'clearRequestFocus' as const,
}));

/** The routing state's choices: the view an address names, with what it carries. */
export const addressTransitions = USER_VIEWS.map((view) => ({
  guard: { type: 'isAddressOf' as const, params: { view } },
  target: view,
  actions: 'applyAddress' as const,
}));

/** A view's address is written (the browser's entry, and where to return). */
export const writeView = (view: UserView) => [
  { type: 'writeAddress' as const, params: { view } },
  { type: 'noteAddress' as const, params: { view } },
];

/** A view state's entry: its address is written, and the switchboard told where the person is. */
export const enterView = (view: UserView) => [...writeView(view), { type: 'tellRoute' as const, params: { view } }];
