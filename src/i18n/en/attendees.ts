/** The English words of the attendees view (SPEC 2 "Attendee cards"): everyone at the event, each with the way to connect. */
import { t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/attendees.po';

english(messages);

export const ATTENDEES = () => ({
  title: t({ id: 'attendees.title', message: 'Connect with people' }),
  /** Under the title, beside the event's name. */
  intro: (event: string) => t({ id: 'attendees.intro', message: `At ${event}. Connect only when you'd like to — a request is private until they answer.` }),
  noEvent: t({ id: 'attendees.noEvent', message: 'Open an event first to see who is there.' }),
  loading: t({ id: 'attendees.loading', message: 'Loading attendees…' }),
  failed: t({ id: 'attendees.failed', message: "We couldn't load the attendees just now." }),
  empty: t({ id: 'attendees.empty', message: "Nobody else is here yet. That's fine — take your time." }),
  list: t({ id: 'attendees.list', message: 'Attendees' }),
  showMore: t({ id: 'attendees.showMore', message: 'Show more people' }),
});
