/**
 * German words for privacy, safety sheets, profile extras, the organizer's views (issue 20), one field per English part (src/i18n/en/*.ts),
 * merged into the German catalogue by ./de.ts. The type makes it complete: a part listed
 * here does not compile until every English word has its German one.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SafetyWords {}

export const safetyWords: SafetyWords = {};

/** English sentences written outside the catalogue (the server's, the charts'), in German. */
export const safetySentences: Array<[RegExp | string, string | ((...groups: string[]) => string)]> = [];
