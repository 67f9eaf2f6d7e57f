/** The kinds of news pushed and the languages pushes are written in (issue 41), without zod: the app imports them. */
/** The app's languages (machines/profile/language.ts): a push, and a person's emails, are written in one of them. */
export const PUSH_LANGUAGES = ['en', 'de'] as const;
export type PushLanguage = (typeof PUSH_LANGUAGES)[number];

/**
 * What may be pushed, by kind of news: a connection request, an accepted request, a 1:1
 * message, a meeting (proposed, accepted, starting in 5 minutes), an organiser's
 * announcement, a moderator's decision.
 */
export const PUSH_KINDS = ['requests', 'accepted', 'messages', 'meetings', 'announcements', 'moderation'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
