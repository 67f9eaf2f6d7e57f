/** The English words of the user-search view (SPEC 3 "User search filter", SPEC 5 "User search"). */
import { plural } from '../../components/format';
import type { Part } from '../i18n';
import { STYLES } from './person-card';

export const USER_SEARCH = {
  id: 'userSearch',
  en: {
    title: 'Find people',
    form: 'Search users',
    query: 'Name or username',
    interests: 'Interests',
    interestsHint: 'Separate with commas, e.g. jazz, hiking',
    industry: 'Industry',
    style: 'Communication style',
    anyStyle: 'Any',
    styles: STYLES,
    ageFrom: 'Age from',
    ageTo: 'Age to',
    agesHint: 'Both ages are needed to search by age.',
    searching: 'Searching…',
    search: 'Search Users',
    results: 'Results',
    failed: "The search didn't go through. Please try again.",
    nobody: 'Nobody matched. Try fewer filters.',
    found: (n: number) => plural('en', n, { one: '# person found', other: '# people found' }),
    list: 'People found',
  },
} satisfies Part<unknown>;
