/**
 * German words for the event view, people and connection views (issue 20), one field per English part (src/i18n/en/*.ts),
 * merged into the German catalogue by ./de.ts. The type makes it complete: a part listed
 * here does not compile until every English word has its German one.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface EventWords {}

export const eventWords: EventWords = {};

/** English sentences written outside the catalogue (the server's, the charts'), in German. */
export const eventSentences: Array<[RegExp | string, string | ((...groups: string[]) => string)]> = [];
