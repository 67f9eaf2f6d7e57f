/**
 * How the root starts the charts that arrive in chunks (lazy-charts.ts): each under its
 * child id, which is its system id too (so the switchboard reaches it by name), with an
 * input made from what the root holds.
 */
import type { AnyActorLogic, AnyActorRef, InputFrom } from 'xstate';
import { CHUNK_CHARTS, type LazyChart, type LazyChartId } from '../lazy-charts';
import type { AppContext } from './app.context';

/**
 * What a lazily loaded chart is started with, from what the root holds: most take only the
 * person (`user`, or `userId`), and get both (the default below; none signed out, as the
 * login form takes nothing); the others are named here.
 */
const CHART_INPUTS: { [Id in LazyChartId]?: (c: AppContext) => InputFrom<LazyChart[Id]> } = {
  pwa: (c) => ({ serviceWorker: c.serviceWorker }),
  passwordReset: (c) => ({ token: c.emailLink?.kind === 'reset-password' ? c.emailLink.token : null }),
  verifyEmail: (c) => ({ token: c.emailLink?.token ?? '' }),
  availability: (c) => ({ userId: c.user!.id, isAvailable: c.user!.is_available }),
  battery: (c) => ({ userId: c.user!.id, level: c.user!.social_battery }),
  outbox: (c) => ({ userId: c.user!.id, online: c.online }),
  event: (c) => ({ user: c.user!, event: c.currentEvent! }),
  feed: (c) => ({ user: c.user!, event: c.currentEvent }),
  chat: (c) => ({ user: c.user!, partner: c.partner!, eventId: c.currentEvent?.id ?? null }),
  groupChat: (c) => ({ user: c.user!, event: c.currentEvent!, chatId: c.groupChatId }),
  contactExchange: (c) => ({ user: c.user!, partner: c.partner!, eventId: c.currentEvent?.id ?? null }),
  analytics: (c) => ({ user: c.user!, event: c.currentEvent }),
  photos: (c) => ({ user: c.user!, event: c.currentEvent }),
  attendees: (c) => ({ user: c.user!, event: c.currentEvent! }),
  organizer: (c) => ({ user: c.user!, event: c.currentEvent! }),
  locationPoller: (c) => ({ userId: c.user!.id, eventId: c.currentEvent!.id }),
  report: (c) => ({ user: c.user!, target: c.report! }),
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
  const own = CHART_INPUTS[id];
  const input = own ? own(context) : context.user && { user: context.user, userId: context.user.id };
  spawnUntyped(spawn, logic, { id, systemId: id, input });
}
