/**
 * The English words of the plan chooser (SPEC 2 "Plan chooser"): its own, and the plans'
 * descriptions and features by plan name and feature label, for the other languages (in
 * English the chooser shows the server's, server/db/repositories/plans.ts, which say the
 * same; one the catalogue does not know is shown as the server wrote it).
 */
import { t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/plans.po';

english(messages);

export const PLAN_CHOOSER = () => ({
  title: t({ id: 'planChooser.title', message: 'Choose your plan' }),
  close: t({ id: 'planChooser.close', message: 'Close' }),
  loading: t({ id: 'planChooser.loading', message: 'Loading plans…' }),
  failed: t({ id: 'planChooser.failed', message: "We couldn't load the plans just now." }),
  list: t({ id: 'planChooser.list', message: 'Plans' }),
  featuresOf: (plan: string) => t({ id: 'planChooser.featuresOf', message: `${plan} features` }),
  current: t({ id: 'planChooser.current', message: 'Current plan' }),
  /** A plan's button: its verb (plans.machine.ts choiceVerb), then, for screen readers, "to Premium". */
  verbs: { Upgrade: t({ id: 'planChooser.verbs.Upgrade', message: 'Upgrade' }), Switch: t({ id: 'planChooser.verbs.Switch', message: 'Switch' }), 'Go back': t({ id: 'planChooser.verbs.Go back', message: 'Go back' }) },
  toPlan: (plan: string) => t({ id: 'planChooser.toPlan', message: `to ${plan}` }),
  changing: t({ id: 'planChooser.changing', message: 'Changing your plan…' }),
  moveTo: (plan: string) => t({ id: 'planChooser.moveTo', message: `Yes, move to ${plan}` }),
  notNow: t({ id: 'planChooser.notNow', message: 'Not now' }),
  /** `price`: "$9.99", in the language's way of writing dollars (PlanChooser.tsx dollars). */
  perMonth: (price: string) => t({ id: 'planChooser.perMonth', message: `${price}/month` }),
  goBackTo: (plan: string) => t({ id: 'planChooser.goBackTo', message: `Go back to ${plan}?` }),
  nothingMore: t({
    id: 'planChooser.nothingMore',
    message: 'Nothing more is charged. Your connections and chats stay; you can have fewer connection requests waiting at once.',
  }),
  moveToFor: (plan: string, price: string) => t({ id: 'planChooser.moveToFor', message: `Move to ${plan} for ${price}?` }),
  fromToday: (price: string) => t({ id: 'planChooser.fromToday', message: `${price} from today, each month. You can go back to Free at any time from this list.` }),
  descriptions: {
    Free: t({ id: 'planChooser.description.Free', message: 'Everything you need to meet people at your next event.' }),
    Premium: t({ id: 'planChooser.description.Premium', message: 'More room to reach out: up to 25 connection requests waiting at each event.' }),
    Professional: t({ id: 'planChooser.description.Professional', message: 'Everything in Premium, for people who go to events for work.' }),
  } as Record<string, string>,
  features: {
    nearby_people: t({ id: 'planChooser.feature.nearby_people', message: 'Nearby people' }),
    compatibility_and_ice_breakers: t({ id: 'planChooser.feature.compatibility_and_ice_breakers', message: 'Compatibility and ice breakers' }),
    chat_and_group_chat: t({ id: 'planChooser.feature.chat_and_group_chat', message: 'Chat and group chat' }),
    photo_sharing: t({ id: 'planChooser.feature.photo_sharing', message: 'Photo sharing' }),
    business_card: t({ id: 'planChooser.feature.business_card', message: 'Business card' }),
    event_analytics: t({ id: 'planChooser.feature.event_analytics', message: 'Event analytics' }),
    five_pending_requests_per_event: t({ id: 'planChooser.feature.five_pending_requests_per_event', message: 'Five pending requests per event' }),
    more_pending_requests: t({ id: 'planChooser.feature.more_pending_requests', message: 'More pending requests' }),
  } as Record<string, string>,
});
