/** The English words of "Find a small group" (issue 43 item 3), in the event view while the event is on. */
import { t } from '@lingui/core/macro';
import { PODS_WORDS } from '../../../machines/event/pods.machine';
import { english, sayAll } from '../i18n';
import { messages } from '../locales/en/pods.po';

english(messages);

export const PODS = () => ({
  ...sayAll(PODS_WORDS),
  title: t({ id: 'pods.title', message: 'Small group' }),
  offer: t({ id: 'pods.offer', message: 'Would a small group be easier? We can put you with 2 to 4 others here, ideally with shared interests, and tell you where to meet.' }),
  join: t({ id: 'pods.join', message: 'Find a small group' }),
  joining: t({ id: 'pods.joining', message: 'Adding you…' }),
  waiting: t({ id: 'pods.waiting', message: 'Looking for a small group for you. This usually takes a few seconds once a few people are waiting.' }),
  leave: t({ id: 'pods.leave', message: 'Stop looking' }),
  leaving: t({ id: 'pods.leaving', message: 'One moment…' }),
  loading: t({ id: 'pods.loading', message: 'Loading your small group…' }),
  failed: t({ id: 'pods.failed', message: "Your small group couldn't be loaded just now." }),
  retry: t({ id: 'pods.retry', message: 'Try again' }),
  formed: t({ id: 'pods.formed', message: 'Your small group is ready.' }),
  members: t({ id: 'pods.members', message: 'Who is in it' }),
  you: t({ id: 'pods.you', message: 'You' }),
  meet: (place: string, time: string) => t({ id: 'pods.meet', message: `Meet at ${place} at ${time}.` }),
  openChat: t({ id: 'pods.openChat', message: 'Open the group chat' }),
  leavePod: t({ id: 'pods.leavePod', message: 'Leave this group' }),
  leaveHint: t({ id: 'pods.leaveHint', message: 'Nobody is told if you leave.' }),
});
