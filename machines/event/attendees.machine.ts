/**
 * attendees (SPEC 2 "Attendee cards"): the event's attendees with their photos, each
 * with a connection-request chart of its own, so every card's button follows where the
 * two stand. Live requests and acceptances move those charts in place; a reload keeps
 * the charts (an open composer stays open) and corrects their status.
 */
import {
  assertEvent,
  enqueueActions,
  fromPromise,
  sendParent,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import type { User } from '../../contract/common';
import { PAGE_SIZE_MAX } from '../../contract/constants';
import type { Event } from '../../contract/events';
import { MESSAGES } from '../../contract/messages';
import type { AttendeeWithPhoto, Connection, ReceivedRequest } from '../../contract/social';
import { api } from '../api/client';
import { isSessionGone, reportSessionGone, isEventGone, leaveGoneEvent, type EventChanged } from '../session-gone';
import { paging, pagedStatus } from '../people/paging';
import {
  connectionRequestMachine,
  type ConnectionRequestActorRef,
  type ConnectionRequestReport,
} from '../people/connection-request.machine';
import { connectionNewsOf, type CardConnectionNews } from '../people/user-card.machine';
import { blockFailedMessage } from '../safety/block';
import type { ReportNews } from '../safety/report.machine';
import { personBlockMachine, type PersonBlockActorRef, type PersonBlockReport } from '../safety/person-block.machine';

export interface AttendeeSlot {
  attendee: AttendeeWithPhoto;
  connection: ConnectionRequestActorRef;
  /** Block on the card (issue 39 item 3): asks, then blocks, as on the people nearby. */
  block: PersonBlockActorRef;
}

export interface AttendeesContext {
  user: User;
  event: Event;
  slots: AttendeeSlot[];
  /** The last page was full, so there may be more. */
  hasMore: boolean;
}

export type AttendeesEvent =
  | { type: 'attendees.reloaded' }
  | { type: 'attendees.moreRequested' }
  | { type: 'live.reconnected' }
  | { type: 'live.connection_request'; request: ReceivedRequest }
  | { type: 'live.connection_accepted'; connection: Connection }
  | EventChanged
  | ConnectionRequestReport
  | PersonBlockReport;

type Page = { userId: string; eventId: string; offset: number };

export const ATTENDEES_PAGE = PAGE_SIZE_MAX;

const pages = paging('attendees.reloaded', 'attendees.moreRequested');

export const attendeesMachine = setup({
  types: {
    context: {} as AttendeesContext,
    input: {} as { user: User; event: Event },
    events: {} as AttendeesEvent,
  },
  actors: {
    connectionRequest: connectionRequestMachine,
    personBlock: personBlockMachine,
    loadAttendees: fromPromise<AttendeeWithPhoto[], Page>(({ input }) =>
      api.attendeesWithPhotos(input.userId, input.eventId, { limit: ATTENDEES_PAGE, offset: input.offset }),
    ),
  },
  guards: {
    isSessionGone,
    isEventGone,
    hasMore: ({ context }) => context.hasMore,
  },
  actions: {
    reportSessionGone: reportSessionGone(),
    showLoadFailure: sendParent({ type: 'error.show', message: MESSAGES.failedLoadEventAttendees }),
    /** Fresh first page: keep the charts of people still there, drop the rest. */
    syncSlots: enqueueActions(({ context, enqueue }, params: { attendees: AttendeeWithPhoto[]; append: boolean }) => {
      const byId = new Map(context.slots.map((s) => [s.attendee.id, s]));
      const incoming = new Set(params.attendees.map((a) => a.id));
      if (!params.append) {
        for (const slot of context.slots)
          if (!incoming.has(slot.attendee.id)) {
            enqueue.stopChild(slot.connection);
            enqueue.stopChild(slot.block);
          }
      }
      for (const a of params.attendees) {
        const slot = byId.get(a.id);
        if (slot) enqueue.sendTo(slot.connection, { type: 'connection.statusLoaded', status: a.connection_status });
      }
      enqueue.assign({
        hasMore: params.attendees.length >= ATTENDEES_PAGE,
        slots: ({ spawn }) => {
          const fresh = params.attendees.map((a): AttendeeSlot => {
            const slot = byId.get(a.id);
            return slot
              ? { ...slot, attendee: a }
              : {
                  attendee: a,
                  connection: spawn('connectionRequest', {
                    id: `connection-${a.id}`,
                    input: {
                      userId: context.user.id,
                      otherId: a.id,
                      otherName: a.name,
                      eventId: context.event.id,
                      status: a.connection_status,
                    },
                  }),
                  block: spawn('personBlock', { id: `block-${a.id}`, input: { viewerId: context.user.id, userId: a.id, name: a.name } }),
                };
          });
          if (!params.append) return fresh;
          return [...context.slots.filter((s) => !incoming.has(s.attendee.id)), ...fresh];
        },
      });
    }),
    tellSlot: enqueueActions(({ context, enqueue }, params: { userId: string; news: CardConnectionNews }) => {
      const slot = context.slots.find((s) => s.attendee.id === params.userId);
      if (slot) enqueue.sendTo(slot.connection, params.news);
    }),
    // The blocked person leaves the list, as from the people nearby (event.setup.ts dropBlocked).
    dropBlocked: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'card.blocked');
      const slot = context.slots.find((s) => s.attendee.id === event.userId);
      if (!slot) return;
      enqueue.stopChild(slot.connection);
      enqueue.stopChild(slot.block);
      enqueue.assign({ slots: context.slots.filter((s) => s !== slot) });
      // The people nearby drop them too, as after a block from the report sheet (the root's switchboard tells them).
      enqueue.sendParent({ type: 'report.blocked', userId: event.userId } satisfies ReportNews);
    }),
    reportBlockFailed: sendParent(({ event }) => {
      assertEvent(event, 'card.blockFailed');
      return { type: 'error.show' as const, message: blockFailedMessage(event.name) };
    }),
    forwardToParent: sendParent(({ event }) => event),
    leaveGoneEvent: leaveGoneEvent(),
  },
}).createMachine({
  id: 'attendees',
  context: ({ input }) => ({ user: input.user, event: input.event, slots: [], hasMore: false }),
  on: {
    'toast.show': { actions: 'forwardToParent' },
    'session.expired': { actions: 'forwardToParent' },
    'card.blocked': { actions: 'dropBlocked' },
    'card.blockFailed': { actions: 'reportBlockFailed' },
    'live.connection_request': { actions: { type: 'tellSlot', params: ({ event }) => connectionNewsOf(event) } },
    'live.connection_accepted': { actions: { type: 'tellSlot', params: ({ event }) => connectionNewsOf(event) } },
    // Cancelled or taken down: back to the events list, calmly (session-gone.ts).
    'live.event_changed': { guard: 'isEventGone', actions: 'leaveGoneEvent' },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadAttendees',
        input: ({ context }) => ({ userId: context.user.id, eventId: context.event.id, offset: 0 }),
        onDone: {
          target: 'ready',
          actions: { type: 'syncSlots', params: ({ event }) => ({ attendees: event.output, append: false }) },
        },
        onError: pages.firstFailed,
      },
    },
    ready: pages.ready,
    loadingMore: {
      invoke: {
        src: 'loadAttendees',
        input: ({ context }) => ({ userId: context.user.id, eventId: context.event.id, offset: context.slots.length }),
        onDone: {
          target: 'ready',
          actions: { type: 'syncSlots', params: ({ event }) => ({ attendees: event.output, append: true }) },
        },
        onError: pages.nextFailed,
      },
    },
    failed: pages.failed,
  },
});

export type AttendeesActorRef = ActorRefFrom<typeof attendeesMachine>;
export type AttendeesSnapshot = SnapshotFrom<typeof attendeesMachine>;

export const selectAttendeesStatus = (s: AttendeesSnapshot): 'loading' | 'failed' | 'ready' => pagedStatus(s, s.context.slots.length);
