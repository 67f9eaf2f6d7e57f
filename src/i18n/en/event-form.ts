/** The English words of the event forms: the new event (SPEC 2, SPEC 5 "New event") and the organizer's edit form (issue 17). */
import { ANXIETY_FEATURE_LABELS, type AnxietyFeature, type EventType } from '../../../contract/constants';
import type { Part } from '../i18n';

/** The fields both forms share (EventBasics, times, features), and how the organizer screen names an event's type and features. */
export const EVENT_FORM = {
  id: 'eventForm',
  en: {
    name: 'Name',
    description: 'Description',
    location: 'Location',
    locationHint: 'The address or the name of the place',
    eventType: 'Event type',
    chooseType: 'Choose a type',
    /** An event's type; one not listed is shown as written. */
    types: { party: 'Party', conference: 'Conference', sports: 'Sports', networking: 'Networking' } as Record<EventType, string>,
    starts: 'Starts',
    ends: 'Ends',
    timeZone: 'Time zone',
    featuresLegend: 'Anxiety-friendly features',
    features: ANXIETY_FEATURE_LABELS as Record<string, string>,
  },
} satisfies Part<unknown>;

/** The new event's view: its form, then the offer of a quiet room (issue 17). */
export const CREATE_EVENT = {
  id: 'createEvent',
  en: {
    title: 'Create an event',
    addQuietRoom: 'Add a quiet room',
    opening: 'Opening your event…',
    addQuietRoomNow: 'Add a quiet room now',
    ready: (name: string) =>
      `“${name}” is ready. A quiet room gives people somewhere to recharge. You can add one now, or later from the organizer screen.`,
    aboutAMinute: 'Stand in the room with your phone and it takes about a minute.',
    skip: 'Skip for now',
    form: 'Create Event',
    timeZoneHint: 'Where the event happens. The times below are the clock there.',
    featureHints: {
      quiet_spaces: 'A calm place to step away to.',
      small_groups: 'Conversations in groups of a few people.',
      structured_activities: 'Something to do together, so talking comes easier.',
      ice_breakers: 'Prompts that help the first words along.',
    } as Record<AnxietyFeature, string>,
    creating: 'Creating…',
    create: 'Create Event',
  },
} satisfies Part<unknown>;
