/**
 * Everything the root chart (app.machine.ts) uses, by name: its types, the actors it
 * invokes and spawns, its guards and its actions. The chart's states are in
 * app.machine.ts; tests `.provide()` fakes for these names.
 */
import {
  assertEvent,
  assign,
  enqueueActions,
  fromPromise,
  sendTo,
  setup,
  stateIn,
  stopChild,
  type ActionFunction,
  type AnyActorLogic,
  type AnyActorRef,
  type ParameterizedObject,
} from 'xstate';
import type { User } from '../../contract/common';
import type { Event } from '../../contract/events';
import { ADMIN_KEY_SEQUENCE_MAX_USES } from '../../contract/shell-constants';
import { adminKeysActor } from '../admin/admin-keys.actor';
import { formatAddress, parseAddress, type EventTab } from '../addresses';
import { rootApi as api } from '../api/request';
import { connectivityActor } from '../connectivity.actor';
import { historyActor } from '../history.actor';
import { runningChart, type Chunk, type LazyChartId, type LoadedCharts } from '../lazy-charts';
import { logFailure } from '../log';
import type { ToastKind } from '../toast.machine';
import { adminSlugFromPath, type UserView } from '../views';
import { SESSION_FORGOTTEN, type AppContext, type AppEvent, type AppInput } from './app.context';
import { chartLoaderMachine } from './chart-loader.machine';
import { SESSION_CHARTS, spawnLoaded, spawnUntyped } from './chart-inputs';
import { addressApplied, addressOfView, needsLoading, resolveAddress, viewOn, type ResolvedAddress, type ResolveInput } from './routes';
import { toastsMachine, type ToastShow, type ToastsEvent } from './toasts.machine';
import { formsLeftBy, type LeavingAnswered, type SignOutConfirmed } from './unsaved';
import type { Said } from '../../contract/said';

/**
 * An action of the root's that sends to its children, enqueued so that each child takes
 * the event after this step rather than inside it. It names no other action, so it is
 * typed apart from the setup's map of actions, which it is part of (inferring it there is
 * circular).
 */
function enqueued<P extends ParameterizedObject['params'] | undefined = undefined>(
  collect: Parameters<typeof enqueueActions<AppContext, AppEvent, P, AppEvent>>[0],
) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return enqueueActions(collect) as unknown as ActionFunction<AppContext, AppEvent, AppEvent, P, any, any, any, any, any>;
}

export const appSetup = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
    // The children by id, so views read them typed (`s.children.toasts`). Not in it: the
    // charts whose code arrives in chunks of their own (the admin chart, and those of
    // lazy-charts.ts: read them with `chartOf`).
    children: {} as {
      history: 'history';
      connectivity: 'connectivity';
      toasts: 'toasts';
      adminKeys: 'adminKeys';
      charts: 'chartLoader';
      pwaLoader: 'chartLoader';
      plansLoader: 'chartLoader';
      profileStepsLoader: 'chartLoader';
      reportLoader: 'chartLoader';
    },
  },
  actors: {
    history: historyActor,
    connectivity: connectivityActor,
    toasts: toastsMachine,
    adminKeys: adminKeysActor,
    resolveAddress: fromPromise<ResolvedAddress, ResolveInput>(({ input }) => resolveAddress(input)),
    // The session probe answers null (not an error) when signed out: no console error.
    restoreSession: fromPromise<User | null>(() => api.sessionUser()),
    // The charts of a part of the app, from its chunk (lazy-charts.ts).
    chartLoader: chartLoaderMachine,
    checkAdminGate: fromPromise<unknown, { slug: string }>(({ input }) => api.checkAdminGate(input.slug)),
    // The admin chart is in the lazy admin chunk: attendees never download it.
    loadAdminChart: fromPromise<AnyActorLogic>(() => import('../admin/admin.machine').then((m) => m.adminChartForRoot)),
  },
  guards: {
    shouldRestoreSession: ({ context }) => context.restoreSession,
    // The session probe answered a user (null: signed out).
    isSomeone: (_, params: { user: User | null }) => params.user !== null,
    isEndedByBan: ({ event }) => event.type === 'session.expired' && event.ban !== undefined,
    isAdminPath: ({ context }) => adminSlugFromPath(context.path) !== null,
    // Opened from an email's link (issue 41).
    isResetLink: ({ context }) => context.emailLink?.kind === 'reset-password',
    isVerifyLink: ({ context }) => context.emailLink?.kind === 'verify-email',
    canUseAdminKeys: ({ context }) => context.adminKeyUses < ADMIN_KEY_SEQUENCE_MAX_USES,
    hasNoAdminChart: ({ context }) => context.adminChart === null,
    isView: ({ event }, params: { view: UserView }) => event.type === 'view.opened' && event.view === params.view,
    isAddressOf: ({ context }, params: { view: UserView }) => (context.pendingAddress?.view ?? 'events') === params.view,
    needsLoading: ({ context }) => needsLoading(context),
    hasResolvedEvent: (_, params: { resolved: ResolvedAddress }) => params.resolved.event !== null,
    isOnEventView: stateIn({ user: 'event' }),
    hasCurrentEvent: ({ context }) => context.currentEvent !== null,
    hasPartner: ({ context }) => context.partner !== null,
    // Or the same one, just joined from its own view: what an attended event has starts now.
    isAnotherEvent: ({ context: { currentEvent: e }, event }) => event.type === 'event.opened' && (e?.id !== event.event.id || !e.is_attending),
    isPlanChooserClosed: ({ context }) => !context.plansOpen,
    isReportClosed: ({ context }) => !context.report,
    isChunk: ({ event }, params: { chunk: Chunk }) => event.type === 'charts.unavailable' && event.chunk === params.chunk,
    // A form holds edits (its chart stopped, as when its event was cancelled, they are gone: stopChart).
    hasUnsaved: ({ context }) => context.unsaved.length > 0,
    hasUnsavedReport: ({ context }) => context.unsaved.includes('report'),
    // Saving to leave, and the last form the way out leaves is saved now.
    isSavedToLeave: ({ context, event }) =>
      event.type === 'edits.changed' && !event.dirty && context.leaving?.saving === true && formsLeftBy(context.leaving.event, context.unsaved).every((c) => c === event.chart),
    isAnswer: ({ event }, params: { answer: LeavingAnswered['answer'] }) => event.type === 'leaving.answered' && event.answer === params.answer,
  },
  actions: {
    // The gate answered 404 (or failed): send the browser to the site root.
    redirectToRoot: () => {
      window.location.replace('/');
    },
    // After sign-out nothing that belonged to the user stays in the offline cache (fetched
    // then: sign-out is rare, and the entry script carries none of it).
    forgetUserData: () => {
      void import('../pwa/forget-user-data').then((m) => m.forgetUserData(), () => undefined);
    },
    // Nothing unsaved stands in the way (or the person chose): the profile chart signs out.
    confirmSignOut: enqueued(({ enqueue, system }) => {
      const profile = runningChart(system, 'profile');
      if (profile) enqueue.sendTo(profile, { type: 'logout.confirmed' } satisfies SignOutConfirmed);
    }),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
    showToast: sendTo('toasts', (_, params: { message: Said; kind: ToastKind }): ToastShow => ({ type: 'toast.show', ...params })),
    // The person blocked someone: the toasts about them go, the one on screen too.
    forgetToastsAbout: sendTo('toasts', ({ event }): ToastsEvent => {
      assertEvent(event, ['report.blocked', 'chat.blocked', 'person.blocked']);
      return { type: 'toasts.personBlocked', userId: event.userId };
    }),
    // A chart's toast goes to the toasts' owner as the chart sent it.
    passToast: sendTo('toasts', ({ event }) => {
      assertEvent(event, 'toast.show');
      return event;
    }),
    showError: assign({ error: (_, params: { message: Said }) => params.message }),
    clearError: assign({ error: null, ban: null }),
    setUser: assign({ user: (_, params: { user: User }) => params.user }),
    clearUser: assign({ user: null }),
    patchUser: assign({
      user: ({ context, event }) => {
        assertEvent(event, 'user.patched');
        return context.user && { ...context.user, ...event.patch };
      },
    }),
    setOnline: assign({
      online: ({ event }) => {
        assertEvent(event, 'connectivity.changed');
        return event.online;
      },
    }),
    forgetSession: assign(SESSION_FORGOTTEN),

    // The admin chart joins the root's actor tree; it reports by sendParent (no React in between).
    spawnAdminChart: assign(({ context, spawn }, params: { logic: AnyActorLogic }) => ({
      adminChart: spawnUntyped(spawn, params.logic, { id: 'admin', input: { admin: context.admin, path: context.path } }),
    })),
    stopAdminChart: stopChild('admin'),
    forgetAdminChart: assign({ adminChart: null }),

    /** A part's charts, from the chunk that just arrived, each started under its child id (`stopChart` ends each as the part is left). */
    startCharts: assign(({ context, spawn }, params: { charts: LoadedCharts }) => {
      for (const [id, logic] of Object.entries(params.charts) as Array<[LazyChartId, AnyActorLogic]>) spawnLoaded(spawn, logic, id, context);
      return {};
    }),
    // A chart that held unsaved edits takes them along as it stops.
    stopChart: enqueued(({ context, enqueue }, params: { id: string }) => {
      enqueue.stopChild(params.id);
      if (context.unsaved.includes(params.id)) enqueue.assign({ unsaved: context.unsaved.filter((c) => c !== params.id) });
    }),
    keepSession: assign({ session: (_, params: { charts: LoadedCharts }) => params.charts }),
    startSession: assign(({ context, spawn }) => {
      for (const id of SESSION_CHARTS) spawnLoaded(spawn, context.session![id]!, id, context);
      return {};
    }),
    startEventsList: assign(({ context, spawn }) => {
      spawnLoaded(spawn, context.session!.events!, 'events', context);
      return {};
    }),
    setCurrentEvent: assign({ currentEvent: (_, params: { event: Event }) => params.event, eventTab: 'people' as EventTab }),
    // Only at an event the person attends: one merely looked at (a shared link) is told nothing of where they are.
    startPoller: assign(({ context, spawn }) => {
      if (context.currentEvent?.is_attending) spawnLoaded(spawn, context.session!.locationPoller!, 'locationPoller', context);
      return {};
    }),
    stopPoller: stopChild('locationPoller'),
    forgetZone: assign({ currentZone: null }),

    // The chooser's chart is in a chunk of its own: it starts as the chunk arrives (startCharts).
    openPlanChooser: assign(({ spawn }) => {
      spawn('chartLoader', { id: 'plansLoader', input: { chunk: 'plans' } });
      return { plansOpen: true };
    }),
    stopPlansLoader: stopChild('plansLoader'),
    stopPlanChooser: stopChild('plans'),
    markPlansClosed: assign({ plansOpen: false }),
    // After sign-up, the rest of the profile a step at a time: its chart starts as its chunk arrives.
    openProfileSteps: assign(({ context, spawn }) => {
      if (context.profileStepsOpen) spawn('chartLoader', { id: 'profileStepsLoader', input: { chunk: 'profile-steps' } });
      return {};
    }),
    stopProfileStepsLoader: stopChild('profileStepsLoader'),
    stopProfileSteps: stopChild('profileSteps'),
    markProfileStepsClosed: assign({ profileStepsOpen: false }),
    // As the plan chooser: the sheet's chart starts as its chunk arrives (startCharts).
    openReport: assign(({ event, spawn }) => {
      assertEvent(event, 'report.opened');
      spawn('chartLoader', { id: 'reportLoader', input: { chunk: 'report' } });
      return { report: event.target };
    }),
    stopReportLoader: stopChild('reportLoader'),
    stopReportSheet: stopChild('report'),
    markReportClosed: assign({ report: null }),

    /** The switchboard passes it on to the charts it is for. */
    toSwitchboard: enqueued(({ enqueue, event, system }) => {
      assertEvent(event, ['report.filed', 'report.blocked', 'chat.blocked', 'person.blocked', 'outbox.queued', 'outbox.sent', 'conversation.read', 'connectivity.changed', 'privacy.updated']);
      const board = runningChart(system, 'switchboard');
      if (board) enqueue.sendTo(board, event);
    }),
    // The person opened an event: the live channel joins it, and what depends on it loads again.
    enterEvent: enqueued(({ enqueue, context, system }) => {
      const board = runningChart(system, 'switchboard');
      if (board && context.currentEvent) enqueue.sendTo(board, { type: 'event.entered', eventId: context.currentEvent.id });
    }),
    // Where the person is (no view while an address loads): what the switchboard's messages depend on.
    tellRoute: enqueued(({ enqueue, context, system }, params: { view: UserView | null }) => {
      const board = runningChart(system, 'switchboard');
      const route = { view: params.view, partnerId: context.partner?.id ?? null, eventId: context.currentEvent?.id ?? null };
      if (board) enqueue.sendTo(board, { type: 'route.changed', route });
    }),

    /**
     * Writes the address of the view just entered: a new browser entry, or the current one
     * replaced after a redirect, a deep link or back/forward (where the browser has moved
     * already and the write is a no-op). It is also the address to return to after sign-in.
     */
    writeAddress: enqueued(({ context, enqueue }, params: { view: UserView }) => {
      const address = addressOfView(params.view, context);
      if (address) enqueue.sendTo('history', { type: 'address.write', path: formatAddress(address), replace: context.replaceAddress });
    }),
    noteAddress: assign(({ context }, params: { view: UserView }) => {
      const address = addressOfView(params.view, context);
      return address ? { path: formatAddress(address), replaceAddress: false } : {};
    }),
    /** Leaving the signed-in app: the address goes back to the root, in place. */
    writeRootAddress: sendTo('history', { type: 'address.write', path: '/', replace: true }),
    // An email link's page: its address without the token (replacing the one that held it), or a new entry from the login view.
    writeEmailLinkAddress: sendTo('history', (_, params: { path: '/reset-password' | '/verify-email'; replace: boolean }) => ({
      type: 'address.write' as const,
      path: params.path,
      replace: params.replace,
    })),
    // Its view left: the link is spent, and sign-in leads to the events list.
    forgetEmailLink: assign({ emailLink: null, path: '/' }),
    forgetPath: assign({ path: '/' }),
    askForAddress: assign({
      pendingAddress: ({ event }) => {
        assertEvent(event, ['address.changed', 'address.opened']);
        return parseAddress(event.path);
      },
      // Back and forward have moved the browser already; a link inside the app adds an entry.
      replaceAddress: ({ event }) => event.type === 'address.changed',
    }),
    askForPathAddress: assign({ pendingAddress: ({ context }) => parseAddress(context.path), replaceAddress: true }),
    applyAddress: assign(({ context }) => addressApplied(context)),
    forgetAddress: assign({ pendingAddress: null, replaceAddress: true }),
    setResolvedPartner: assign({ partner: ({ context }, params: { resolved: ResolvedAddress }) => params.resolved.partner ?? context.partner }),
    clearRequestFocus: assign({ requestId: null }),
    // Unsaved edits (issue 39, unsaved.ts). The browser is told too, so closing the tab asks.
    noteEdits: enqueued(({ context, event, enqueue }) => {
      assertEvent(event, 'edits.changed');
      const unsaved = [...context.unsaved.filter((c) => c !== event.chart), ...(event.dirty ? [event.chart] : [])];
      enqueue.assign({ unsaved });
      enqueue.sendTo('history', { type: 'address.unsaved', unsaved: unsaved.length > 0 });
    }),
    // Back has moved the browser already: the form's address is put back while the person is asked.
    holdLeaving: enqueued(({ context, event, enqueue }) => {
      enqueue.assign({ leaving: { event, saving: false } });
      if (event.type === 'address.changed') enqueue.sendTo('history', { type: 'address.write', path: context.path, replace: false });
    }),
    saveToLeave: enqueued(({ context, enqueue, system }) => {
      enqueue.assign({ leaving: { ...context.leaving!, saving: true } });
      for (const id of formsLeftBy(context.leaving!.event, context.unsaved)) {
        const chart = system.get(id) as AnyActorRef | undefined;
        if (chart) enqueue.sendTo(chart, { type: 'edits.save' });
      }
    }),
    stay: assign({ leaving: null }),
    // The held way out is taken; a held Back steps back again (the put-back entry is left).
    leave: enqueued(({ context, enqueue }) => {
      const held = context.leaving?.event;
      const left = held ? formsLeftBy(held, context.unsaved) : [];
      const unsaved = context.unsaved.filter((c) => !left.includes(c));
      enqueue.assign({ leaving: null, unsaved });
      enqueue.sendTo('history', { type: 'address.unsaved', unsaved: unsaved.length > 0 });
      if (held?.type === 'address.changed') enqueue.sendTo('history', { type: 'address.back' });
      else if (held) enqueue.raise(held);
    }),
    rememberReturnView: assign({ returnView: ({ self }) => viewOn(self.getSnapshot()) }),
  },
});
