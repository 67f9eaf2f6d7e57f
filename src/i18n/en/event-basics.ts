/** The English words of an event's basic fields, on the create form and the organizer's edit form (src/components/EventBasics.tsx). */
import type { Part } from '../i18n';

export const EVENT_BASICS = {
  id: 'eventBasics',
  en: {
    name: 'Name',
    description: 'Description',
    location: 'Location',
    locationHint: 'The address or the name of the place',
    eventType: 'Event type',
    chooseType: 'Choose a type',
  },
} satisfies Part<unknown>;
