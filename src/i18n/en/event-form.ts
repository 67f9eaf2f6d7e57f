/** The English words of the event forms: the new event (SPEC 2, SPEC 5 "New event") and the organizer's edit form (issue 17). */
import { t } from '@lingui/core/macro';
import { ANXIETY_FEATURE_LABELS, type AnxietyFeature, type EventType } from '../../../contract/constants';
import { english, sayAll } from '../i18n';
import { messages } from '../locales/en/event-form.po';

english(messages);

/** The fields both forms share (EventBasics, times, features), and how the organizer screen names an event's type and features. */
export const EVENT_FORM = () => ({
  name: t({ id: 'eventForm.name', message: 'Name' }),
  description: t({ id: 'eventForm.description', message: 'Description' }),
  location: t({ id: 'eventForm.location', message: 'Location' }),
  locationHint: t({ id: 'eventForm.locationHint', message: 'The address or the name of the place' }),
  eventType: t({ id: 'eventForm.eventType', message: 'Event type' }),
  chooseType: t({ id: 'eventForm.chooseType', message: 'Choose a type' }),
  /** An event's type; one not listed is shown as written. */
  types: { party: t({ id: 'eventForm.types.party', message: 'Party' }), conference: t({ id: 'eventForm.types.conference', message: 'Conference' }), sports: t({ id: 'eventForm.types.sports', message: 'Sports' }), networking: t({ id: 'eventForm.types.networking', message: 'Networking' }) } as Record<EventType, string>,
  starts: t({ id: 'eventForm.starts', message: 'Starts' }),
  ends: t({ id: 'eventForm.ends', message: 'Ends' }),
  timeZone: t({ id: 'eventForm.timeZone', message: 'Time zone' }),
  featuresLegend: t({ id: 'eventForm.featuresLegend', message: 'Anxiety-friendly features' }),
  features: sayAll(ANXIETY_FEATURE_LABELS) as Record<string, string>,
});

/** The new event's view: its form, then the offer of a quiet room (issue 17). */
export const CREATE_EVENT = () => ({
  title: t({ id: 'createEvent.title', message: 'Create an event' }),
  addQuietRoom: t({ id: 'createEvent.addQuietRoom', message: 'Add a quiet room' }),
  opening: t({ id: 'createEvent.opening', message: 'Opening your event…' }),
  addQuietRoomNow: t({ id: 'createEvent.addQuietRoomNow', message: 'Add a quiet room now' }),
  ready: (name: string) =>
    t({ id: 'createEvent.ready', message: `“${name}” is ready. A quiet room gives people somewhere to recharge. You can add one now, or later from the organizer screen.` }),
  aboutAMinute: t({ id: 'createEvent.aboutAMinute', message: 'Stand in the room with your phone and it takes about a minute.' }),
  skip: t({ id: 'createEvent.skip', message: 'Skip for now' }),
  form: t({ id: 'createEvent.form', message: 'Create Event' }),
  timeZoneHint: t({ id: 'createEvent.timeZoneHint', message: 'Where the event happens. The times below are the clock there.' }),
  featureHints: {
    quiet_spaces: t({ id: 'createEvent.featureHints.quiet_spaces', message: 'A calm place to step away to.' }),
    small_groups: t({ id: 'createEvent.featureHints.small_groups', message: 'Conversations in groups of a few people.' }),
    structured_activities: t({ id: 'createEvent.featureHints.structured_activities', message: 'Something to do together, so talking comes easier.' }),
    ice_breakers: t({ id: 'createEvent.featureHints.ice_breakers', message: 'Prompts that help the first words along.' }),
  } as Record<AnxietyFeature, string>,
  creating: t({ id: 'createEvent.creating', message: 'Creating…' }),
  create: t({ id: 'createEvent.create', message: 'Create Event' }),
});
