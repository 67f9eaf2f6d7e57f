/** The English words of the login view (SPEC 2 login, with registration). */
import type { CommunicationStyle } from '../../../contract/constants';
import type { Part } from '../i18n';

export const LOGIN = {
  id: 'login',
  en: {
    welcomeBack: 'Welcome back',
    joinWallflower: 'Join Wallflower',
    intro: 'Meet people at events at your own pace. Nobody sees a request you decline.',
    logIn: 'Log in',
    loggingIn: 'Logging in…',
    register: 'Register',
    registering: 'Creating your account…',
    usernameOrEmail: 'Username or email',
    password: 'Password',
    username: 'Username',
    usernameHint: 'At least 3 characters',
    name: 'Name',
    email: 'Email',
    // SPEC 5's hint, word for word (HINTS.userPassword).
    passwordHint: 'Must be at least 6 characters long',
    confirmPassword: 'Confirm password',
    age: 'Age (optional)',
    occupation: 'Occupation (optional)',
    interests: 'Interests',
    interestsHint: 'Separate with commas, e.g. hiking, jazz, board games',
    socialPreferences: 'Social preferences',
    socialPreferencesHint: 'Separate with commas, e.g. small groups, quiet corners',
    personalityTraits: 'Personality traits',
    commaHint: 'Separate with commas',
    communicationStyle: 'Communication style',
    styles: { introverted: 'Introverted', balanced: 'Balanced', extroverted: 'Extroverted' } as Record<CommunicationStyle, string>,
    newHere: 'New here?',
    haveAccount: 'Already have an account?',
    createAccount: 'Create an account',
    logInInstead: 'Log in instead',
    accessibility: 'Accessibility',
  },
} satisfies Part<unknown>;

/** The English words of the notice a banned person reads on the login view. */
export const BAN = {
  id: 'ban',
  en: {
    bannedUntil: (when: string) => `Your account is banned until ${when}`,
    banned: 'Your account is banned',
    reason: 'The reason the Wallflower team gave: ',
    whileItLasts:
      'While it lasts nobody sees your profile. After that you can log in again as usual: your profile, connections and messages are kept.',
    noEnd: 'This ban has no end date, and nobody sees your profile.',
    /** Around the support address, a link: "If you think this is a mistake, write to", address, "and say which account it is." */
    writeTo: ['If you think this is a mistake, write to ', ' and say which account it is.'] as [string, string],
    tellOrganisers: 'If you think this is a mistake, tell the organisers of your event; they can reach the Wallflower team.',
    understood: 'I understand',
  },
} satisfies Part<unknown>;
