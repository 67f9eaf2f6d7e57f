/**
 * How the root starts the charts that arrive in chunks (lazy-charts.ts): each under its
 * child id, which is its system id too (so the switchboard reaches it by name), with an
 * input made from what the root holds.
 */
import type { AnyActorLogic, AnyActorRef, InputFrom } from 'xstate';
import { CHUNK_CHARTS, type LazyChart, type LazyChartId } from '../lazy-charts';
import type { AppContext } from './app.context';

/** What each lazily loaded chart is started with, from what the root holds. */
const CHART_INPUTS: { [Id in LazyChartId]: (c: AppContext) => InputFrom<LazyChart[Id]> } = {
  pwa: (c) => ({ serviceWorker: c.serviceWorker }),
  auth: () => undefined,
  passwordReset: (c) => ({ token: c.emailLink?.kind === 'reset-password' ? c.emailLink.token : null }),
  verifyEmail: (c) => ({ token: c.emailLink?.token ?? '' }),
  availability: (c) => ({ userId: c.user!.id, isAvailable: c.user!.is_available }),
  battery: (c) => ({ userId: c.user!.id, level: c.user!.social_battery }),
  switchboard: (c) => ({ userId: c.user!.id }),
  outbox: (c) => ({ userId: c.user!.id, online: c.online }),
  notifications: (c) => ({ userId: c.user!.id }),
  requests: (c) => ({ userId: c.user!.id }),
  conversations: (c) => ({ userId: c.user!.id }),
  status: (c) => ({ userId: c.user!.id }),
  presence: (c) => ({ userId: c.user!.id }),
  push: (c) => ({ userId: c.user!.id }),
  events: (c) => ({ user: c.user! }),
  event: (c) => ({ user: c.user!, event: c.currentEvent! }),
  feed: (c) => ({ user: c.user!, event: c.currentEvent }),
  chat: (c) => ({ user: c.user!, partner: c.partner!, eventId: c.currentEvent?.id ?? null }),
  groupChat: (c) => ({ user: c.user!, event: c.currentEvent!, chatId: c.groupChatId }),
  privacySettings: (c) => ({ user: c.user! }),
  contactExchange: (c) => ({ user: c.user!, partner: c.partner!, eventId: c.currentEvent?.id ?? null }),
  createEvent: (c) => ({ user: c.user! }),
  userSearch: (c) => ({ user: c.user! }),
  analytics: (c) => ({ user: c.user!, event: c.currentEvent }),
  photos: (c) => ({ user: c.user!, event: c.currentEvent }),
  profile: (c) => ({ user: c.user! }),
  profilePhoto: (c) => ({ user: c.user! }),
  businessCard: (c) => ({ user: c.user!, event: null }),
  passkeys: (c) => ({ user: c.user! }),
  emailSettings: (c) => ({ user: c.user! }),
  attendees: (c) => ({ user: c.user!, event: c.currentEvent! }),
  organizer: (c) => ({ user: c.user!, event: c.currentEvent! }),
  connectCode: (c) => ({ userId: c.user!.id }),
  scanner: (c) => ({ userId: c.user!.id }),
  connections: (c) => ({ userId: c.user!.id }),
  locationPoller: (c) => ({ userId: c.user!.id, eventId: c.currentEvent!.id }),
  plans: (c) => ({ user: c.user!, event: null }),
  profileSteps: (c) => ({ user: c.user! }),
  report: (c) => ({ user: c.user!, target: c.report! }),
  cards: (c) => ({ userId: c.user!.id }),
  sharedCards: (c) => ({ userId: c.user!.id }),
  meetings: (c) => ({ userId: c.user!.id }),
  calendarFeed: (c) => ({ userId: c.user!.id }),
};

/** The session's background charts, started as the user state is entered (the events list starts its own). */
export const SESSION_CHARTS = CHUNK_CHARTS.session.filter((id) => id !== 'events' && id !== 'locationPoller');

type UntypedSpawn = (logic: AnyActorLogic, options: { id: string; systemId?: string; input: unknown }) => AnyActorRef;

/** Starts a chart whose logic arrived at run time: the root's own types cannot name it, so it is spawned untyped. */
export function spawnUntyped(spawn: unknown, logic: AnyActorLogic, options: { id: string; systemId?: string; input: unknown }): AnyActorRef {
  return (spawn as UntypedSpawn)(logic, options);
}

/** Starts a lazily loaded chart under its child id (and system id), with its input. */
export function spawnLoaded(spawn: unknown, logic: AnyActorLogic, id: LazyChartId, context: AppContext): void {
  spawnUntyped(spawn, logic, { id, systemId: id, input: CHART_INPUTS[id](context) });
}
