/** The English words of the profile view (SPEC 2 "Profile view"). */
import { t } from '@lingui/core/macro';
import { CARD_WORDS } from '../../../contract/card-words';
import type { CommunicationStyle } from '../../../contract/constants';
import { english, say } from '../i18n';
import { messages } from '../locales/en/profile.po';

english(messages);

export const PROFILE = () => ({
  back: t({ id: 'profile.back', message: 'Back' }),
  title: t({ id: 'profile.title', message: 'Your profile' }),
  settings: t({ id: 'profile.settings', message: 'Your settings' }),
  meetings: t({ id: 'profile.meetings', message: 'My meetings' }),
  privacy: t({ id: 'profile.privacy', message: 'Privacy' }),
  cards: say(CARD_WORDS.cardsLink),
  shared: say(CARD_WORDS.sharedLink),
  myCode: t({ id: 'profile.myCode', message: 'My code' }),
  upgrade: t({ id: 'profile.upgrade', message: 'Upgrade' }),
  accessibility: t({ id: 'profile.accessibility', message: 'Accessibility' }),
  details: t({ id: 'profile.details', message: 'Profile details' }),
  email: t({ id: 'profile.email', message: 'Email' }),
  age: t({ id: 'profile.age', message: 'Age' }),
  notGiven: t({ id: 'profile.notGiven', message: 'Not given' }),
  occupation: t({ id: 'profile.occupation', message: 'Occupation' }),
  interests: t({ id: 'profile.interests', message: 'Interests' }),
  noneYet: t({ id: 'profile.noneYet', message: 'None yet' }),
  socialPreferences: t({ id: 'profile.socialPreferences', message: 'Social preferences' }),
  personalityTraits: t({ id: 'profile.personalityTraits', message: 'Personality traits' }),
  communicationStyle: t({ id: 'profile.communicationStyle', message: 'Communication style' }),
  styles: { introverted: t({ id: 'profile.styles.introverted', message: 'Introverted' }), balanced: t({ id: 'profile.styles.balanced', message: 'Balanced' }), extroverted: t({ id: 'profile.styles.extroverted', message: 'Extroverted' }) } as Record<CommunicationStyle, string>,
  edit: t({ id: 'profile.edit', message: 'Edit' }),
  changePassword: t({ id: 'profile.changePassword', message: 'Change Password' }),
  deactivateTitle: t({ id: 'profile.deactivateTitle', message: 'Deactivate your account?' }),
  deactivateText: t({ id: 'profile.deactivateText', message: 'Your profile will be hidden from everyone and you will be signed out everywhere. Logging in again brings it back.' }),
  yesDeactivate: t({ id: 'profile.yesDeactivate', message: 'Yes, deactivate' }),
  keepAccount: t({ id: 'profile.keepAccount', message: 'Keep my account' }),
  account: t({ id: 'profile.account', message: 'Account' }),
  logout: t({ id: 'profile.logout', message: 'Logout' }),
  deactivate: t({ id: 'profile.deactivate', message: 'Deactivate Account' }),
  downloadData: t({ id: 'profile.downloadData', message: 'Download your data' }),
  downloadHint: t({ id: 'profile.downloadHint', message: 'Everything Wallflower holds about you, in one file.' }),
  preparingDownload: t({ id: 'profile.preparingDownload', message: 'Preparing your file…' }),
  deleteAccount: t({ id: 'profile.deleteAccount', message: 'Delete my account' }),
  deleteTitle: t({ id: 'profile.deleteTitle', message: 'Delete your account for good?' }),
  deleteGoesTitle: t({ id: 'profile.deleteGoesTitle', message: 'What goes, at once and for good' }),
  deleteGoes: [
    t({ id: 'profile.deleteGoes.profile', message: 'Your name, username, email, photo, profile and settings' }),
    t({ id: 'profile.deleteGoes.people', message: 'Your connections, requests, blocks and contact cards' }),
    t({ id: 'profile.deleteGoes.traces', message: 'Your photos and likes, positions, notifications, passkeys, devices and calendar feed' }),
    t({ id: 'profile.deleteGoes.sessions', message: 'Every sign-in, on every device' }),
  ],
  deleteStaysTitle: t({ id: 'profile.deleteStaysTitle', message: 'What stays with others, without your name' }),
  deleteStays: [
    t({ id: 'profile.deleteStays.messages', message: 'Messages you sent stay in their chats, from “Former attendee”' }),
    t({ id: 'profile.deleteStays.events', message: 'Events you made stay for the people going, with no organizer named' }),
    t({ id: 'profile.deleteStays.meetings', message: 'Meetings still to come are called off, and the other person is told' }),
    t({ id: 'profile.deleteStays.reports', message: 'Reports about you are kept for moderators for 30 days, then deleted' }),
  ],
  deleteNoUndo: t({
    id: 'profile.deleteNoUndo',
    message: 'This cannot be undone. If you only need a pause, Deactivate hides you until you sign in again. You may want to download your data first.',
  }),
  deletePassword: t({ id: 'profile.deletePassword', message: 'Your password' }),
  yesDelete: t({ id: 'profile.yesDelete', message: 'Delete my account for good' }),
  deleting: t({ id: 'profile.deleting', message: 'Deleting…' }),
  editProfile: t({ id: 'profile.editProfile', message: 'Edit profile' }),
  name: t({ id: 'profile.name', message: 'Name' }),
  commaHint: t({ id: 'profile.commaHint', message: 'Separate with commas' }),
  saving: t({ id: 'profile.saving', message: 'Saving…' }),
  save: t({ id: 'profile.save', message: 'Save' }),
  cancel: t({ id: 'profile.cancel', message: 'Cancel' }),
  passwordTitle: t({ id: 'profile.passwordTitle', message: 'Change password' }),
  currentPassword: t({ id: 'profile.currentPassword', message: 'Current password' }),
  newPassword: t({ id: 'profile.newPassword', message: 'New password' }),
  confirmNewPassword: t({ id: 'profile.confirmNewPassword', message: 'Confirm new password' }),
  changing: t({ id: 'profile.changing', message: 'Changing…' }),
  saveNewPassword: t({ id: 'profile.saveNewPassword', message: 'Save new password' }),
});

/** The English words of "How others see you" on the profile (issue 39): presence, in full. */
export const HOW_SEEN = () => ({
  title: t({ id: 'howSeen.title', message: 'How others see you' }),
  loading: t({ id: 'howSeen.loading', message: 'Checking who can see you…' }),
  strangers: t({ id: 'howSeen.strangers', message: "People you haven't connected with" }),
  connections: t({ id: 'howSeen.connections', message: 'Your connections' }),
  requests: t({ id: 'howSeen.requests', message: 'New connection requests' }),
  seen: t({ id: 'howSeen.seen', message: 'See you nearby' }),
  unseen: t({ id: 'howSeen.unseen', message: "Don't see you nearby" }),
  arrive: t({ id: 'howSeen.arrive', message: 'Reach you with a notification' }),
  wait: t({ id: 'howSeen.wait', message: 'Wait quietly for you' }),
  why: t({ id: 'howSeen.why', message: 'Why' }),
  nothing: t({ id: 'howSeen.nothing', message: 'Nothing is hiding you or holding your requests.' }),
  /** The control that changes each reason. */
  change: {
    unavailable: t({ id: 'howSeen.change.unavailable', message: 'Change availability' }),
    on_break: t({ id: 'howSeen.change.on_break', message: "I'm back" }),
    battery_low: t({ id: 'howSeen.change.battery_low', message: 'Change your energy' }),
    privacy: t({ id: 'howSeen.change.privacy', message: 'Change who can see you' }),
    safe_space: t({ id: 'howSeen.change.safe_space', message: 'Change safe space mode' }),
    restricted_zone: t({ id: 'howSeen.change.restricted_zone', message: 'Change auto-hide' }),
  },
});
