/**
 * The organizer screen (issue 17): what the person who made an event, and the
 * co-organizers they named, need to make it safe and calm. On entering it loads, side by
 * side, the event, its safe zones, its interest groups, its organizers and its
 * announcements; each section then works on its own, so a slow or failed one never holds
 * up another: editing the details (only what changed is sent, times read on the wall
 * clock of the event's own zone), removing a zone (adding and editing one is the zone
 * editor's, entered from here), starting an interest group, naming a co-organizer from
 * the attendees, sending an announcement (three an hour at most) and cancelling the
 * event. A refused call keeps everything typed, and says why beside the field it is about.
 *
 * Someone without a part in organizing the event (the event says so, or a call answers
 * 403) sees only that the page is for its organizers; a lost session goes to the root,
 * as from every chart.
 */
import { and, assertEvent, assign, enqueueActions, fromPromise, not, or, sendParent, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { User } from '../../contract/common';
import { PAGE_SIZE_MAX, type AnxietyFeature } from '../../contract/constants';
import type { MicroCommunity, SafeZone } from '../../contract/discovery';
import type { Event } from '../../contract/events';
import { MESSAGES } from '../../contract/messages';
import type {
  AddOrganizerAnswer,
  Announcement,
  AnnouncementAnswer,
  AnnouncementsAnswer,
  CommunityBody,
  NewCommunity,
  Organizer,
  OrganizersAnswer,
  UpdateEventBody,
} from '../../contract/organizer';
import type { AttendeeWithPhoto } from '../../contract/social';
import { api, ApiError, errorOf, type Api, type SessionExpired } from '../api/client';
import { zoneEditorMachine } from './zone-editor.machine';
import { EVENT_FIELDS, type EventDraft, type EventDraftField } from './create-event.machine';
import { NO_ERRORS, errorsFromFailure, focusFirstError, hasErrors, withoutFieldError, type FormErrors } from '../form-errors';
import { logFailure } from '../log';
import {
  ANNOUNCEMENT_FORM,
  CANCEL_FORM,
  EDIT_EVENT_FORM,
  EDIT_EVENT_ORDER,
  GROUP_FORM,
  GROUP_ORDER,
  NOTHING_CHANGED,
  announcementErrors,
  cancelReasonErrors,
  changedFields,
  draftOfEvent,
  editDraftErrors,
  emptyGroupDraft,
  groupBody,
  groupDraftErrors,
  updateBody,
  type GroupDraft,
  type GroupField,
} from './organizer-forms';
import { type EventChanged, changeOf, isEventGone, isSessionGone, leaveGoneEvent, reportSessionGone } from '../session-gone';

export type OrganizerEvent =
  | { type: 'details.reloaded' }
  | { type: 'details.editRequested' }
  | { type: 'details.fieldChanged'; field: EventDraftField; value: string }
  | { type: 'details.featureToggled'; feature: AnxietyFeature }
  | { type: 'details.editCancelled' }
  | { type: 'details.submitted' }
  | { type: 'zones.reloaded' }
  /** "Add a zone" and "Edit": the zone editor takes over (the zone to edit, or none for a new one). */
  | { type: 'zone.addRequested' }
  | { type: 'zone.editRequested'; zoneId: string }
  /** From the zone editor: the session has ended. */
  | SessionExpired
  | EventChanged
  | { type: 'live.reconnected' }
  | { type: 'zone.removeRequested'; zoneId: string }
  | { type: 'zone.removeCancelled' }
  | { type: 'zone.removeConfirmed' }
  | { type: 'groups.reloaded' }
  | { type: 'group.fieldChanged'; field: GroupField; value: string }
  | { type: 'group.submitted' }
  | { type: 'organizers.reloaded' }
  | { type: 'coOrganizer.pickerOpened' }
  | { type: 'coOrganizer.pickerClosed' }
  | { type: 'coOrganizer.searched'; query: string }
  | { type: 'coOrganizer.picked'; userId: string }
  | { type: 'announcements.reloaded' }
  | { type: 'announcement.changed'; value: string }
  | { type: 'announcement.submitted' }
  | { type: 'cancel.requested' }
  | { type: 'cancel.reasonChanged'; value: string }
  | { type: 'cancel.dismissed' }
  | { type: 'cancel.submitted' };

/** Told to the root once the event is cancelled: it is gone, and so is everything kept for it. */
export type EventCancelled = { type: 'event.cancelled' };

/** What the hourly cap on announcements leaves (the answers of GET and POST announcements). */
export interface AnnouncementCap {
  left_this_hour: number;
  next_at: string | null;
}

export interface OrganizerContext {
  user: User;
  event: Event;
  draft: EventDraft;
  detailsErrors: FormErrors<EventDraftField>;
  zones: SafeZone[];
  /** The zone editor's subject while it is open: a zone to edit, or null for a new one. */
  editingZone: { zone: SafeZone | null } | null;
  /** The zone asked to be removed, until the person confirms or thinks better of it. */
  removingZone: SafeZone | null;
  /** A removal that did not go through. */
  zoneProblem: string | null;
  groups: MicroCommunity[];
  /** The group started last here (it comes with its group chat). */
  newGroupId: string | null;
  groupDraft: GroupDraft;
  groupErrors: FormErrors<GroupField>;
  organizers: Organizer[];
  /** The event's attendees, for picking a co-organizer. */
  attendees: AttendeeWithPhoto[];
  attendeeQuery: string;
  /** The attendee being named co-organizer, while the call is on its way. */
  addingId: string | null;
  organizersProblem: string | null;
  announcements: Announcement[];
  cap: AnnouncementCap | null;
  announcementDraft: string;
  announcementErrors: FormErrors<'message'>;
  /** The hourly cap was reached: the server's kind words, and when the next may go. */
  capNote: string | null;
  cancelReason: string;
  cancelErrors: FormErrors<'reason'>;
}

type Ids = { userId: string; eventId: string };
const ids = ({ context }: { context: OrganizerContext }): Ids => ({ userId: context.user.id, eventId: context.event.id });

/** At most this many attendees are offered to pick from (pages of the largest size). */
export const ATTENDEES_OFFERED = 1_000;

/** Every attendee (up to ATTENDEES_OFFERED), a page of 100 at a time, stopping at a short page. */
export async function loadAllAttendees(list: Api['attendeesWithPhotos'], input: Ids): Promise<AttendeeWithPhoto[]> {
  const all: AttendeeWithPhoto[] = [];
  while (all.length < ATTENDEES_OFFERED) {
    const page = await list(input.userId, input.eventId, { limit: PAGE_SIZE_MAX, offset: all.length });
    all.push(...page);
    if (page.length < PAGE_SIZE_MAX) break;
  }
  return all;
}

// Words the screen shows once something is done; the server's own words when it refused.
export const DETAILS_SAVED = 'Your changes are saved. Attendees see them now.';
export const ZONE_REMOVED = 'The zone is removed.';
export const ZONE_SAVED = 'The zone is saved. Attendees have it now.';
export const groupStarted = (name: string): string => `“${name}” is ready, with its own group chat.`;
export const coOrganizerAdded = (name: string): string => `${name} can now help organize this event.`;
export const announcementSent = (told: number): string =>
  told === 0 ? 'Your announcement is posted. Nobody else has joined yet.' : `Your announcement went to ${told === 1 ? '1 attendee' : `${told} attendees`}.`;
export const EVENT_CANCELLED = 'The event is cancelled. Everyone who joined has been told.';
export const SAVE_FAILED = "We couldn't save your changes just now. Nothing you typed is lost: please try again.";
export const REMOVE_FAILED = "We couldn't remove the zone just now. Please try again.";
export const GROUP_FAILED = "We couldn't start the group just now. Nothing you typed is lost: please try again.";
export const ADD_FAILED = "We couldn't add them just now. Please try again.";
export const SEND_FAILED = "We couldn't send the announcement just now. Nothing you wrote is lost: please try again.";
export const CANCEL_FAILED = "We couldn't cancel the event just now. Please try again.";

/** A calm word from the root once something is done. */
const toastOf = (message: string) => ({ type: 'toast.show' as const, message, kind: 'success' as const });

/** A refusal of the call: its status, when the server answered. */
const statusOf = (event: object): number | null => {
  const error = errorOf(event);
  return error instanceof ApiError ? error.status : null;
};

/**
 * The first answers to a refused call: a lost session goes to the root (the section
 * goes to `stay`), and a 403 closes the page, as the viewer no longer organizes the event.
 */
const refusedBy = (stay: string) => [
  { guard: 'isSessionGone' as const, target: stay, actions: 'reportSessionGone' as const },
  { guard: 'isForbidden' as const, target: '#organizer.forbidden' },
];

/** A section's list could not load: it says so with Try again (and the failure is logged). */
const loadFailed = (what: string) => [
  ...refusedBy('failed'),
  { target: 'failed', actions: { type: 'logFailure' as const, params: ({ event }: { event: { error?: unknown } }) => ({ what, error: event.error }) } },
];

export const organizerMachine = setup({
  types: {
    context: {} as OrganizerContext,
    input: {} as { user: User; event: Event },
    events: {} as OrganizerEvent,
    children: {} as { zoneEditor: 'zoneEditor' },
  },
  actors: {
    zoneEditor: zoneEditorMachine,
    loadEvent: fromPromise<Event, Ids>(({ input }) => api.getEvent(input.userId, input.eventId)),
    loadZones: fromPromise<SafeZone[], Ids>(({ input }) => api.safeZones(input.userId, input.eventId)),
    loadGroups: fromPromise<MicroCommunity[], Ids>(({ input }) => api.microCommunities(input.userId, input.eventId)),
    loadOrganizers: fromPromise<OrganizersAnswer, Ids>(({ input }) => api.organizers(input.userId, input.eventId)),
    loadAnnouncements: fromPromise<AnnouncementsAnswer, Ids>(({ input }) => api.announcements(input.userId, input.eventId)),
    loadAttendees: fromPromise<AttendeeWithPhoto[], Ids>(({ input }) => loadAllAttendees(api.attendeesWithPhotos, input)),
    updateEvent: fromPromise<Event, Ids & { body: UpdateEventBody }>(({ input }) => api.updateEvent(input.userId, input.eventId, input.body)),
    removeZone: fromPromise<unknown, Ids & { zoneId: string }>(({ input }) => api.deleteZone(input.userId, input.eventId, input.zoneId)),
    createGroup: fromPromise<NewCommunity, Ids & { body: CommunityBody }>(({ input }) =>
      api.createCommunity(input.userId, input.eventId, input.body),
    ),
    addOrganizer: fromPromise<AddOrganizerAnswer, Ids & { personId: string }>(({ input }) =>
      api.addOrganizer(input.userId, input.eventId, input.personId),
    ),
    announce: fromPromise<AnnouncementAnswer, Ids & { message: string }>(({ input }) => api.announce(input.userId, input.eventId, input.message)),
    cancelEvent: fromPromise<unknown, Ids & { reason: string }>(({ input }) => api.cancelEvent(input.userId, input.eventId, input.reason)),
  },
  guards: {
    isSessionGone,
    isEventGone,
    // The viewer has no part in organizing it: the event says so, or a call answers 403.
    hasNoRole: ({ context }) => !context.event.organizer_role,
    answersNoRole: ({ event }) => 'output' in event && !(event.output as Event).organizer_role,
    isForbidden: ({ event }) => statusOf(event) === 403,
    isGone: ({ event }) => statusOf(event) === 404,
    isConflict: ({ event }) => statusOf(event) === 409,
    isTooMany: ({ event }) => statusOf(event) === 429,
    isDraftInvalid: ({ context }) => hasErrors(editDraftErrors(context.event, context.draft)),
    isDraftUnchanged: ({ context }) => {
      const changed = changedFields(context.event, context.draft);
      return changed.fields.length === 0 && !changed.features;
    },
    isKnownZone: ({ context, event }) => {
      assertEvent(event, ['zone.editRequested', 'zone.removeRequested']);
      return context.zones.some((z) => z.id === event.zoneId);
    },
    isGroupInvalid: ({ context }) => hasErrors(groupDraftErrors(context.groupDraft)),
    isAnnouncementInvalid: ({ context }) => hasErrors(announcementErrors(context.announcementDraft)),
    isReasonInvalid: ({ context }) => hasErrors(cancelReasonErrors(context.cancelReason)),
  },
  actions: {
    reportSessionGone: reportSessionGone(),
    leaveGoneEvent: leaveGoneEvent(),
    readChangedAgain: enqueueActions(({ context, event, enqueue }) => {
      // After a reconnect anything may have changed; otherwise only what the message names.
      const change = event.type === 'live.reconnected' ? 'all' : changeOf(event, context.event.id);
      if (change === null) return;
      const reads: Record<string, OrganizerEvent['type'][]> = {
        details: ['details.reloaded', 'organizers.reloaded'],
        organizers: ['organizers.reloaded', 'details.reloaded'],
        zones: ['zones.reloaded'],
        communities: ['groups.reloaded'],
        announcement: ['announcements.reloaded'],
        all: ['details.reloaded', 'zones.reloaded', 'groups.reloaded', 'organizers.reloaded', 'announcements.reloaded'],
      };
      for (const type of reads[change] ?? []) enqueue.raise({ type } as OrganizerEvent);
    }),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
    toast: sendParent((_, params: { message: string }) => toastOf(params.message)),
    focusFirstError: (_, params: { form: string; order: readonly string[]; errors: FormErrors<string> }) =>
      focusFirstError(params.form, params.order, params.errors),
    takeEvent: assign({ event: (_, params: { event: Event }) => params.event }),
    // Details
    startDraft: assign(({ context }) => ({ draft: draftOfEvent(context.event), detailsErrors: NO_ERRORS })),
    updateDraft: assign(({ context, event }) => {
      assertEvent(event, 'details.fieldChanged');
      return { draft: { ...context.draft, [event.field]: event.value }, detailsErrors: withoutFieldError(context.detailsErrors, event.field) };
    }),
    toggleFeature: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'details.featureToggled');
        const on = context.draft.features.includes(event.feature);
        return { ...context.draft, features: on ? context.draft.features.filter((f) => f !== event.feature) : [...context.draft.features, event.feature] };
      },
    }),
    reportDraftErrors: assign({ detailsErrors: ({ context }) => editDraftErrors(context.event, context.draft) }),
    reportUnchanged: assign({ detailsErrors: { fields: {}, form: NOTHING_CHANGED } }),
    clearDetailsErrors: assign({ detailsErrors: NO_ERRORS }),
    // The server's duplicate rule: SPEC 8's sentence, beside the start time.
    showDuplicate: assign({ detailsErrors: { fields: { start: MESSAGES.duplicateEvent }, form: null } }),
    showSaveFailure: assign({
      detailsErrors: ({ event }) => errorsFromFailure<EventDraftField>(errorOf(event), { fields: EVENT_FIELDS, fallback: SAVE_FAILED }),
    }),
    // Zones
    openZoneEditor: assign({
      editingZone: ({ context, event }) => {
        assertEvent(event, ['zone.addRequested', 'zone.editRequested']);
        return { zone: event.type === 'zone.editRequested' ? (context.zones.find((z) => z.id === event.zoneId) ?? null) : null };
      },
      zoneProblem: null,
    }),
    closeZoneEditor: assign({ editingZone: null }),
    askToRemove: assign({
      removingZone: ({ context, event }) => {
        assertEvent(event, 'zone.removeRequested');
        return context.zones.find((z) => z.id === event.zoneId) ?? null;
      },
      zoneProblem: null,
    }),
    forgetRemoval: assign({ removingZone: null }),
    showRemoveFailure: assign({ removingZone: null, zoneProblem: ({ event }) => (statusOf(event) === 404 ? null : REMOVE_FAILED) }),
    // Groups
    updateGroupDraft: assign(({ context, event }) => {
      assertEvent(event, 'group.fieldChanged');
      return { groupDraft: { ...context.groupDraft, [event.field]: event.value }, groupErrors: withoutFieldError(context.groupErrors, event.field) };
    }),
    reportGroupErrors: assign({ groupErrors: ({ context }) => groupDraftErrors(context.groupDraft) }),
    clearGroupErrors: assign({ groupErrors: NO_ERRORS }),
    addGroup: assign({
      groups: ({ context }, params: { group: NewCommunity }) => [
        ...context.groups,
        {
          id: params.group.id,
          name: params.group.name,
          description: params.group.description,
          interest_tag: params.group.interest_tag,
          member_count: params.group.member_count,
          is_member: params.group.is_member,
        },
      ],
      newGroupId: (_, params: { group: NewCommunity }) => params.group.id,
      groupDraft: emptyGroupDraft,
      groupErrors: NO_ERRORS,
    }),
    // A group of that name (409) is said beside the name; any other refusal where it belongs.
    showGroupFailure: assign({
      groupErrors: ({ event }) =>
        statusOf(event) === 409
          ? { fields: { name: (errorOf(event) as ApiError).detail ?? 'This event has a group of that name already.' }, form: null }
          : errorsFromFailure<GroupField>(errorOf(event), { fields: { name: 'name', description: 'description', interest_tag: 'interest_tag' }, fallback: GROUP_FAILED }),
    }),
    // Co-organizers
    searchAttendees: assign({
      attendeeQuery: ({ event }) => {
        assertEvent(event, 'coOrganizer.searched');
        return event.query;
      },
    }),
    closePicker: assign({ attendeeQuery: '', organizersProblem: null }),
    markAdding: assign({
      addingId: ({ event }) => {
        assertEvent(event, 'coOrganizer.picked');
        return event.userId;
      },
      organizersProblem: null,
    }),
    showAddFailure: assign({ addingId: null, organizersProblem: ({ event }) => (statusOf(event) === 400 || statusOf(event) === 404 ? (errorOf(event) as ApiError).detail : null) ?? ADD_FAILED }),
    tellAdded: enqueueActions(({ context, enqueue }, params: { answer: AddOrganizerAnswer }) => {
      const person = context.attendees.find((a) => a.id === context.addingId);
      enqueue.assign({ organizers: params.answer.organizers, addingId: null, attendeeQuery: '' });
      enqueue.sendParent(toastOf(coOrganizerAdded(person?.name ?? 'They')));
    }),
    // Announcements
    updateAnnouncement: assign({
      announcementDraft: ({ event }) => {
        assertEvent(event, 'announcement.changed');
        return event.value;
      },
      announcementErrors: NO_ERRORS,
    }),
    reportAnnouncementErrors: assign({ announcementErrors: ({ context }) => announcementErrors(context.announcementDraft) }),
    takeAnnouncements: assign((_, params: { answer: AnnouncementsAnswer }) => ({
      announcements: params.answer.announcements,
      cap: { left_this_hour: params.answer.left_this_hour, next_at: params.answer.next_at },
    })),
    addAnnouncement: assign(({ context }, params: { answer: AnnouncementAnswer }) => ({
      announcements: [params.answer.announcement, ...context.announcements],
      cap: { left_this_hour: params.answer.left_this_hour, next_at: params.answer.next_at },
      announcementDraft: '',
      announcementErrors: NO_ERRORS,
      capNote: null,
    })),
    // Past the cap: the server's kind words, the message kept for later.
    showCapReached: assign({
      capNote: ({ event }) => (errorOf(event) as ApiError).detail,
      cap: ({ context }) => (context.cap ? { ...context.cap, left_this_hour: 0 } : context.cap),
    }),
    showSendFailure: assign({
      announcementErrors: ({ event }) => errorsFromFailure<'message'>(errorOf(event), { fields: { message: 'message' }, fallback: SEND_FAILED }),
    }),
    // Cancelling
    openCancel: assign({ cancelReason: '', cancelErrors: NO_ERRORS }),
    updateReason: assign({
      cancelReason: ({ event }) => {
        assertEvent(event, 'cancel.reasonChanged');
        return event.value;
      },
      cancelErrors: NO_ERRORS,
    }),
    reportReasonErrors: assign({ cancelErrors: ({ context }) => cancelReasonErrors(context.cancelReason) }),
    showCancelFailure: assign({
      cancelErrors: ({ event }) => errorsFromFailure<'reason'>(errorOf(event), { fields: { reason: 'reason' }, fallback: CANCEL_FAILED }),
    }),
    // The event is gone: a calm word, and the root takes the person to the events list.
    leaveCancelled: enqueueActions(({ enqueue }) => {
      enqueue.sendParent(toastOf(EVENT_CANCELLED));
      enqueue.sendParent({ type: 'event.cancelled' } satisfies EventCancelled);
    }),
  },
}).createMachine({
  id: 'organizer',
  on: {
    // From the zone editor: the root signs the person out.
    'session.expired': { actions: sendParent(({ event }) => event) },
    // Another organizer changed the event (issue 17): what changed is read again where it
    // is not being edited; cancelled or taken down, the person is taken to the events list.
    // (Cancelled from here, this chart says so itself as the answer comes: not twice.)
    'live.event_changed': [
      {
        guard: and(['isEventGone', not(or([stateIn({ open: { cancel: 'cancelling' } }), stateIn({ open: { cancel: 'cancelled' } })]))]),
        actions: 'leaveGoneEvent',
      },
      { guard: not('isEventGone'), actions: 'readChangedAgain' },
    ],
    'live.reconnected': { actions: 'readChangedAgain' },
  },
  context: ({ input }) => ({
    user: input.user,
    event: input.event,
    draft: draftOfEvent(input.event),
    detailsErrors: NO_ERRORS,
    zones: [],
    editingZone: null,
    removingZone: null,
    zoneProblem: null,
    groups: [],
    newGroupId: null,
    groupDraft: emptyGroupDraft,
    groupErrors: NO_ERRORS,
    organizers: [],
    attendees: [],
    attendeeQuery: '',
    addingId: null,
    organizersProblem: null,
    announcements: [],
    cap: null,
    announcementDraft: '',
    announcementErrors: NO_ERRORS,
    capNote: null,
    cancelReason: '',
    cancelErrors: NO_ERRORS,
  }),
  initial: 'checking',
  states: {
    // The event as the root holds it already says whether the viewer organizes it.
    checking: { always: [{ guard: 'hasNoRole', target: 'forbidden' }, { target: 'open' }] },
    // Only its organizers may use the page: said calmly, with the way back.
    forbidden: {},
    // The event is not there any more (cancelled by another organizer, or taken down).
    gone: {},
    open: {
      type: 'parallel',
      states: {
        details: {
          initial: 'loading',
          states: {
            // The event as it stands now, so an edit starts from the current details.
            loading: {
              invoke: {
                src: 'loadEvent',
                input: ids,
                onDone: [
                  { guard: 'answersNoRole', target: '#organizer.forbidden' },
                  { target: 'ready', actions: { type: 'takeEvent', params: ({ event }) => ({ event: event.output }) } },
                ],
                onError: [{ guard: 'isGone', target: '#organizer.gone' }, ...loadFailed('load event')],
              },
            },
            failed: { on: { 'details.reloaded': 'loading' } },
            ready: { on: { 'details.reloaded': 'loading', 'details.editRequested': { target: 'editing', actions: 'startDraft' } } },
            editing: {
              on: {
                'details.fieldChanged': { actions: 'updateDraft' },
                'details.featureToggled': { actions: 'toggleFeature' },
                'details.editCancelled': 'ready',
                'details.submitted': [
                  {
                    guard: 'isDraftInvalid',
                    actions: [
                      'reportDraftErrors',
                      { type: 'focusFirstError', params: ({ context }) => ({ form: EDIT_EVENT_FORM, order: EDIT_EVENT_ORDER, errors: context.detailsErrors }) },
                    ],
                  },
                  { guard: 'isDraftUnchanged', actions: 'reportUnchanged' },
                  { target: 'saving' },
                ],
              },
            },
            saving: {
              entry: 'clearDetailsErrors',
              invoke: {
                src: 'updateEvent',
                input: ({ context }) => ({ ...ids({ context }), body: updateBody(context.event, context.draft) }),
                onDone: {
                  target: 'ready',
                  actions: [{ type: 'takeEvent', params: ({ event }) => ({ event: event.output }) }, { type: 'toast', params: { message: DETAILS_SAVED } }],
                },
                onError: [
                  ...refusedBy('editing'),
                  {
                    guard: 'isConflict',
                    target: 'editing',
                    actions: [
                      'showDuplicate',
                      { type: 'focusFirstError', params: ({ context }) => ({ form: EDIT_EVENT_FORM, order: EDIT_EVENT_ORDER, errors: context.detailsErrors }) },
                    ],
                  },
                  {
                    target: 'editing',
                    actions: [
                      'showSaveFailure',
                      { type: 'focusFirstError', params: ({ context }) => ({ form: EDIT_EVENT_FORM, order: EDIT_EVENT_ORDER, errors: context.detailsErrors }) },
                    ],
                  },
                ],
              },
            },
          },
        },
        zones: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadZones',
                input: ids,
                onDone: { target: 'ready', actions: assign({ zones: ({ event }) => event.output }) },
                onError: loadFailed('load safe zones'),
              },
            },
            failed: { on: { 'zones.reloaded': 'loading' } },
            ready: {
              on: {
                'zones.reloaded': 'loading',
                'zone.addRequested': { target: 'editingZone', actions: 'openZoneEditor' },
                'zone.editRequested': { guard: 'isKnownZone', target: 'editingZone', actions: 'openZoneEditor' },
                'zone.removeRequested': { guard: 'isKnownZone', target: 'confirmingRemoval', actions: 'askToRemove' },
              },
            },
            // The zone editor (its own chart, shared with the create-event form's quiet-room
            // step) is open; saved, the list is read again; cancelled, it is as it was.
            editingZone: {
              invoke: {
                id: 'zoneEditor',
                src: 'zoneEditor',
                input: ({ context }) => ({ ...ids({ context }), zone: context.editingZone?.zone ?? null }),
                onDone: [
                  {
                    guard: ({ event }) => event.output !== null,
                    target: 'loading',
                    actions: ['closeZoneEditor', { type: 'toast', params: { message: ZONE_SAVED } }],
                  },
                  { target: 'ready', actions: 'closeZoneEditor' },
                ],
              },
            },
            // Removing asks first: attendees lose the zone at once.
            confirmingRemoval: {
              on: {
                'zone.removeCancelled': { target: 'ready', actions: 'forgetRemoval' },
                'zone.removeConfirmed': 'removing',
              },
            },
            removing: {
              invoke: {
                src: 'removeZone',
                input: ({ context }) => ({ ...ids({ context }), zoneId: context.removingZone!.id }),
                onDone: { target: 'loading', actions: ['forgetRemoval', { type: 'toast', params: { message: ZONE_REMOVED } }] },
                onError: [
                  ...refusedBy('ready'),
                  // Gone already (another organizer removed it): the list is read again.
                  { guard: 'isGone', target: 'loading', actions: 'forgetRemoval' },
                  { target: 'ready', actions: ['showRemoveFailure', { type: 'logFailure', params: ({ event }) => ({ what: 'remove zone', error: event.error }) }] },
                ],
              },
            },
          },
        },
        groups: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadGroups',
                input: ids,
                onDone: { target: 'ready', actions: assign({ groups: ({ event }) => event.output }) },
                onError: loadFailed('load interest groups'),
              },
            },
            failed: { on: { 'groups.reloaded': 'loading' } },
            ready: {
              on: {
                'groups.reloaded': 'loading',
                'group.fieldChanged': { actions: 'updateGroupDraft' },
                'group.submitted': [
                  {
                    guard: 'isGroupInvalid',
                    actions: [
                      'reportGroupErrors',
                      { type: 'focusFirstError', params: ({ context }) => ({ form: GROUP_FORM, order: GROUP_ORDER, errors: context.groupErrors }) },
                    ],
                  },
                  { target: 'creating' },
                ],
              },
            },
            creating: {
              entry: 'clearGroupErrors',
              invoke: {
                src: 'createGroup',
                input: ({ context }) => ({ ...ids({ context }), body: groupBody(context.groupDraft) }),
                onDone: {
                  target: 'ready',
                  actions: [
                    { type: 'addGroup', params: ({ event }) => ({ group: event.output }) },
                    { type: 'toast', params: ({ event }) => ({ message: groupStarted(event.output.name) }) },
                  ],
                },
                onError: [
                  ...refusedBy('ready'),
                  {
                    target: 'ready',
                    actions: [
                      'showGroupFailure',
                      { type: 'focusFirstError', params: ({ context }) => ({ form: GROUP_FORM, order: GROUP_ORDER, errors: context.groupErrors }) },
                    ],
                  },
                ],
              },
            },
          },
        },
        organizers: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadOrganizers',
                input: ids,
                onDone: { target: 'ready', actions: assign({ organizers: ({ event }) => event.output.organizers }) },
                onError: loadFailed('load organizers'),
              },
            },
            failed: { on: { 'organizers.reloaded': 'loading' } },
            // Any organizer may name a co-organizer (server/domain/access.ts newCoOrganizer): an attendee, not themself.
            ready: {
              initial: 'idle',
              states: {
                idle: { on: { 'organizers.reloaded': '#organizer.open.organizers.loading', 'coOrganizer.pickerOpened': 'loadingAttendees' } },
                loadingAttendees: {
                  invoke: {
                    src: 'loadAttendees',
                    input: ids,
                    onDone: { target: 'choosing', actions: assign({ attendees: ({ event }) => event.output }) },
                    onError: [
                      { guard: 'isSessionGone', target: 'attendeesFailed', actions: 'reportSessionGone' },
                      {
                        target: 'attendeesFailed',
                        actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load attendees', error: event.error }) },
                      },
                    ],
                  },
                  on: { 'coOrganizer.pickerClosed': { target: 'idle', actions: 'closePicker' } },
                },
                attendeesFailed: {
                  on: {
                    'coOrganizer.pickerOpened': 'loadingAttendees',
                    'coOrganizer.pickerClosed': { target: 'idle', actions: 'closePicker' },
                  },
                },
                choosing: {
                  on: {
                    'coOrganizer.searched': { actions: 'searchAttendees' },
                    'coOrganizer.picked': { target: 'adding', actions: 'markAdding' },
                    'coOrganizer.pickerClosed': { target: 'idle', actions: 'closePicker' },
                  },
                },
                adding: {
                  invoke: {
                    src: 'addOrganizer',
                    input: ({ context }) => ({ ...ids({ context }), personId: context.addingId! }),
                    onDone: { target: 'idle', actions: { type: 'tellAdded', params: ({ event }) => ({ answer: event.output }) } },
                    onError: [
                      ...refusedBy('choosing'),
                      { target: 'choosing', actions: 'showAddFailure' },
                    ],
                  },
                },
              },
            },
          },
        },
        announcements: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadAnnouncements',
                input: ids,
                onDone: { target: 'ready', actions: { type: 'takeAnnouncements', params: ({ event }) => ({ answer: event.output }) } },
                onError: loadFailed('load announcements'),
              },
            },
            failed: { on: { 'announcements.reloaded': 'loading' } },
            ready: {
              on: {
                'announcements.reloaded': 'loading',
                'announcement.changed': { actions: 'updateAnnouncement' },
                'announcement.submitted': [
                  {
                    guard: 'isAnnouncementInvalid',
                    actions: [
                      'reportAnnouncementErrors',
                      {
                        type: 'focusFirstError',
                        params: ({ context }) => ({ form: ANNOUNCEMENT_FORM, order: ['message'], errors: context.announcementErrors }),
                      },
                    ],
                  },
                  { target: 'sending' },
                ],
              },
            },
            sending: {
              invoke: {
                src: 'announce',
                input: ({ context }) => ({ ...ids({ context }), message: context.announcementDraft.trim() }),
                onDone: {
                  target: 'ready',
                  actions: [
                    { type: 'addAnnouncement', params: ({ event }) => ({ answer: event.output }) },
                    { type: 'toast', params: ({ event }) => ({ message: announcementSent(event.output.attendees_told) }) },
                  ],
                },
                onError: [
                  ...refusedBy('ready'),
                  { guard: 'isTooMany', target: 'ready', actions: 'showCapReached' },
                  { target: 'ready', actions: 'showSendFailure' },
                ],
              },
            },
          },
        },
        cancel: {
          initial: 'idle',
          states: {
            idle: { on: { 'cancel.requested': { target: 'confirming', actions: 'openCancel' } } },
            // The dialog: the reason every attendee will read, and a last chance to keep the event.
            confirming: {
              on: {
                'cancel.reasonChanged': { actions: 'updateReason' },
                'cancel.dismissed': 'idle',
                'cancel.submitted': [
                  {
                    guard: 'isReasonInvalid',
                    actions: [
                      'reportReasonErrors',
                      { type: 'focusFirstError', params: ({ context }) => ({ form: CANCEL_FORM, order: ['reason'], errors: context.cancelErrors }) },
                    ],
                  },
                  { target: 'cancelling' },
                ],
              },
            },
            cancelling: {
              invoke: {
                src: 'cancelEvent',
                input: ({ context }) => ({ ...ids({ context }), reason: context.cancelReason.trim() }),
                onDone: { target: 'cancelled', actions: 'leaveCancelled' },
                onError: [
                  ...refusedBy('confirming'),
                  {
                    target: 'confirming',
                    actions: [
                      'showCancelFailure',
                      { type: 'focusFirstError', params: ({ context }) => ({ form: CANCEL_FORM, order: ['reason'], errors: context.cancelErrors }) },
                    ],
                  },
                ],
              },
            },
            // The root takes the person to the events list as this is reached.
            cancelled: {},
          },
        },
      },
    },
  },
});

export type OrganizerActorRef = ActorRefFrom<typeof organizerMachine>;
export type OrganizerSnapshot = SnapshotFrom<typeof organizerMachine>;

/** Where a section's list stands, for its loading, failed and empty states. */
export type SectionStatus = 'loading' | 'failed' | 'ready';
type Section = 'details' | 'zones' | 'groups' | 'organizers' | 'announcements';
export const selectSectionStatus = (s: OrganizerSnapshot, section: Section): SectionStatus =>
  s.matches({ open: { [section]: 'loading' } }) ? 'loading' : s.matches({ open: { [section]: 'failed' } }) ? 'failed' : 'ready';

/** The page as a whole: open, only for organizers, or its event gone. */
export const selectPage = (s: OrganizerSnapshot): 'open' | 'forbidden' | 'gone' =>
  s.matches('forbidden') ? 'forbidden' : s.matches('gone') ? 'gone' : 'open';

/** The details form is open (being edited or saved). */
export const selectEditing = (s: OrganizerSnapshot): 'closed' | 'editing' | 'saving' =>
  s.matches({ open: { details: 'saving' } }) ? 'saving' : s.matches({ open: { details: 'editing' } }) ? 'editing' : 'closed';

/**
 * Who may name a co-organizer: the organizer and every co-organizer alike, as
 * server/domain/access.ts (eventForOrganizer, newCoOrganizer) has it.
 */
export const canAddCoOrganizers = (event: Pick<Event, 'organizer_role'>): boolean => !!event.organizer_role;

/** The co-organizer picker: closed, loading the attendees, failed to, choosing, or adding one. */
export const selectPicker = (s: OrganizerSnapshot): 'closed' | 'loading' | 'failed' | 'choosing' | 'adding' => {
  const at = (state: 'loadingAttendees' | 'attendeesFailed' | 'choosing' | 'adding') => s.matches({ open: { organizers: { ready: state } } });
  if (at('loadingAttendees')) return 'loading';
  if (at('attendeesFailed')) return 'failed';
  if (at('choosing')) return 'choosing';
  if (at('adding')) return 'adding';
  return 'closed';
};

/** The picker shows this many people at most; searching finds the others. */
export const PICKER_SHOWN = 20;

/**
 * The attendees who could become co-organizers: not the viewer, not an organizer
 * already, their name holding what was searched (case aside); the first PICKER_SHOWN
 * of them, and how many more the search would narrow down to.
 */
export function selectPickable(s: OrganizerSnapshot): { shown: AttendeeWithPhoto[]; more: number } {
  const c = s.context;
  const taken = new Set(c.organizers.flatMap((o) => (o.id ? [o.id] : [])));
  const query = c.attendeeQuery.trim().toLowerCase();
  const all = c.attendees.filter(
    (a) => a.id !== c.user.id && !taken.has(a.id) && (!query || a.name.toLowerCase().includes(query) || (a.username ?? '').toLowerCase().includes(query)),
  );
  return { shown: all.slice(0, PICKER_SHOWN), more: Math.max(0, all.length - PICKER_SHOWN) };
}
