/**
 * German words for the admin panel and the server's notification texts (issue 20), one field per English part (src/i18n/en/*.ts),
 * merged into the German catalogue by ./de.ts. The type makes it complete: a part listed
 * here does not compile until every English word has its German one.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AdminWords {}

export const adminWords: AdminWords = {};

/** English sentences written outside the catalogue (the server's, the charts'), in German. */
export const adminSentences: Array<[RegExp | string, string | ((...groups: string[]) => string)]> = [];
