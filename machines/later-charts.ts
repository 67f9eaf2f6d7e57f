/**
 * Where the code of the parts the app does not open with is (lazy-charts.ts `loadChunk`):
 * each part's charts, by the root's child id, in a chunk of its own.
 */
import type { LaterChunk, LazyCharts } from './lazy-charts';

export const LATER_CHARTS: { [K in LaterChunk]: () => Promise<LazyCharts[K]> } = {
  'password-reset': () => import('./session/password-reset.machine').then((m) => ({ passwordReset: m.passwordResetMachine })),
  'verify-email': () => import('./session/verify-email.machine').then((m) => ({ verifyEmail: m.verifyEmailMachine })),
  chat: () => import('./chat/chat.machine').then((m) => ({ chat: m.chatMachine })),
  'group-chat': () => import('./chat/group-chat.machine').then((m) => ({ groupChat: m.groupChatMachine })),
  'privacy-settings': () => import('./safety/privacy-settings.machine').then((m) => ({ privacySettings: m.privacySettingsMachine })),
  'contact-exchange': () => import('./cards/contact-exchange.machine').then((m) => ({ contactExchange: m.contactExchangeMachine })),
  'create-event': () => import('./organizer/create-event.machine').then((m) => ({ createEvent: m.createEventMachine })),
  'user-search': () => import('./people/user-search.machine').then((m) => ({ userSearch: m.userSearchMachine })),
  analytics: () => import('./event/analytics.machine').then((m) => ({ analytics: m.analyticsMachine })),
  'photo-gallery': () => import('./event/photo-gallery.machine').then((m) => ({ photos: m.photoGalleryMachine })),
  profile: () =>
    Promise.all([
      import('./profile/profile.machine'),
      import('./profile/profile-photo.machine'),
      import('./profile/business-card.machine'),
      import('./profile/passkeys.machine'),
      import('./profile/email-settings.machine'),
      import('./profile/opening-moves.machine'),
    ]).then(([p, pp, b, k, e, o]) => ({
      profile: p.profileMachine,
      profilePhoto: pp.profilePhotoMachine,
      businessCard: b.businessCardMachine,
      passkeys: k.passkeysMachine,
      emailSettings: e.emailSettingsMachine,
      moves: o.openingMovesMachine,
    })),
  attendees: () => import('./event/attendees.machine').then((m) => ({ attendees: m.attendeesMachine })),
  'mutual-connections': () => import('./people/mutual-connections.machine').then((m) => ({ connections: m.mutualConnectionsMachine })),
  organizer: () => import('./organizer/organizer.machine').then((m) => ({ organizer: m.organizerMachine })),
  connect: () => import('./connect/connect-charts').then((m) => m.connectCharts),
  plans: () => import('./profile/plans.machine').then((m) => ({ plans: m.plansMachine })),
  'profile-steps': () => import('./profile/profile-steps.machine').then((m) => ({ profileSteps: m.profileStepsMachine })),
  report: () => import('./safety/report.machine').then((m) => ({ report: m.reportMachine })),
  cards: () => import('./cards/cards.machine').then((m) => ({ cards: m.cardsMachine })),
  'shared-cards': () => import('./cards/cards.machine').then((m) => ({ sharedCards: m.sharedCardsMachine })),
  meetings: () =>
    Promise.all([import('./meetings/meetings.machine'), import('./meetings/calendar-feed.machine')]).then(([m, f]) => ({
      meetings: m.meetingsMachine,
      calendarFeed: f.calendarFeedMachine,
    })),
};
