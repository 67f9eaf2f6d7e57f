/**
 * The charts that run while a user is signed in, the events list's and the location
 * poller: one chunk,
 * fetched as the session opens (see lazy-charts.ts), by the root's child id.
 */
import { availabilityMachine } from '../presence/availability.machine';
import { batteryMachine } from '../presence/battery.machine';
import { chatOutboxMachine } from '../chat/chat-outbox.machine';
import { connectionRequestsMachine } from '../people/connection-requests.machine';
import { conversationsMachine } from '../chat/conversations.machine';
import { eventsMachine } from '../event/events.machine';
import { locationPollerMachine } from './location-poller.machine';
import { notificationsMachine } from './notifications.machine';
import { presenceMachine } from '../presence/presence.machine';
import { pushMachine } from '../pwa/push.machine';
import { accountLanguageMachine } from '../profile/account-language.machine';
import { statusMachine } from '../presence/status.machine';
import { switchboardMachine } from '../app/switchboard.machine';

export const sessionCharts = {
  availability: availabilityMachine,
  battery: batteryMachine,
  switchboard: switchboardMachine,
  outbox: chatOutboxMachine,
  notifications: notificationsMachine,
  requests: connectionRequestsMachine,
  conversations: conversationsMachine,
  events: eventsMachine,
  locationPoller: locationPollerMachine,
  status: statusMachine,
  presence: presenceMachine,
  push: pushMachine,
  language: accountLanguageMachine,
};
