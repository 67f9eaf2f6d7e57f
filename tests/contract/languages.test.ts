/** The app's languages, said in three places, are the same two (issue 41): a person's, a push's, the app's own. */
import { describe, expect, it } from 'vitest';
import { LanguageSchema } from '../../contract/common';
import { PUSH_LANGUAGES } from '../../contract/push-kinds';
import { LANGUAGES } from '../../machines/profile/language';

describe('the languages', () => {
  it('a person may keep are those a push is written in and the app is shown in', () => {
    expect(LanguageSchema.options).toEqual([...PUSH_LANGUAGES]);
    expect(LanguageSchema.options).toEqual([...LANGUAGES]);
  });
});
