/** The English words of the attendees view (SPEC 2 "Attendee cards"): everyone at the event, each with the way to connect. */
import type { Part } from '../i18n';

export const ATTENDEES = {
  id: 'attendees',
  en: {
    title: 'Connect with people',
    /** Under the title, beside the event's name. */
    intro: (event: string) => `At ${event}. Connect only when you'd like to — a request is private until they answer.`,
    noEvent: 'Open an event first to see who is there.',
    loading: 'Loading attendees…',
    failed: "We couldn't load the attendees just now.",
    empty: "Nobody else is here yet. That's fine — take your time.",
    list: 'Attendees',
    showMore: 'Show more people',
  },
} satisfies Part<unknown>;
