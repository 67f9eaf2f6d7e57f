/** What the organizer tools' chart (organizer.machine.ts) holds and hears, and what it tells the root once the event is cancelled. */
import type { User } from '../../contract/common';
import type { AnxietyFeature } from '../../contract/constants';
import type { MicroCommunity, SafeZone } from '../../contract/discovery';
import type { Event } from '../../contract/events';
import type { Announcement, Organizer } from '../../contract/organizer';
import type { Said } from '../../contract/said';
import type { AttendeeWithPhoto } from '../../contract/social';
import type { SessionExpired } from '../api/client';
import type { EditsChanged, EditsOrder } from '../app/form-edits';
import type { FormErrors } from '../form-errors';
import type { EventChanged } from '../session-gone';
import type { EventDraft, EventDraftField } from './create-event.machine';
import type { GroupDraft, GroupField } from './organizer-forms';

export type OrganizerEvent =
  | EditsChanged
  | EditsOrder
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
  zoneProblem: Said | null;
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
  organizersProblem: Said | null;
  announcements: Announcement[];
  cap: AnnouncementCap | null;
  announcementDraft: string;
  announcementErrors: FormErrors<'message'>;
  /** The hourly cap was reached: the server's kind words, and when the next may go. */
  capNote: Said | null;
  cancelReason: string;
  cancelErrors: FormErrors<'reason'>;
}
