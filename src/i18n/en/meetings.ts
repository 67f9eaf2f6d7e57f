/** The English words of My meetings (issue 19): the person's 1:1 meetings, by what they wait for. */
import { t } from '@lingui/core/macro';
import { MEETINGS_WORDS } from '../../../machines/meetings/meetings.machine';
import { english, sayAll } from '../i18n';
import { messages } from '../locales/en/meetings.po';

english(messages);

export const MEETINGS = () => ({
  ...sayAll(MEETINGS_WORDS),
  with: (name: string) => t({ id: 'chatMeetings.with', message: `With ${name}` }),
  /** Issue 42: the calendar feed. */
  calendarTitle: t({ id: 'calendarFeed.title', message: 'Follow in your calendar' }),
  calendarIntro: t({
    id: 'calendarFeed.intro',
    message: "Your accepted meetings and the events you joined, kept up to date in your phone's calendar.",
  }),
  showAddress: t({ id: 'calendarFeed.show', message: 'Show my calendar address' }),
  gettingAddress: t({ id: 'calendarFeed.getting', message: 'Getting your address…' }),
  openInCalendar: t({ id: 'calendarFeed.open', message: 'Open in my calendar' }),
  address: t({ id: 'calendarFeed.address', message: 'Calendar address' }),
  keepPrivate: t({ id: 'calendarFeed.keepPrivate', message: 'Anyone with this address can see these entries, so keep it to yourself.' }),
  copy: t({ id: 'calendarFeed.copy', message: 'Copy address' }),
  renew: t({ id: 'calendarFeed.renew', message: 'Make a new address' }),
  renewQuestion: t({ id: 'calendarFeed.renewQuestion', message: 'Make a new address? Calendars that follow the old one stop updating.' }),
  yesRenew: t({ id: 'calendarFeed.yesRenew', message: 'Make a new one' }),
  keepAddress: t({ id: 'calendarFeed.keep', message: 'Keep this one' }),
});
