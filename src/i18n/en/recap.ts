/** The English words of an event's recap (issue 43 item 4), shown in the event view once it has ended. */
import { t } from '@lingui/core/macro';
import type { RecapHow } from '../../../contract/recap';
import { RECAP_WORDS } from '../../../machines/event/recap.machine';
import { english, sayAll } from '../i18n';
import { messages } from '../locales/en/recap.po';

english(messages);

export const RECAP = () => ({
  ...sayAll(RECAP_WORDS),
  title: t({ id: 'recap.title', message: 'Your recap' }),
  offer: t({ id: 'recap.offer', message: 'The event is over. See who you met, and say thanks while it is fresh.' }),
  open: t({ id: 'recap.open', message: 'See who you met' }),
  close: t({ id: 'recap.close', message: 'Close the recap' }),
  loading: t({ id: 'recap.loading', message: 'Loading your recap…' }),
  failed: t({ id: 'recap.failed', message: "Your recap couldn't be loaded just now." }),
  retry: t({ id: 'recap.retry', message: 'Try again' }),
  empty: t({ id: 'recap.empty', message: 'No one here yet. People you connect, chat, meet or share details with at this event show up here.' }),
  thanks: t({ id: 'recap.thanks', message: 'A short thank-you can mean a lot.' }),
  sayThanks: (name: string) => t({ id: 'recap.sayThanks', message: `Say thanks to ${name}` }),
  how: {
    connected: t({ id: 'recap.how.connected', message: 'Connected' }),
    chatted: t({ id: 'recap.how.chatted', message: 'Chatted' }),
    met: t({ id: 'recap.how.met', message: 'Met' }),
    exchanged: t({ id: 'recap.how.exchanged', message: 'Shared details' }),
  } as Record<RecapHow, string>,
  howLabel: t({ id: 'recap.howLabel', message: 'How you met' }),
  note: t({ id: 'recap.note', message: 'Your note' }),
  noteHint: t({ id: 'recap.noteHint', message: 'Only you ever see it.' }),
  addNote: (name: string) => t({ id: 'recap.addNote', message: `Add a note about ${name}` }),
  editNote: (name: string) => t({ id: 'recap.editNote', message: `Edit your note about ${name}` }),
  saveNote: t({ id: 'recap.saveNote', message: 'Save note' }),
  savingNote: t({ id: 'recap.savingNote', message: 'Saving…' }),
  cancel: t({ id: 'recap.cancel', message: 'Cancel' }),
  cards: t({ id: 'recap.cards', message: 'Share contact cards' }),
  cardsHint: t({ id: 'recap.cardsHint', message: 'One file with the details people shared with you, for your address book.' }),
  sharing: t({ id: 'recap.sharing', message: 'Getting the cards…' }),
  shared: t({ id: 'recap.shared', message: 'Contact cards ready.' }),
  downloaded: t({ id: 'recap.downloaded', message: 'Contact cards downloaded.' }),
});
