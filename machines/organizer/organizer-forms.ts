/**
 * The organizer screen's forms (issue 17) as plain functions: the event's details as a
 * draft and the changes it makes, an interest group, an announcement and a cancellation,
 * each with the rules the server's schemas hold (contract/organizer.ts), checked here
 * first so a mistake is said beside its field before any call. Written by hand, not with
 * the schemas: zod does not ship to the browser (machines/api/client.ts).
 */
import { ANXIETY_FEATURES, EVENT_TYPES, LIMITS, type AnxietyFeature, type EventType } from '../../contract/constants';
import type { Event } from '../../contract/events';
import type { CommunityBody, UpdateEventBody } from '../../contract/organizer';
import { ANNOUNCEMENT_MAX, CANCEL_REASON_MAX } from '../../contract/organizer-words';
import { END_BEFORE_START, EVENT_TYPE_REQUIRED, OUT_OF_RANGE, missingFieldMessage, type EventDraft, type EventDraftField } from './create-event.machine';
import { isoToZonedLocal, zonedLocalToIso } from '../../contract/zoned-time';
import { readInstant } from '../../contract/rules';
import { NO_ERRORS, type FormErrors } from '../form-errors';
import { fieldSaid } from '../../contract/field-errors';
import { EVENT_WORDS, type EventWord } from './field-words';
import type { Said } from '../../contract/said';

/** The forms' element ids (fieldDomId), for their fields and focus. */
export const EDIT_EVENT_FORM = 'edit-event';
export const GROUP_FORM = 'new-group';
export const ANNOUNCEMENT_FORM = 'announcement';
export const CANCEL_FORM = 'cancel-event';

/** The details' fields in the order shown. */
export const EDIT_EVENT_ORDER: readonly EventDraftField[] = ['name', 'description', 'location', 'event_type', 'start', 'end'];

/** The longest place the server takes (contract/events.ts EventFieldsSchema). */
export const LOCATION_MAX = 200;

/** An event made before issue 17 has no zone: its times are UTC. */
export const eventTimeZone = (event: Pick<Event, 'time_zone'>): string => event.time_zone ?? 'UTC';


export const tooLong = (field: EventWord, max: number): Said => fieldSaid.tooLong(EVENT_WORDS[field], max);
export const NOT_A_TIME = (field: EventWord): Said => fieldSaid.notATime(EVENT_WORDS[field]);
const WRITE_ANNOUNCEMENT: Said = /*i18n*/ { id: 'organizer.writeAnnouncement', message: 'Please write the announcement first.' };
const SAY_WHY: Said = /*i18n*/ { id: 'organizer.sayWhy', message: 'Please say why, in a few words: everyone who joined will read it.' };
export const NOTHING_CHANGED: Said = /*i18n*/ { id: 'organizer.nothingChanged', message: 'Nothing has changed yet. Change a detail, then save.' };

/** The event's details as the edit form holds them: times on the wall clock of the event's own zone. */
export function draftOfEvent(event: Event): EventDraft {
  const zone = eventTimeZone(event);
  return {
    name: event.name,
    description: event.description,
    location: event.location,
    event_type: (EVENT_TYPES as readonly string[]).includes(event.event_type) ? (event.event_type as EventType) : '',
    time_zone: zone,
    start: isoToZonedLocal(event.start_time, zone) ?? '',
    end: isoToZonedLocal(event.end_time, zone) ?? '',
    features: ANXIETY_FEATURES.filter((f) => event.anxiety_friendly_features.includes(f)),
  };
}

const TEXT: Array<[EventDraftField & ('name' | 'description' | 'location'), number]> = [
  ['name', LIMITS.nameMax],
  ['description', LIMITS.textMax],
  ['location', LOCATION_MAX],
];

const sameFeatures = (a: readonly AnxietyFeature[], b: readonly AnxietyFeature[]) => a.length === b.length && a.every((f) => b.includes(f));

/** Which of the draft's fields differ from the event as it stands (text compared as it would be sent, trimmed). */
export function changedFields(event: Event, d: EventDraft): { fields: EventDraftField[]; features: boolean } {
  const was = draftOfEvent(event);
  const fields = EDIT_EVENT_ORDER.filter((f) => (f === 'start' || f === 'end' || f === 'event_type' ? d[f] !== was[f] : d[f].trim() !== was[f].trim()));
  return { fields, features: !sameFeatures(d.features, was.features) };
}

/**
 * What the changed fields break (the rules of PUT /events/{id}), each beside its field;
 * fields left as they were are not judged, as the server leaves them be.
 */
export function editDraftErrors(event: Event, d: EventDraft): FormErrors<EventDraftField> {
  const { fields } = changedFields(event, d);
  const zone = eventTimeZone(event);
  const errors: Partial<Record<EventDraftField, Said>> = {};
  for (const [field, max] of TEXT) {
    if (!fields.includes(field)) continue;
    if (!d[field].trim()) errors[field] = missingFieldMessage(field);
    else if (d[field].trim().length > max) errors[field] = tooLong(field, max);
  }
  if (fields.includes('event_type') && !(EVENT_TYPES as readonly string[]).includes(d.event_type)) errors.event_type = EVENT_TYPE_REQUIRED;
  const times = (['start', 'end'] as const).map((f) => [f, zonedLocalToIso(d[f], zone)] as const);
  for (const [field, iso] of times) {
    if (fields.includes(field) && !iso) errors[field] = d[field].trim() ? NOT_A_TIME(field) : missingFieldMessage(field);
    else if (fields.includes(field) && iso && 'broken' in readInstant(iso)) errors[field] = OUT_OF_RANGE(field);
  }
  const [start, end] = times.map(([, iso]) => iso);
  if ((fields.includes('start') || fields.includes('end')) && start && end && !errors.end && Date.parse(end) <= Date.parse(start)) {
    errors.end = END_BEFORE_START;
  }
  return Object.keys(errors).length ? { fields: errors, form: null } : NO_ERRORS;
}

/** The PUT /events/{id} body: only what changed, from a draft that passed editDraftErrors. */
export function updateBody(event: Event, d: EventDraft): UpdateEventBody {
  const { fields, features } = changedFields(event, d);
  const zone = eventTimeZone(event);
  const body: UpdateEventBody = {};
  for (const field of fields) {
    if (field === 'start') body.start_time = zonedLocalToIso(d.start, zone)!;
    else if (field === 'end') body.end_time = zonedLocalToIso(d.end, zone)!;
    else if (field === 'event_type') body.event_type = d.event_type as EventType;
    else body[field] = d[field].trim();
  }
  if (features) body.anxiety_friendly_features = ANXIETY_FEATURES.filter((f) => d.features.includes(f));
  return body;
}

/** A new interest group, as its form holds it. */
export interface GroupDraft {
  name: string;
  description: string;
  interest_tag: string;
}
export type GroupField = keyof GroupDraft;
export const emptyGroupDraft: GroupDraft = { name: '', description: '', interest_tag: '' };
export const GROUP_ORDER: readonly GroupField[] = ['name', 'description', 'interest_tag'];

/** What a new group's draft breaks (POST /events/{id}/micro-communities), each beside its field. */
export function groupDraftErrors(d: GroupDraft): FormErrors<GroupField> {
  const errors: Partial<Record<GroupField, Said>> = {};
  if (!d.name.trim()) errors.name = missingFieldMessage('groupName');
  else if (d.name.trim().length > LIMITS.nameMax) errors.name = tooLong('name', LIMITS.nameMax);
  if (d.description.trim().length > LIMITS.textMax) errors.description = tooLong('description', LIMITS.textMax);
  if (!d.interest_tag.trim()) errors.interest_tag = missingFieldMessage('interestAbout');
  else if (d.interest_tag.trim().length > LIMITS.listItemMax) errors.interest_tag = tooLong('interest', LIMITS.listItemMax);
  return Object.keys(errors).length ? { fields: errors, form: null } : NO_ERRORS;
}

export const groupBody = (d: GroupDraft): CommunityBody => ({
  name: d.name.trim(),
  description: d.description.trim(),
  interest_tag: d.interest_tag.trim(),
});

/** One calm message, under ANNOUNCEMENT_MAX characters. */
export function announcementErrors(message: string): FormErrors<'message'> {
  if (!message.trim()) return { fields: { message: WRITE_ANNOUNCEMENT }, form: null };
  if (message.trim().length > ANNOUNCEMENT_MAX) return { fields: { message: tooLong('announcement', ANNOUNCEMENT_MAX) }, form: null };
  return NO_ERRORS;
}

/** A cancellation needs its reason: the attendees are told it. */
export function cancelReasonErrors(reason: string): FormErrors<'reason'> {
  if (!reason.trim()) return { fields: { reason: SAY_WHY }, form: null };
  if (reason.trim().length > CANCEL_REASON_MAX) return { fields: { reason: tooLong('reason', CANCEL_REASON_MAX) }, form: null };
  return NO_ERRORS;
}
