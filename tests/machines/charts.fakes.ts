/**
 * The charts' chunks for tests of the root chart: every chunk is there at once (the chart
 * loader's `loadCharts` answers in the same step it is asked), with the real charts except
 * those a test replaces, by the root's child id. So a test opens a view, signs in or
 * opens the plan chooser and finds its charts running right after, as it would once the
 * browser has the chunks.
 */
import type { ActorLogic, AnyActorLogic, EventObject, Snapshot } from 'xstate';
import { chartLoaderMachine } from '../../machines/app/chart-loader.machine';
import { switchboardMachine } from '../../machines/app/switchboard.machine';
import { analyticsMachine } from '../../machines/event/analytics.machine';
import { attendeesMachine } from '../../machines/event/attendees.machine';
import { authMachine } from '../../machines/session/auth.machine';
import { passwordResetMachine } from '../../machines/session/password-reset.machine';
import { verifyEmailMachine } from '../../machines/session/verify-email.machine';
import { businessCardMachine } from '../../machines/profile/business-card.machine';
import { passkeysMachine } from '../../machines/profile/passkeys.machine';
import { emailSettingsMachine } from '../../machines/profile/email-settings.machine';
import { openingMovesMachine } from '../../machines/profile/opening-moves.machine';
import { chatMachine } from '../../machines/chat/chat.machine';
import { contactExchangeMachine } from '../../machines/cards/contact-exchange.machine';
import { createEventMachine } from '../../machines/organizer/create-event.machine';
import { eventMachine } from '../../machines/event/event.machine';
import { feedMachine } from '../../machines/event/feed.machine';
import { groupChatMachine } from '../../machines/chat/group-chat.machine';
import { CHUNK_CHARTS, type Chunk, type LazyChart, type LazyChartId, type LoadedCharts } from '../../machines/lazy-charts';
import { meetingsMachine } from '../../machines/meetings/meetings.machine';
import { calendarFeedMachine } from '../../machines/meetings/calendar-feed.machine';
import { mutualConnectionsMachine } from '../../machines/people/mutual-connections.machine';
import { organizerMachine } from '../../machines/organizer/organizer.machine';
import { cardsMachine, sharedCardsMachine } from '../../machines/cards/cards.machine';
import { photoGalleryMachine } from '../../machines/event/photo-gallery.machine';
import { pwaMachine } from '../../machines/pwa/pwa.machine';
import { plansMachine } from '../../machines/profile/plans.machine';
import { privacySettingsMachine } from '../../machines/safety/privacy-settings.machine';
import { profileMachine } from '../../machines/profile/profile.machine';
import { profilePhotoMachine } from '../../machines/profile/profile-photo.machine';
import { profileStepsMachine } from '../../machines/profile/profile-steps.machine';
import { reportMachine } from '../../machines/safety/report.machine';
import { sessionCharts } from '../../machines/session/session-charts';
import { connectCharts } from '../../machines/connect/connect-charts';
import { userSearchMachine } from '../../machines/people/user-search.machine';

/** Every lazily loaded chart, as production loads it. */
export const REAL_CHARTS: LazyChart = {
  pwa: pwaMachine,
  auth: authMachine,
  passwordReset: passwordResetMachine,
  verifyEmail: verifyEmailMachine,
  ...sessionCharts,
  event: eventMachine,
  feed: feedMachine,
  chat: chatMachine,
  groupChat: groupChatMachine,
  privacySettings: privacySettingsMachine,
  contactExchange: contactExchangeMachine,
  createEvent: createEventMachine,
  userSearch: userSearchMachine,
  analytics: analyticsMachine,
  photos: photoGalleryMachine,
  profile: profileMachine,
  profilePhoto: profilePhotoMachine,
  businessCard: businessCardMachine,
  passkeys: passkeysMachine,
  emailSettings: emailSettingsMachine,
  moves: openingMovesMachine,
  attendees: attendeesMachine,
  connections: mutualConnectionsMachine,
  organizer: organizerMachine,
  cards: cardsMachine,
  sharedCards: sharedCardsMachine,
  plans: plansMachine,
  profileSteps: profileStepsMachine,
  report: reportMachine,
  ...connectCharts,
  meetings: meetingsMachine,
  calendarFeed: calendarFeedMachine,
};

/**
 * Replacements for lazily loaded charts, by the root's child id (a test's own stand-ins
 * may be looser), and for the live channel the switchboard runs.
 */
export type ChartFakes = Partial<Record<LazyChartId, AnyActorLogic>> & { live?: AnyActorLogic };

/** The charts of one chunk: the real ones, with `given` in place of theirs. */
export function chunkCharts(chunk: Chunk, given: ChartFakes = {}): LoadedCharts {
  const charts = { ...REAL_CHARTS, ...(given.live ? { switchboard: switchboardMachine.provide({ actors: { liveChannel: given.live as never } }) } : {}) };
  return Object.fromEntries(CHUNK_CHARTS[chunk].map((id) => [id, given[id] ?? charts[id]]));
}

/**
 * The chart loader's `loadCharts`, with every chunk already here: the actor is done as it
 * starts, so the root takes the chunk in the step that asked for it.
 */
export function chartsAtHand(given: ChartFakes = {}): never {
  const logic: ActorLogic<Snapshot<LoadedCharts>, EventObject, { chunk: Chunk }> = {
    transition: (snapshot) => snapshot,
    getInitialSnapshot: (_scope, input) => ({ status: 'done', output: chunkCharts(input.chunk, given), error: undefined }),
    getPersistedSnapshot: (snapshot) => snapshot,
  };
  return logic as never;
}

/** The root's chart loader fetching with `loadCharts` (a test's own double): spread into the root's actors. */
export function withChunks(loadCharts: AnyActorLogic) {
  return { chartLoader: chartLoaderMachine.provide({ actors: { loadCharts: loadCharts as never } }) };
}

/** The root's chart loader with every chunk at hand (`chartsAtHand`): spread into the root's actors. */
export const chunksAtHand = (given: ChartFakes = {}) => withChunks(chartsAtHand(given));
