/** The English words of the user-search view (SPEC 3 "User search filter", SPEC 5 "User search"). */
import { plural, t } from '@lingui/core/macro';
import type { CommunicationStyle } from '../../../contract/constants';
import { english } from '../i18n';
import { messages } from '../locales/en/user-search.po';

english(messages);

export const USER_SEARCH = () => ({
  title: t({ id: 'userSearch.title', message: 'Find people' }),
  form: t({ id: 'userSearch.form', message: 'Search users' }),
  query: t({ id: 'userSearch.query', message: 'Name or username' }),
  interests: t({ id: 'userSearch.interests', message: 'Interests' }),
  interestsHint: t({ id: 'userSearch.interestsHint', message: 'Separate with commas, e.g. jazz, hiking' }),
  industry: t({ id: 'userSearch.industry', message: 'Industry' }),
  style: t({ id: 'userSearch.style', message: 'Communication style' }),
  anyStyle: t({ id: 'userSearch.anyStyle', message: 'Any' }),
  styles: {
    introverted: t({ id: 'userSearch.styles.introverted', message: 'Introverted' }),
    balanced: t({ id: 'userSearch.styles.balanced', message: 'Balanced' }),
    extroverted: t({ id: 'userSearch.styles.extroverted', message: 'Extroverted' }),
  } as Record<CommunicationStyle, string>,
  ageFrom: t({ id: 'userSearch.ageFrom', message: 'Age from' }),
  ageTo: t({ id: 'userSearch.ageTo', message: 'Age to' }),
  agesHint: t({ id: 'userSearch.agesHint', message: 'Both ages are needed to search by age.' }),
  searching: t({ id: 'userSearch.searching', message: 'Searching…' }),
  search: t({ id: 'userSearch.search', message: 'Search Users' }),
  results: t({ id: 'userSearch.results', message: 'Results' }),
  failed: t({ id: 'userSearch.failed', message: "The search didn't go through. Please try again." }),
  nobody: t({ id: 'userSearch.nobody', message: 'Nobody matched. Try fewer filters.' }),
  found: (n: number) => t({ id: 'userSearch.found', message: plural(n, { one: '# person found', other: '# people found' }) }),
  list: t({ id: 'userSearch.list', message: 'People found' }),
});
