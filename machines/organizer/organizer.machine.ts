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
 *
 * Its named implementations are in organizer.setup.ts; its sections' regions, in
 * organizer.sections.ts; its forms' rules, in organizer-forms.ts.
 */
import { and, not, or, sendParent, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Event } from '../../contract/events';
import type { AttendeeWithPhoto } from '../../contract/social';
import { NO_ERRORS } from '../form-errors';
import { draftOfEvent, emptyGroupDraft } from './organizer-forms';
import { announcementsSection, cancelSection, detailsSection, groupsSection, organizersSection, zonesSection } from './organizer.sections';
import { organizerSetup } from './organizer.setup';
import { announcementDraftKey, draftOf, newGroupDraftKey } from '../chat/drafts';
import type { GroupDraft } from './organizer-forms';

/** The new group's fields as last typed on this device, or blank. */
function keptGroupDraft(userId: string, eventId: string): GroupDraft {
  try {
    const kept = draftOf(newGroupDraftKey(userId, eventId));
    return kept ? { ...emptyGroupDraft, ...(JSON.parse(kept) as Partial<GroupDraft>) } : emptyGroupDraft;
  } catch {
    return emptyGroupDraft; // not what this code wrote: start blank
  }
}

export {
  ADD_FAILED,
  announcementSent,
  ATTENDEES_OFFERED,
  CANCEL_FAILED,
  coOrganizerAdded,
  DETAILS_SAVED,
  EVENT_CANCELLED,
  GROUP_FAILED,
  groupStarted,
  loadAllAttendees,
  REMOVE_FAILED,
  SAVE_FAILED,
  SEND_FAILED,
  ZONE_REMOVED,
  ZONE_SAVED,
  type AnnouncementCap,
  type EventCancelled,
  type OrganizerContext,
  type OrganizerEvent,
} from './organizer.setup';

export const organizerMachine = organizerSetup.createMachine({
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
    'edits.changed': { actions: 'forwardEdits' },
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
    groupDraft: keptGroupDraft(input.user.id, input.event.id),
    groupErrors: NO_ERRORS,
    organizers: [],
    attendees: [],
    attendeeQuery: '',
    addingId: null,
    organizersProblem: null,
    announcements: [],
    cap: null,
    announcementDraft: draftOf(announcementDraftKey(input.user.id, input.event.id)),
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
        details: detailsSection,
        zones: zonesSection,
        groups: groupsSection,
        organizers: organizersSection,
        announcements: announcementsSection,
        cancel: cancelSection,
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
