/**
 * The words of "Just listening" (issue 18) the app shows, for the app and its tests;
 * apart from the zod schemas (social.ts) so the chunks that show them do not carry zod.
 */
import { sentence } from './said';

export const LISTENING_WORDS = {
  joinIn: /*i18n*/ { id: 'listening.joinIn', message: 'Join in' },
  justListen: /*i18n*/ { id: 'listening.justListen', message: 'Just listen' },
  choice: /*i18n*/ { id: 'listening.choice', message: 'Join in to be listed among the members, or just listen: listeners read along unseen, and others only see a count.' },
  youListen: /*i18n*/ { id: 'listening.youListen', message: "You're listening" },
  stop: /*i18n*/ { id: 'listening.stop', message: 'Stop listening' },
  postingMakesMember: /*i18n*/ { id: 'listening.postingMakesMember', message: 'Posting makes you a member.' },
  /** The event view's interest groups: listen to a group's chat without joining the group. */
  listen: /*i18n*/ { id: 'listening.listen', message: 'Listen' },
  listeningToGroup: /*i18n*/ { id: 'listening.listeningToGroup', message: 'Listening' },
  noMembers: /*i18n*/ { id: 'listening.noMembers', message: 'No members yet. Posting, or "Join in", makes you one.' },
  listening: sentence(/*i18n*/ { id: 'listening.listening', message: '{n} listening' }, ({ n }: { n: number }) => `${n} listening`),
  others: sentence(
    /*i18n*/ { id: 'listening.others', message: '{n, plural, one {# other listening} other {# others listening}}' },
    ({ n }: { n: number }) => (n === 1 ? '1 other listening' : `${n} others listening`),
  ),
  members: sentence(/*i18n*/ { id: 'listening.members', message: 'Members ({n})' }, ({ n }: { n: number }) => `Members (${n})`),
} as const;
