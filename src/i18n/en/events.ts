/** The English words of the events list (SPEC 2 "Events list") and its event cards. */
import { plural, select, t } from '@lingui/core/macro';
import { ANXIETY_FEATURE_LABELS, type EventFilter, type EventType } from '../../../contract/constants';
import { english, sayAll } from '../i18n';
import { messages } from '../locales/en/events.po';

english(messages);

export const EVENTS = () => ({
  title: t({ id: 'events.title', message: 'Events' }),
  actions: t({ id: 'events.actions', message: 'Event actions' }),
  createEvent: t({ id: 'events.createEvent', message: 'Create Event' }),
  upgrade: t({ id: 'events.upgrade', message: 'Upgrade' }),
  feeling: t({ id: 'events.feeling', message: "How you're feeling" }),
  filterGroup: t({ id: 'events.filterGroup', message: 'Event type' }),
  filters: {
    all: t({ id: 'events.filters.all', message: 'All' }),
    networking: t({ id: 'events.filters.networking', message: 'Networking' }),
    casual: t({ id: 'events.filters.casual', message: 'Casual' }),
    professional: t({ id: 'events.filters.professional', message: 'Professional' }),
    'interest-based': t({ id: 'events.filters.interest-based', message: 'Interest-based' }),
  } as Record<EventFilter, string>,
  /** An event's type; one not listed is shown as written. */
  types: { party: t({ id: 'events.types.party', message: 'Party' }), conference: t({ id: 'events.types.conference', message: 'Conference' }), sports: t({ id: 'events.types.sports', message: 'Sports' }), networking: t({ id: 'events.types.networking', message: 'Networking' }) } as Record<EventType, string>,
  showHidden: (n: number) => t({ id: 'events.showHidden', message: `Show hidden events (${n})` }),
  loading: t({ id: 'events.loading', message: 'Loading events…' }),
  failed: t({ id: 'events.failed', message: "We couldn't load the events just now." }),
  noEvents: t({ id: 'events.noEvents', message: 'No events yet. Why not create the first one?' }),
  /** Nothing to show for `filter`, the type the list is filtered by ('all': none). */
  noneToShow: (filter: EventFilter) =>
    filter === 'all'
      ? t({ id: 'events.noneToShow', message: 'No events to show right now.' })
      : t({
          id: 'events.noneOfType',
          message: `No ${select(filter, { networking: 'networking', casual: 'casual', professional: 'professional', other: 'interest-based' })} events to show right now.`,
        }),
  hiddenTitle: t({ id: 'events.hiddenTitle', message: 'Hidden events' }),
  noneHidden: (filter: EventFilter) =>
    filter === 'all'
      ? t({ id: 'events.noneHidden', message: "You haven't hidden any events." })
      : t({
          id: 'events.noneHiddenOfType',
          message: `You haven't hidden any ${select(filter, { networking: 'networking', casual: 'casual', professional: 'professional', other: 'interest-based' })} events.`,
        }),
  list: t({ id: 'events.list', message: 'Events' }),
  type: t({ id: 'events.type', message: 'Type: ' }),
  when: t({ id: 'events.when', message: 'When: ' }),
  where: t({ id: 'events.where', message: 'Where: ' }),
  featuresLabel: t({ id: 'events.featuresLabel', message: 'Anxiety-friendly features' }),
  features: sayAll(ANXIETY_FEATURE_LABELS) as Record<string, string>,
  attending: (n: number) => t({ id: 'events.attending', message: plural(n, { one: '# person attending', other: '# people attending' }) }),
  /** Before joining, only one's connections there are known (issue 40). */
  connectionsAttending: (n: number) =>
    t({ id: 'events.connectionsAttending', message: plural(n, { one: '# of your connections attending', other: '# of your connections attending' }) }),
  joinToSeeWho: t({ id: 'events.joinToSeeWho', message: 'Join to see who is going' }),
  joining: t({ id: 'events.joining', message: 'Joining…' }),
  open: t({ id: 'events.open', message: 'Open' }),
  join: t({ id: 'events.join', message: 'Join' }),
  show: t({ id: 'events.show', message: 'Show' }),
  hide: t({ id: 'events.hide', message: 'Hide' }),
});

/** The English words of how a person feels (availability and energy), on the events list and the profile. */
export const FEELING = () => ({
  available: t({ id: 'feeling.available', message: 'Available' }),
  unavailable: t({ id: 'feeling.unavailable', message: 'Unavailable' }),
  /** The link from the presence summary to the "How others see you" section of the profile. */
  howOthersSeeYou: t({ id: 'feeling.howOthersSeeYou', message: 'How others see you' }),
  energy: t({ id: 'feeling.energy', message: 'Energy:' }),
  setEnergy: (n: number, max: number) => t({ id: 'feeling.setEnergy', message: `Set energy to ${n} of ${max}` }),
  // What a level says about the person's mood; who sees them is presence's to say (issue 39).
  quiet: t({ id: 'feeling.low', message: 'Running low: take all the time you need. Your energy shows on your card, so people know to give you space.' }),
  calm: t({ id: 'feeling.gentle', message: 'Open to a calm chat: your energy shows on your card, so people know to go gently.' }),
  open: t({ id: 'feeling.up', message: 'Up for meeting people.' }),
});

/** The English words around an event's times (src/components/event-times.ts). */
export const WHEN = () => ({
  /** "Berlin time": a zone by its city. */
  zoneTime: (city: string) => t({ id: 'when.zoneTime', message: `${city} time` }),
  /** "08:00 – 16:00 your time". */
  yourTime: (times: string) => t({ id: 'when.yourTime', message: `${times} your time` }),
  thatIs: t({ id: 'when.thatIs', message: ', that is ' }),
});

/** The English words of the banner that says which zone of an event the person is in. */
export const ZONE = () => ({
  whereYouAre: t({ id: 'zone.whereYouAre', message: 'Where you are' }),
  safeSpace: (name: string) => t({ id: 'zone.safeSpace', message: `You're in ${name} — a safe space. Take all the time you need.` }),
  // Whether others see the person here is presence's to say (issue 39): the banner adds its reason.
  restricted: (name: string) => t({ id: 'zone.restricted', message: `You're in ${name} — a restricted area.` }),
  other: (name: string) => t({ id: 'zone.other', message: `You're in ${name}.` }),
});
