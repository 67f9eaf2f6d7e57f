/**
 * My meetings (issue 19): the meetings waiting for the person's answer (Accept, Decline,
 * Suggest another time), those waiting for the other person's (Cancel), those coming up
 * (Add to calendar, Cancel) and the earlier ones. GET /meetings is the truth: it loads
 * again when a meeting changes (`live.meeting_changed`, passed on by the root), after a
 * reconnect, and after each answer. One answer goes at a time; a refusal is said beside
 * the meeting it is about. "Suggest another time" runs the meeting sheet as a child.
 */
import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Meeting, MyMeetings } from '../../contract/meetings';
import { detailOr, errorOf } from '../api/request';
import { meetingsApi } from '../api/meetings';
import { meetingSheetMachine, type MeetingSheetActorRef, type SheetFinished } from './meeting-sheet.machine';
import { isSessionGone, reportSessionGone } from '../session-gone';
import type { Said } from '../../contract/said';

export const MEETINGS_WORDS = {
  title: /*i18n*/ { id: 'meetings.title', message: 'My meetings' },
  intro: /*i18n*/ { id: 'meetings.intro', message: 'Short meetings with your connections, at a time and place you both chose.' },
  loading: /*i18n*/ { id: 'meetings.loading', message: 'Loading your meetings…' },
  failed: /*i18n*/ { id: 'meetings.failed', message: "We couldn't load your meetings just now." },
  empty: /*i18n*/ { id: 'meetings.empty', message: 'No meetings yet. You can suggest one to a connection from their card or your chat.' },
  waitingForYou: /*i18n*/ { id: 'meetings.waitingForYou', message: 'Waiting for you' },
  waitingForThem: /*i18n*/ { id: 'meetings.waitingForThem', message: 'Waiting for them' },
  comingUp: /*i18n*/ { id: 'meetings.comingUp', message: 'Coming up' },
  earlier: /*i18n*/ { id: 'meetings.earlier', message: 'Earlier' },
  accept: /*i18n*/ { id: 'meetings.accept', message: 'Accept' },
  decline: /*i18n*/ { id: 'meetings.decline', message: 'Decline' },
  suggestAnother: /*i18n*/ { id: 'meetings.suggestAnother', message: 'Suggest another time' },
  cancel: /*i18n*/ { id: 'meetings.cancel', message: 'Cancel meeting' },
  addToCalendar: /*i18n*/ { id: 'meetings.addToCalendar', message: 'Add to calendar' },
  actionFailed: /*i18n*/ { id: 'meetings.actionFailed', message: "That didn't go through just now. Please try again." },
  statusWords: {
    proposed: /*i18n*/ { id: 'meetings.status.proposed', message: 'Suggested' },
    accepted: /*i18n*/ { id: 'meetings.status.accepted', message: 'Accepted' },
    declined: /*i18n*/ { id: 'meetings.status.declined', message: 'You declined' },
    cancelled: /*i18n*/ { id: 'meetings.status.cancelled', message: 'Called off' },
    lapsed: /*i18n*/ { id: 'meetings.status.lapsed', message: 'Not answered in time' },
  },
} as const;

export type MeetingAction = 'accept' | 'decline' | 'cancel';

export type MeetingsEvent =
  | { type: 'meetings.reloaded' }
  | { type: 'meeting.actionRequested'; meetingId: string; action: MeetingAction }
  | { type: 'meeting.suggestOpened'; meetingId: string }
  | { type: 'live.meeting_changed'; meeting_id: string }
  | { type: 'live.reconnected' }
  | { type: 'live.event_changed'; event_id: string }
  | SheetFinished;

export interface MeetingsContext {
  userId: string;
  meetings: MyMeetings | null;
  /** The answer on its way, and which meeting it is for. */
  acting: { meetingId: string; action: MeetingAction } | null;
  /** A refusal, beside the meeting it is about. */
  refusal: { meetingId: string; message: Said } | null;
  /** "Suggest another time": the sheet's chart while it is open. */
  sheet: MeetingSheetActorRef | null;
}

const EMPTY: MyMeetings = { proposed_to_me: [], proposed_by_me: [], accepted: [], past: [] };

/** Every meeting the person has, in one list. */
export const allMeetings = (m: MyMeetings | null): Meeting[] =>
  m ? [...m.proposed_to_me, ...m.proposed_by_me, ...m.accepted, ...m.past] : [];

export const meetingsMachine = setup({
  types: {
    context: {} as MeetingsContext,
    input: {} as { userId: string },
    events: {} as MeetingsEvent,
  },
  actors: {
    loadMeetings: fromPromise<MyMeetings, { userId: string }>(({ input }) => meetingsApi.myMeetings(input.userId)),
    act: fromPromise<Meeting, { userId: string; meetingId: string; action: MeetingAction }>(({ input }) =>
      input.action === 'cancel'
        ? meetingsApi.cancelMeeting(input.userId, input.meetingId)
        : meetingsApi.respondToMeeting(input.userId, input.meetingId, { action: input.action }),
    ),
    sheet: meetingSheetMachine,
  },
  guards: {
    isSessionGone,
    hasMeeting: ({ context, event }) =>
      'meetingId' in event && allMeetings(context.meetings).some((m) => m.id === event.meetingId),
  },
  actions: {
    reportSessionGone: reportSessionGone(),
    keepMeetings: assign({ meetings: (_, params: { meetings: MyMeetings }) => params.meetings }),
    openSheet: assign(({ context, event, spawn }) => {
      if (event.type !== 'meeting.suggestOpened') return {};
      const meeting = allMeetings(context.meetings).find((m) => m.id === event.meetingId)!;
      return {
        refusal: null,
        sheet: spawn('sheet', {
          id: 'suggestSheet',
          input: {
            userId: context.userId,
            partner: { id: meeting.with.id, name: meeting.with.name },
            event: { id: meeting.event_id, time_zone: meeting.time_zone },
            suggest: meeting,
          },
        }),
      };
    }),
    closeSheet: enqueueActions(({ enqueue }) => {
      enqueue.stopChild('suggestSheet');
      enqueue.assign({ sheet: null });
    }),
  },
}).createMachine({
  id: 'meetings',
  context: ({ input }) => ({ userId: input.userId, meetings: null, acting: null, refusal: null, sheet: null }),
  // The sheet ended: closed, or another time suggested (the list then loads again).
  on: { 'sheet.finished': { target: '.ready.refreshing', actions: 'closeSheet' } },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadMeetings',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: { type: 'keepMeetings', params: ({ event }) => ({ meetings: event.output }) } },
        onError: [{ guard: 'isSessionGone', target: 'failed', actions: 'reportSessionGone' }, { target: 'failed' }],
      },
    },
    failed: { on: { 'meetings.reloaded': 'loading', 'live.reconnected': 'loading', 'live.meeting_changed': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'meetings.reloaded': 'refreshing',
            'live.meeting_changed': 'refreshing',
            'live.reconnected': 'refreshing',
            'live.event_changed': 'refreshing',
            'meeting.actionRequested': {
              guard: 'hasMeeting',
              target: 'acting',
              actions: assign({ acting: ({ event }) => ({ meetingId: event.meetingId, action: event.action }), refusal: null }),
            },
            'meeting.suggestOpened': { guard: 'hasMeeting', actions: 'openSheet' },
          },
        },
        acting: {
          invoke: {
            src: 'act',
            input: ({ context }) => ({ userId: context.userId, ...context.acting! }),
            onDone: { target: 'refreshing', actions: assign({ acting: null }) },
            onError: [
              { guard: 'isSessionGone', target: 'idle', actions: ['reportSessionGone', assign({ acting: null })] },
              {
                // Said beside the meeting; the list loads again, as a refusal often means it changed.
                target: 'refreshing',
                actions: assign({
                  refusal: ({ context, event }) => ({
                    meetingId: context.acting!.meetingId,
                    message: detailOr(errorOf(event), MEETINGS_WORDS.actionFailed),
                  }),
                  acting: null,
                }),
              },
            ],
          },
        },
        // Quietly: what is shown stays until the new answer; a failure keeps it.
        refreshing: {
          invoke: {
            src: 'loadMeetings',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: { target: 'idle', actions: { type: 'keepMeetings', params: ({ event }) => ({ meetings: event.output }) } },
            onError: [{ guard: 'isSessionGone', target: 'idle', actions: 'reportSessionGone' }, { target: 'idle' }],
          },
          on: { 'live.meeting_changed': { target: 'refreshing', reenter: true } },
        },
      },
    },
  },
});

export type MeetingsActorRef = ActorRefFrom<typeof meetingsMachine>;
export type MeetingsSnapshot = SnapshotFrom<typeof meetingsMachine>;

export const selectMeetingsStatus = (s: MeetingsSnapshot): 'loading' | 'failed' | 'ready' =>
  s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready';

export const selectMeetings = (s: MeetingsSnapshot): MyMeetings => s.context.meetings ?? EMPTY;

export const selectIsEmpty = (s: MeetingsSnapshot): boolean => allMeetings(s.context.meetings).length === 0;
