/**
 * The sections of the organizer page (organizer.machine.ts), each a region of its own so a
 * slow or failed one never holds up another: the details, the safe zones, the interest
 * groups, the organizers, the announcements and cancelling the event.
 */
import { assign } from 'xstate';
import {
  ANNOUNCEMENT_FORM,
  CANCEL_FORM,
  EDIT_EVENT_FORM,
  EDIT_EVENT_ORDER,
  GROUP_FORM,
  GROUP_ORDER,
  groupBody,
  updateBody,
} from './organizer-forms';
import {
  announcementSent,
  DETAILS_SAVED,
  groupStarted,
  ids,
  loadFailed,
  organizerSetup,
  refusedBy,
  ZONE_REMOVED,
  ZONE_SAVED,
} from './organizer.setup';
import { ZONE_EDITOR } from './zone-editor.machine';

export const detailsSection = organizerSetup.createStateConfig({
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
        'details.fieldChanged': { actions: ['updateDraft', 'tellDetailsEdits'] },
        'details.featureToggled': { actions: ['toggleFeature', 'tellDetailsEdits'] },
        'details.editCancelled': { target: 'ready', actions: 'tellNoDetailsEdits' },
        // Saving to leave (issue 39): as submitting, but a draft that cannot be saved keeps the person here.
        'edits.save': [
          {
            guard: 'isDraftInvalid',
            actions: [
              'reportDraftErrors',
              { type: 'focusFirstError', params: ({ context }) => ({ form: EDIT_EVENT_FORM, order: EDIT_EVENT_ORDER, errors: context.detailsErrors }) },
              'tellSaveFailed',
            ],
          },
          { guard: 'isDraftUnchanged', target: 'ready', actions: 'tellNoDetailsEdits' },
          { target: 'saving' },
        ],
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
          // Last: a person saving to leave goes once the root hears it.
          actions: [{ type: 'takeEvent', params: ({ event }) => ({ event: event.output }) }, { type: 'toast', params: { message: DETAILS_SAVED } }, 'tellNoDetailsEdits'],
        },
        onError: [
          ...refusedBy('editing'),
          {
            guard: 'isConflict',
            target: 'editing',
            actions: [
              'showDuplicate',
              { type: 'focusFirstError', params: ({ context }) => ({ form: EDIT_EVENT_FORM, order: EDIT_EVENT_ORDER, errors: context.detailsErrors }) },
              'tellSaveFailed',
            ],
          },
          {
            target: 'editing',
            actions: [
              'showSaveFailure',
              { type: 'focusFirstError', params: ({ context }) => ({ form: EDIT_EVENT_FORM, order: EDIT_EVENT_ORDER, errors: context.detailsErrors }) },
              'tellSaveFailed',
            ],
          },
        ],
      },
    },
  },
});

export const zonesSection = organizerSetup.createStateConfig({
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
        systemId: ZONE_EDITOR,
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
});

export const groupsSection = organizerSetup.createStateConfig({
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
            { type: 'toast', params: ({ event }) => ({ message: groupStarted({ name: event.output.name }) }) },
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
});

export const organizersSection = organizerSetup.createStateConfig({
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
});

export const announcementsSection = organizerSetup.createStateConfig({
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
            { type: 'toast', params: ({ event }) => ({ message: announcementSent({ told: event.output.attendees_told }) }) },
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
});

export const cancelSection = organizerSetup.createStateConfig({
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
});
