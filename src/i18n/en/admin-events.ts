/** The English words of admin-events (issue 16): every event, and the forms to hide, show again or remove one. */
import type { EventModeration } from '../../../machines/admin/admin-event.machine';
import type { Part } from '../i18n';

/** What a moderation form says: its title, what follows from it, and its button. */
interface ModerationWords {
  title: (name: string) => string;
  hint: string;
  submit: string;
  busy: string;
}

export const ADMIN_EVENTS = {
  id: 'adminEvents',
  en: {
    intro: 'Every event, newest start first, hidden ones too. Attendees are told kindly when an event is taken down, never why.',
    loading: 'Loading events…',
    failed: "We couldn't load the events just now.",
    empty: 'No events yet.',
    table: 'Events',
    columns: {
      event: 'Event',
      starts: 'Starts',
      createdBy: 'Created by',
      attendees: 'Attendees',
      openReports: 'Open reports',
      state: 'State',
      actions: 'Actions',
    },
    accountDeleted: 'Account deleted',
    /** The event's state (machines/admin/admin-event.machine.ts eventStateText). */
    states: { Shown: 'Shown', Hidden: 'Hidden', Removed: 'Removed' },
    since: (date: string) => `Since ${date}`,
    hide: 'Hide',
    showAgain: 'Show again',
    remove: 'Remove',
    formOpen: 'Form open below',
    forms: {
      hide: {
        title: (name) => `Hide ${name}`,
        hint: 'Kept in the audit log. Its attendees are told kindly that it was taken down, not why; it can be shown again.',
        submit: 'Hide event',
        busy: 'Hiding…',
      },
      unhide: {
        title: (name) => `Show ${name} again`,
        hint: 'Kept in the audit log. The event is back for its attendees as it was; nobody is notified.',
        submit: 'Show event again',
        busy: 'Showing…',
      },
      remove: {
        title: (name) => `Remove ${name}`,
        hint: 'Kept in the audit log. The event goes for good, with its chats, photos and feed; its attendees are told kindly, not why.',
        submit: 'Remove event',
        busy: 'Removing…',
      },
    } as Record<EventModeration, ModerationWords>,
  },
} satisfies Part<unknown>;
