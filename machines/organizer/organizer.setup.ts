/**
 * Everything the organizer tools' chart (organizer.machine.ts) uses, by name: what it holds
 * and hears (organizer.types.ts), what it says, the calls it makes (organizer.actors.ts),
 * its guards and its actions.
 */
import { assertEvent, assign, enqueueActions, sendParent, setup } from 'xstate';
import type { User } from '../../contract/common';
import type { Event } from '../../contract/events';
import { MESSAGES } from '../../contract/messages';
import type { AddOrganizerAnswer, AnnouncementAnswer, AnnouncementsAnswer, NewCommunity } from '../../contract/organizer';
import { ApiError, errorOf, saidBy } from '../api/client';
import { zoneEditorMachine } from './zone-editor.machine';
import { EVENT_FIELDS, type EventDraftField } from './create-event.machine';
import { NO_ERRORS, errorsFromFailure, focusFirstError, hasErrors, withoutFieldError, type FormErrors } from '../form-errors';
import { logFailure } from '../log';
import {
  NOTHING_CHANGED,
  announcementErrors,
  cancelReasonErrors,
  changedFields,
  draftOfEvent,
  editDraftErrors,
  emptyGroupDraft,
  groupDraftErrors,
  type GroupField,
} from './organizer-forms';
import { changeOf, isEventGone, isSessionGone, leaveGoneEvent, reportSessionGone } from '../session-gone';
import { sentence, type Said } from '../../contract/said';
import type { EventCancelled, OrganizerContext, OrganizerEvent } from './organizer.types';
import { organizerActors } from './organizer.actors';
import { editsChanged, type EditsChanged, type EditsSaveFailed } from '../app/form-edits';
import { announcementDraftKey, keepDraft, newGroupDraftKey } from '../chat/drafts';

export type { AnnouncementCap, EventCancelled, OrganizerContext, OrganizerEvent } from './organizer.types';
export { ATTENDEES_OFFERED, ids, loadAllAttendees } from './organizer.actors';

// Words the screen shows once something is done; the server's own words when it refused.
export const DETAILS_SAVED: Said = /*i18n*/ { id: 'organizer.detailsSaved', message: 'Your changes are saved. Attendees see them now.' };
export const ZONE_REMOVED: Said = /*i18n*/ { id: 'organizer.zoneRemoved', message: 'The zone is removed.' };
export const ZONE_SAVED: Said = /*i18n*/ { id: 'organizer.zoneSaved', message: 'The zone is saved. Attendees have it now.' };
export const groupStarted = sentence(
  /*i18n*/ { id: 'organizer.groupStarted', message: '“{name}” is ready, with its own group chat.' },
  ({ name }: { name: string }) => `“${name}” is ready, with its own group chat.`,
);
export const coOrganizerAdded = sentence(
  /*i18n*/ { id: 'organizer.coOrganizerAdded', message: '{name} can now help organize this event.' },
  ({ name }: { name: string }) => `${name} can now help organize this event.`,
);
export const announcementSent = sentence(
  /*i18n*/ {
    id: 'organizer.announcementSent',
    message:
      '{told, plural, =0 {Your announcement is posted. Nobody else has joined yet.} one {Your announcement went to # attendee.} other {Your announcement went to # attendees.}}',
  },
  ({ told }: { told: number }) =>
    told === 0 ? 'Your announcement is posted. Nobody else has joined yet.' : `Your announcement went to ${told === 1 ? '1 attendee' : `${told} attendees`}.`,
);
const GROUP_NAME_TAKEN: Said = /*i18n*/ { id: 'organizer.groupNameTaken', message: 'This event has a group of that name already.' };
export const EVENT_CANCELLED: Said = /*i18n*/ { id: 'organizer.eventCancelled', message: 'The event is cancelled. Everyone who joined has been told.' };
export const SAVE_FAILED: Said = /*i18n*/ { id: 'organizer.saveFailed', message: "We couldn't save your changes just now. Nothing you typed is lost: please try again." };
export const REMOVE_FAILED: Said = /*i18n*/ { id: 'organizer.removeFailed', message: "We couldn't remove the zone just now. Please try again." };
export const GROUP_FAILED: Said = /*i18n*/ { id: 'organizer.groupFailed', message: "We couldn't start the group just now. Nothing you typed is lost: please try again." };
export const ADD_FAILED: Said = /*i18n*/ { id: 'organizer.addFailed', message: "We couldn't add them just now. Please try again." };
export const SEND_FAILED: Said = /*i18n*/ { id: 'organizer.sendFailed', message: "We couldn't send the announcement just now. Nothing you wrote is lost: please try again." };
export const CANCEL_FAILED: Said = /*i18n*/ { id: 'organizer.cancelFailed', message: "We couldn't cancel the event just now. Please try again." };

/** A calm word from the root once something is done. */
const toastOf = (message: Said) => ({ type: 'toast.show' as const, message, kind: 'success' as const });

/** A refusal of the call: its status, when the server answered. */
const statusOf = (event: object): number | null => {
  const error = errorOf(event);
  return error instanceof ApiError ? error.status : null;
};

/**
 * The first answers to a refused call: a lost session goes to the root (the section
 * goes to `stay`), and a 403 closes the page, as the viewer no longer organizes the event.
 */
export const refusedBy = (stay: string) => [
  { guard: 'isSessionGone' as const, target: stay, actions: 'reportSessionGone' as const },
  { guard: 'isForbidden' as const, target: '#organizer.forbidden' },
];

/** A section's list could not load: it says so with Try again (and the failure is logged). */
export const loadFailed = (what: string) => [
  ...refusedBy('failed'),
  { target: 'failed', actions: { type: 'logFailure' as const, params: ({ event }: { event: { error?: unknown } }) => ({ what, error: event.error }) } },
];

export const organizerSetup = setup({
  types: {
    context: {} as OrganizerContext,
    input: {} as { user: User; event: Event },
    events: {} as OrganizerEvent,
    children: {} as { zoneEditor: 'zoneEditor' },
  },
  actors: {
    zoneEditor: zoneEditorMachine,
    ...organizerActors,
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
    toast: sendParent((_, params: { message: Said }) => toastOf(params.message)),
    focusFirstError: (_, params: { form: string; order: readonly string[]; errors: FormErrors<string> }) =>
      focusFirstError(params.form, params.order, params.errors),
    takeEvent: assign({ event: (_, params: { event: Event }) => params.event }),
    // Details
    startDraft: assign(({ context }) => ({ draft: draftOfEvent(context.event), detailsErrors: NO_ERRORS })),
    // Whether the details differ from the event as loaded (issue 39): leaving then asks first.
    tellDetailsEdits: sendParent(({ context }) => editsChanged('organizer', context.draft, draftOfEvent(context.event))),
    tellNoDetailsEdits: sendParent(editsChanged('organizer', null, null)),
    tellSaveFailed: sendParent({ type: 'edits.saveFailed' } satisfies EditsSaveFailed),
    // The zone editor's word about its edits goes on to the root, which asks it to save by its system id.
    forwardEdits: sendParent(({ event }) => {
      assertEvent(event, 'edits.changed');
      return event satisfies EditsChanged;
    }),
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
    // A group being started is kept without asking too, as the announcement is (issue 39).
    updateGroupDraft: assign(({ context, event }) => {
      assertEvent(event, 'group.fieldChanged');
      const groupDraft = { ...context.groupDraft, [event.field]: event.value };
      keepDraft(newGroupDraftKey(context.user.id, context.event.id), Object.values(groupDraft).some(Boolean) ? JSON.stringify(groupDraft) : '');
      return { groupDraft, groupErrors: withoutFieldError(context.groupErrors, event.field) };
    }),
    reportGroupErrors: assign({ groupErrors: ({ context }) => groupDraftErrors(context.groupDraft) }),
    clearGroupErrors: assign({ groupErrors: NO_ERRORS }),
    addGroup: assign({
      groups: ({ context }, params: { group: NewCommunity }) => {
        keepDraft(newGroupDraftKey(context.user.id, context.event.id), '');
        return [
        ...context.groups,
        {
          id: params.group.id,
          name: params.group.name,
          description: params.group.description,
          interest_tag: params.group.interest_tag,
          member_count: params.group.member_count,
          is_member: params.group.is_member,
        },
        ];
      },
      newGroupId: (_, params: { group: NewCommunity }) => params.group.id,
      groupDraft: emptyGroupDraft,
      groupErrors: NO_ERRORS,
    }),
    // A group of that name (409) is said beside the name; any other refusal where it belongs.
    showGroupFailure: assign({
      groupErrors: ({ event }) =>
        statusOf(event) === 409
          ? { fields: { name: saidBy(errorOf(event)) ?? GROUP_NAME_TAKEN }, form: null }
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
    showAddFailure: assign({
      addingId: null,
      organizersProblem: ({ event }) => (statusOf(event) === 400 || statusOf(event) === 404 ? saidBy(errorOf(event)) : null) ?? ADD_FAILED,
    }),
    tellAdded: enqueueActions(({ context, enqueue }, params: { answer: AddOrganizerAnswer }) => {
      const person = context.attendees.find((a) => a.id === context.addingId);
      enqueue.assign({ organizers: params.answer.organizers, addingId: null, attendeeQuery: '' });
      enqueue.sendParent(toastOf(coOrganizerAdded({ name: person?.name ?? 'They' })));
    }),
    // Announcements
    // An announcement being written is kept without asking, as a chat's draft is (issue 39).
    updateAnnouncement: assign(({ context, event }) => {
      assertEvent(event, 'announcement.changed');
      keepDraft(announcementDraftKey(context.user.id, context.event.id), event.value);
      return { announcementDraft: event.value, announcementErrors: NO_ERRORS };
    }),
    reportAnnouncementErrors: assign({ announcementErrors: ({ context }) => announcementErrors(context.announcementDraft) }),
    takeAnnouncements: assign((_, params: { answer: AnnouncementsAnswer }) => ({
      announcements: params.answer.announcements,
      cap: { left_this_hour: params.answer.left_this_hour, next_at: params.answer.next_at },
    })),
    addAnnouncement: assign(({ context }, params: { answer: AnnouncementAnswer }) => {
      keepDraft(announcementDraftKey(context.user.id, context.event.id), '');
      return {
      announcements: [params.answer.announcement, ...context.announcements],
      cap: { left_this_hour: params.answer.left_this_hour, next_at: params.answer.next_at },
      announcementDraft: '',
      announcementErrors: NO_ERRORS,
      capNote: null,
      };
    }),
    // Past the cap: the server's kind words, the message kept for later.
    showCapReached: assign({
      capNote: ({ event }) => saidBy(errorOf(event)),
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
});
