/**
 * The words of "Just listening" (issue 18) the app shows, for the app and its tests;
 * apart from the zod schemas (social.ts) so the chunks that show them do not carry zod.
 */
export const LISTENING_WORDS = {
  joinIn: 'Join in',
  justListen: 'Just listen',
  choice: 'Join in to be listed among the members, or just listen: listeners read along unseen, and others only see a count.',
  youListen: "You're listening",
  stop: 'Stop listening',
  postingMakesMember: 'Posting makes you a member.',
  /** The event view's interest groups: listen to a group's chat without joining the group. */
  listen: 'Listen',
  listeningToGroup: 'Listening',
  noMembers: 'No members yet. Posting, or "Join in", makes you one.',
  listening: (n: number) => `${n} listening`,
  others: (n: number) => (n === 1 ? '1 other listening' : `${n} others listening`),
  members: (n: number) => `Members (${n})`,
} as const;
