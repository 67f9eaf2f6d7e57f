/** The English words of admin-events (issue 16): every event, and the forms to hide, show again or remove one. */
import { t } from '@lingui/core/macro';
import type { EventModeration } from '../../../machines/admin/admin-event.machine';
import { english } from '../i18n';
import { messages } from '../locales/en/admin-events.po';

english(messages);

/** What a moderation form says: its title, what follows from it, and its button. */
interface ModerationWords {
  title: (name: string) => string;
  hint: string;
  submit: string;
  busy: string;
}

export const ADMIN_EVENTS = () => ({
  intro: t({ id: 'adminEvents.intro', message: 'Every event, newest start first, hidden ones too. Attendees are told kindly when an event is taken down, never why.' }),
  loading: t({ id: 'adminEvents.loading', message: 'Loading events…' }),
  failed: t({ id: 'adminEvents.failed', message: "We couldn't load the events just now." }),
  empty: t({ id: 'adminEvents.empty', message: 'No events yet.' }),
  table: t({ id: 'adminEvents.table', message: 'Events' }),
  columns: {
    event: t({ id: 'adminEvents.columns.event', message: 'Event' }),
    starts: t({ id: 'adminEvents.columns.starts', message: 'Starts' }),
    createdBy: t({ id: 'adminEvents.columns.createdBy', message: 'Created by' }),
    attendees: t({ id: 'adminEvents.columns.attendees', message: 'Attendees' }),
    openReports: t({ id: 'adminEvents.columns.openReports', message: 'Open reports' }),
    state: t({ id: 'adminEvents.columns.state', message: 'State' }),
    actions: t({ id: 'adminEvents.columns.actions', message: 'Actions' }),
  },
  accountDeleted: t({ id: 'adminEvents.accountDeleted', message: 'Account deleted' }),
  /** The event's state (machines/admin/admin-event.machine.ts eventStateText). */
  states: { Shown: t({ id: 'adminEvents.states.Shown', message: 'Shown' }), Hidden: t({ id: 'adminEvents.states.Hidden', message: 'Hidden' }), Removed: t({ id: 'adminEvents.states.Removed', message: 'Removed' }) },
  since: (date: string) => t({ id: 'adminEvents.since', message: `Since ${date}` }),
  hide: t({ id: 'adminEvents.hide', message: 'Hide' }),
  showAgain: t({ id: 'adminEvents.showAgain', message: 'Show again' }),
  remove: t({ id: 'adminEvents.remove', message: 'Remove' }),
  formOpen: t({ id: 'adminEvents.formOpen', message: 'Form open below' }),
  forms: {
    hide: {
      title: (name) => t({ id: 'adminEvents.forms.hide.title', message: `Hide ${name}` }),
      hint: t({ id: 'adminEvents.forms.hide.hint', message: 'Kept in the audit log. Its attendees are told kindly that it was taken down, not why; it can be shown again.' }),
      submit: t({ id: 'adminEvents.forms.hide.submit', message: 'Hide event' }),
      busy: t({ id: 'adminEvents.forms.hide.busy', message: 'Hiding…' }),
    },
    unhide: {
      title: (name) => t({ id: 'adminEvents.forms.unhide.title', message: `Show ${name} again` }),
      hint: t({ id: 'adminEvents.forms.unhide.hint', message: 'Kept in the audit log. The event is back for its attendees as it was; nobody is notified.' }),
      submit: t({ id: 'adminEvents.forms.unhide.submit', message: 'Show event again' }),
      busy: t({ id: 'adminEvents.forms.unhide.busy', message: 'Showing…' }),
    },
    remove: {
      title: (name) => t({ id: 'adminEvents.forms.remove.title', message: `Remove ${name}` }),
      hint: t({ id: 'adminEvents.forms.remove.hint', message: 'Kept in the audit log. The event goes for good, with its chats, photos and feed; its attendees are told kindly, not why.' }),
      submit: t({ id: 'adminEvents.forms.remove.submit', message: 'Remove event' }),
      busy: t({ id: 'adminEvents.forms.remove.busy', message: 'Removing…' }),
    },
  } as Record<EventModeration, ModerationWords>,
});
