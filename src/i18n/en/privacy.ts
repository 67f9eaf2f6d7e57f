/** The English words of the privacy settings view (SPEC 3 "Privacy settings"). */
import { t } from '@lingui/core/macro';
import { VISIBILITY_LABELS, type VisibilityMode } from '../../../contract/constants';
import type { ReportTargetType } from '../../../contract/report-texts';
import type { MyReport } from '../../../contract/reports';
import type { PrivacyFlag } from '../../../machines/safety/privacy-settings.machine';
import { english, sayAll } from '../i18n';
import { messages } from '../locales/en/privacy.po';

english(messages);

export const PRIVACY_SETTINGS = () => ({
  title: t({ id: 'privacySettings.title', message: 'Privacy settings' }),
  loading: t({ id: 'privacySettings.loading', message: 'Loading your settings…' }),
  failed: t({ id: 'privacySettings.failed', message: "We couldn't load your privacy settings just now." }),
  whoCanSee: t({ id: 'privacySettings.whoCanSee', message: 'Who can see you' }),
  modes: sayAll(VISIBILITY_LABELS) as Record<VisibilityMode, string>,
  modeHints: {
    public: t({ id: 'privacySettings.modeHints.public', message: 'Everyone at your events can see you.' }),
    friends: t({ id: 'privacySettings.modeHints.friends', message: 'Only people you are connected with can see you.' }),
    private: t({ id: 'privacySettings.modeHints.private', message: 'Nobody sees you in nearby lists, search or suggestions.' }),
    anonymous: t({ id: 'privacySettings.modeHints.anonymous', message: 'People can see you are there, but not your name, username, photo or occupation.' }),
  } as Record<VisibilityMode, string>,
  whatOthersSee: t({ id: 'privacySettings.whatOthersSee', message: 'What others see, and when' }),
  flags: {
    show_location: {
      label: t({ id: 'privacySettings.flags.show_location.label', message: 'Show how far away I am' }),
      hint: t({ id: 'privacySettings.flags.show_location.hint', message: 'When off, nobody sees a distance to you, and your position is only used to check which zone you are in.' }),
    },
    show_interests: { label: t({ id: 'privacySettings.flags.show_interests.label', message: 'Show my interests' }), hint: t({ id: 'privacySettings.flags.show_interests.hint', message: 'When off, your interests are left off your card.' }) },
    show_profile_picture: { label: t({ id: 'privacySettings.flags.show_profile_picture.label', message: 'Show my profile picture' }), hint: t({ id: 'privacySettings.flags.show_profile_picture.hint', message: 'When off, people see your initial instead of your photo.' }) },
    auto_hide_in_restricted_zones: {
      label: t({ id: 'privacySettings.flags.auto_hide_in_restricted_zones.label', message: 'Hide me in restricted zones' }),
      hint: t({ id: 'privacySettings.flags.auto_hide_in_restricted_zones.hint', message: 'While you are in a restricted zone, you are left out of nearby lists and suggestions, unless it is too small to hide you in without showing where you are.' }),
    },
    anonymous_browsing: {
      label: t({ id: 'privacySettings.flags.anonymous_browsing.label', message: 'Browse anonymously' }),
      hint: t({ id: 'privacySettings.flags.anonymous_browsing.hint', message: 'What you do shows up in event feeds without your name.' }),
    },
    safe_space_mode: {
      label: t({ id: 'privacySettings.flags.safe_space_mode.label', message: 'Safe space mode' }),
      hint: t({ id: 'privacySettings.flags.safe_space_mode.hint', message: 'Only your connections can message you. Requests from others wait quietly until you turn this off.' }),
    },
    quiet_when_low_battery: {
      label: t({ id: 'privacySettings.flags.quiet_when_low_battery.label', message: 'Go quiet when my energy is low' }),
      hint: t({ id: 'privacySettings.flags.quiet_when_low_battery.hint', message: 'At energy 3 or lower, only your connections see you nearby and in suggestions, and new requests wait quietly until your energy rises.' }),
    },
  } as Record<PrivacyFlag, { label: string; hint: string }>,
  saving: t({ id: 'privacySettings.saving', message: 'Saving…' }),
  update: t({ id: 'privacySettings.update', message: 'Update Privacy Settings' }),
});

/** The English words of the blocked list in privacy settings. */
export const BLOCKED_PEOPLE = () => ({
  title: t({ id: 'blockedPeople.title', message: 'People you blocked' }),
  about: t({ id: 'blockedPeople.about', message: "They can't see you or contact you, and they were never told." }),
  loading: t({ id: 'blockedPeople.loading', message: 'Loading the people you blocked…' }),
  failed: t({ id: 'blockedPeople.failed', message: "We couldn't load the people you blocked just now." }),
  empty: t({ id: 'blockedPeople.empty', message: "You haven't blocked anyone." }),
  list: t({ id: 'blockedPeople.list', message: 'Blocked people' }),
  since: (when: string) => t({ id: 'blockedPeople.since', message: `Blocked ${when}` }),
  unblocking: t({ id: 'blockedPeople.unblocking', message: 'Unblocking…' }),
  yesUnblock: (name: string) => t({ id: 'blockedPeople.yesUnblock', message: `Yes, unblock ${name}` }),
  keepBlocked: t({ id: 'blockedPeople.keepBlocked', message: 'Keep blocked' }),
  reportName: (name: string) => t({ id: 'blockedPeople.reportName', message: `Report ${name}` }),
  report: t({ id: 'blockedPeople.report', message: 'Report' }),
  unblockName: (name: string) => t({ id: 'blockedPeople.unblockName', message: `Unblock ${name}` }),
  unblock: t({ id: 'blockedPeople.unblock', message: 'Unblock' }),
});

/** The English words of "Your reports" in privacy settings (issue 16). */
export const YOUR_REPORTS = () => ({
  title: t({ id: 'yourReports.title', message: 'Your reports' }),
  about: t({ id: 'yourReports.about', message: 'Only you and our moderators see these. Nobody you reported is told.' }),
  loading: t({ id: 'yourReports.loading', message: 'Loading your reports…' }),
  failed: t({ id: 'yourReports.failed', message: "We couldn't load your reports just now." }),
  empty: t({ id: 'yourReports.empty', message: "You haven't reported anything." }),
  list: t({ id: 'yourReports.list', message: 'Your reports' }),
  things: {
    user: t({ id: 'yourReports.things.user', message: 'A person' }),
    message: t({ id: 'yourReports.things.message', message: 'A message' }),
    group_message: t({ id: 'yourReports.things.group_message', message: 'A group chat message' }),
    photo: t({ id: 'yourReports.things.photo', message: 'A photo' }),
    opening_move: t({ id: 'yourReports.things.opening_move', message: 'An opening move' }),
  } as Record<ReportTargetType, string>,
  states: { open: t({ id: 'yourReports.states.open', message: 'Open: a moderator will look at it' }), reviewed: t({ id: 'yourReports.states.reviewed', message: 'Reviewed' }) } as Record<MyReport['status'], string>,
  reported: (when: string) => t({ id: 'yourReports.reported', message: `reported ${when}` }),
  reviewed: (when: string) => t({ id: 'yourReports.reviewed', message: `reviewed ${when}` }),
  moreFailed: t({ id: 'yourReports.moreFailed', message: "We couldn't load more just now." }),
  loadingMore: t({ id: 'yourReports.loadingMore', message: 'Loading…' }),
  showOlder: t({ id: 'yourReports.showOlder', message: 'Show older reports' }),
});
