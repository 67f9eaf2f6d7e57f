/**
 * German words for chats, group chats, meetings, QR connect, cards and photos (issue 20), one field per English part (src/i18n/en/*.ts),
 * merged into the German catalogue by ./de.ts. The type makes it complete: a part listed
 * here does not compile until every English word has its German one.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ChatWords {}

export const chatWords: ChatWords = {};

/** English sentences written outside the catalogue (the server's, the charts'), in German. */
export const chatSentences: Array<[RegExp | string, string | ((...groups: string[]) => string)]> = [];
