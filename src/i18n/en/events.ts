/** The English words of the events list (SPEC 2 "Events list") and its event cards. */
import { ANXIETY_FEATURE_LABELS, type EventFilter, type EventType } from '../../../contract/constants';
import { QUIET_ZONE_NOTE } from '../../../contract/safety-words';
import { plural } from '../../components/format';
import type { Part } from '../i18n';

export const EVENTS = {
  id: 'events',
  en: {
    title: 'Events',
    actions: 'Event actions',
    createEvent: 'Create Event',
    upgrade: 'Upgrade',
    feeling: "How you're feeling",
    filterGroup: 'Event type',
    filters: {
      all: 'All',
      networking: 'Networking',
      casual: 'Casual',
      professional: 'Professional',
      'interest-based': 'Interest-based',
    } as Record<EventFilter, string>,
    /** An event's type; one not listed is shown as written. */
    types: { party: 'Party', conference: 'Conference', sports: 'Sports', networking: 'Networking' } as Record<EventType, string>,
    showHidden: (n: number) => `Show hidden events (${n})`,
    loading: 'Loading events…',
    failed: "We couldn't load the events just now.",
    noEvents: 'No events yet. Why not create the first one?',
    /** `type`: the filter's label, or null for all. */
    noneToShow: (type: string | null) => `No ${type ? `${type.toLowerCase()} ` : ''}events to show right now.`,
    hiddenTitle: 'Hidden events',
    noneHidden: (type: string | null) => `You haven't hidden any${type ? ` ${type.toLowerCase()}` : ''} events.`,
    list: 'Events',
    type: 'Type: ',
    when: 'When: ',
    where: 'Where: ',
    featuresLabel: 'Anxiety-friendly features',
    features: ANXIETY_FEATURE_LABELS as Record<string, string>,
    attending: (n: number) => plural('en', n, { one: '# person attending', other: '# people attending' }),
    joining: 'Joining…',
    open: 'Open',
    join: 'Join',
    show: 'Show',
    hide: 'Hide',
  },
} satisfies Part<unknown>;

/** The English words of how a person feels (availability and energy), on the events list and the profile. */
export const FEELING = {
  id: 'feeling',
  en: {
    available: 'Available',
    unavailable: 'Unavailable',
    availableHint: 'People nearby can see you and say hello.',
    unavailableHint: "You're hidden from nearby lists. Your connections can still chat with you.",
    energy: 'Energy:',
    setEnergy: (n: number, max: number) => `Set energy to ${n} of ${max}`,
    quiet:
      'Quiet: only your connections see you nearby, and new requests wait until your energy is above 3. You can turn this off in Privacy.',
    calm: 'Open to a calm chat: people nearby can see you and your energy, so they know to go gently.',
    open: 'Up for meeting people: everyone nearby can see you and say hello.',
  },
} satisfies Part<unknown>;

/** The English words around an event's times (src/components/event-times.ts). */
export const WHEN = {
  id: 'when',
  en: {
    /** "Berlin time": a zone by its city. */
    zoneTime: (city: string) => `${city} time`,
    /** "08:00 – 16:00 your time". */
    yourTime: (times: string) => `${times} your time`,
    thatIs: ', that is ',
  },
} satisfies Part<unknown>;

/** The English words of the banner that says which zone of an event the person is in. */
export const ZONE = {
  id: 'zone',
  en: {
    whereYouAre: 'Where you are',
    safeSpace: (name: string) => `You're in ${name} — a safe space. Take all the time you need.`,
    restrictedHidden: (name: string) => `You're in ${name} — a restricted area. While you're here, you're hidden from nearby lists.`,
    restrictedShown: (name: string) => `You're in ${name} — a restricted area. Auto-hide is off, so people nearby can still see you here.`,
    other: (name: string) => `You're in ${name}.`,
    quietNote: QUIET_ZONE_NOTE,
  },
} satisfies Part<unknown>;
