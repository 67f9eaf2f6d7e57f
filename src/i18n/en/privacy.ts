/** The English words of the privacy settings view (SPEC 3 "Privacy settings"). */
import { VISIBILITY_LABELS, type VisibilityMode } from '../../../contract/constants';
import type { ReportTargetType } from '../../../contract/report-texts';
import type { MyReport } from '../../../contract/reports';
import type { PrivacyFlag } from '../../../machines/safety/privacy-settings.machine';
import type { Part } from '../i18n';

export const PRIVACY_SETTINGS = {
  id: 'privacySettings',
  en: {
    title: 'Privacy settings',
    loading: 'Loading your settings…',
    failed: "We couldn't load your privacy settings just now.",
    whoCanSee: 'Who can see you',
    modes: VISIBILITY_LABELS,
    modeHints: {
      public: 'Everyone at your events can see you.',
      friends: 'Only people you are connected with can see you.',
      private: 'Nobody sees you in nearby lists, search or suggestions.',
      anonymous: 'People can see you are there, but not your name, username, photo or occupation.',
    } as Record<VisibilityMode, string>,
    whatOthersSee: 'What others see, and when',
    flags: {
      show_location: {
        label: 'Show how far away I am',
        hint: 'When off, nobody sees a distance to you, and your position is only used to check which zone you are in.',
      },
      show_interests: { label: 'Show my interests', hint: 'When off, your interests are left off your card.' },
      show_profile_picture: { label: 'Show my profile picture', hint: 'When off, people see your initial instead of your photo.' },
      auto_hide_in_restricted_zones: {
        label: 'Hide me in restricted zones',
        hint: 'While you are in a restricted zone, you are left out of nearby lists and suggestions.',
      },
      anonymous_browsing: {
        label: 'Browse anonymously',
        hint: 'What you do shows up in event feeds without your name.',
      },
      safe_space_mode: {
        label: 'Safe space mode',
        hint: 'Only your connections can message you. Requests from others wait quietly until you turn this off.',
      },
      quiet_when_low_battery: {
        label: 'Go quiet when my energy is low',
        hint: 'At energy 3 or lower, only your connections see you nearby and in suggestions, and new requests wait quietly until your energy rises.',
      },
    } as Record<PrivacyFlag, { label: string; hint: string }>,
    saving: 'Saving…',
    update: 'Update Privacy Settings',
  },
} satisfies Part<unknown>;

/** The English words of the blocked list in privacy settings. */
export const BLOCKED_PEOPLE = {
  id: 'blockedPeople',
  en: {
    title: 'People you blocked',
    about: "They can't see you or contact you, and they were never told.",
    loading: 'Loading the people you blocked…',
    failed: "We couldn't load the people you blocked just now.",
    empty: "You haven't blocked anyone.",
    list: 'Blocked people',
    since: (when: string) => `Blocked ${when}`,
    unblocking: 'Unblocking…',
    yesUnblock: (name: string) => `Yes, unblock ${name}`,
    keepBlocked: 'Keep blocked',
    reportName: (name: string) => `Report ${name}`,
    report: 'Report',
    unblockName: (name: string) => `Unblock ${name}`,
    unblock: 'Unblock',
  },
} satisfies Part<unknown>;

/** The English words of "Your reports" in privacy settings (issue 16). */
export const YOUR_REPORTS = {
  id: 'yourReports',
  en: {
    title: 'Your reports',
    about: 'Only you and our moderators see these. Nobody you reported is told.',
    loading: 'Loading your reports…',
    failed: "We couldn't load your reports just now.",
    empty: "You haven't reported anything.",
    list: 'Your reports',
    things: {
      user: 'A person',
      message: 'A message',
      group_message: 'A group chat message',
      photo: 'A photo',
    } as Record<ReportTargetType, string>,
    states: { open: 'Open: a moderator will look at it', reviewed: 'Reviewed' } as Record<MyReport['status'], string>,
    reported: (when: string) => `reported ${when}`,
    reviewed: (when: string) => `reviewed ${when}`,
    moreFailed: "We couldn't load more just now.",
    loadingMore: 'Loading…',
    showOlder: 'Show older reports',
  },
} satisfies Part<unknown>;
