/**
 * How the organizer's forms (a new event, its details, a group, an announcement, a
 * cancellation) and the zone editor name their fields in the sentences of
 * contract/field-errors.ts, where the usual words would mislead: an event's name is not
 * "your name". Each in two forms, as other languages say them differently: the object
 * ("Please fill in the name.") and the subject ("The name can be at most 100 characters long.").
 */
import { FIELD_WORDS, fieldWordsOf, type FieldWords } from '../../contract/field-errors';

const description = fieldWordsOf(
  /*i18n*/ { id: 'organizer.field.description.object', message: 'the description' },
  /*i18n*/ { id: 'organizer.field.description.subject', message: 'The description' },
);

/** The event's and its forms' fields. */
export const EVENT_WORDS = {
  name: fieldWordsOf(/*i18n*/ { id: 'organizer.field.name.object', message: 'the name' }, /*i18n*/ { id: 'organizer.field.name.subject', message: 'The name' }),
  description,
  location: fieldWordsOf(
    /*i18n*/ { id: 'organizer.field.location.object', message: 'the location' },
    /*i18n*/ { id: 'organizer.field.location.subject', message: 'The location' },
  ),
  event_type: fieldWordsOf(
    /*i18n*/ { id: 'organizer.field.eventType.object', message: 'the event type' },
    /*i18n*/ { id: 'organizer.field.eventType.subject', message: 'The event type' },
    { chosen: true },
  ),
  time_zone: FIELD_WORDS.time_zone!,
  start: FIELD_WORDS.start_time!,
  end: FIELD_WORDS.end_time!,
  groupName: fieldWordsOf(
    /*i18n*/ { id: 'organizer.field.groupName.object', message: 'the group’s name' },
    /*i18n*/ { id: 'organizer.field.groupName.subject', message: 'The group’s name' },
  ),
  interestAbout: fieldWordsOf(
    /*i18n*/ { id: 'organizer.field.interestAbout.object', message: 'the interest it is about' },
    /*i18n*/ { id: 'organizer.field.interestAbout.subject', message: 'The interest it is about' },
  ),
  interest: fieldWordsOf(
    /*i18n*/ { id: 'organizer.field.interest.object', message: 'the interest' },
    /*i18n*/ { id: 'organizer.field.interest.subject', message: 'The interest' },
  ),
  announcement: fieldWordsOf(
    /*i18n*/ { id: 'organizer.field.announcement.object', message: 'the announcement' },
    /*i18n*/ { id: 'organizer.field.announcement.subject', message: 'The announcement' },
  ),
  reason: fieldWordsOf(
    /*i18n*/ { id: 'organizer.field.reason.object', message: 'the reason' },
    /*i18n*/ { id: 'organizer.field.reason.subject', message: 'The reason' },
  ),
} satisfies Record<string, FieldWords>;

export type EventWord = keyof typeof EVENT_WORDS;

/** The zone editor's fields: a zone's name is not "your name". */
export const ZONE_WORDS = {
  name: fieldWordsOf(
    /*i18n*/ { id: 'zone.field.name.object', message: "the zone's name" },
    /*i18n*/ { id: 'zone.field.name.subject', message: "The zone's name" },
  ),
  description,
  zone_type: fieldWordsOf(
    /*i18n*/ { id: 'zone.field.zoneType.object', message: 'a kind of zone' },
    /*i18n*/ { id: 'zone.field.zoneType.subject', message: 'A kind of zone' },
    { chosen: true },
  ),
  latitude: FIELD_WORDS.latitude!,
  longitude: FIELD_WORDS.longitude!,
  radius_meters: fieldWordsOf(/*i18n*/ { id: 'zone.field.radius.object', message: 'the radius' }, /*i18n*/ { id: 'zone.field.radius.subject', message: 'The radius' }),
} satisfies Record<string, FieldWords>;
