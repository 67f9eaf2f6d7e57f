/** The English words of an event's basic fields, on the create form and the organizer's edit form (src/components/EventBasics.tsx). */
import type { EventType } from '../../../contract/constants';
import { EVENT_TYPE_LABELS } from '../../components/format';
import type { Part } from '../i18n';

export const EVENT_BASICS = {
  id: 'eventBasics',
  en: {
    name: 'Name',
    description: 'Description',
    location: 'Location',
    locationHint: 'The address or the name of the place',
    eventType: 'Event type',
    types: EVENT_TYPE_LABELS as Record<EventType, string>,
    chooseType: 'Choose a type',
  },
} satisfies Part<unknown>;
