/** The English words of the profile's push settings (issue 41): pushes to this device while the app is closed. */
import { t } from '@lingui/core/macro';
import type { PushKind } from '../../../contract/push-kinds';
import { english } from '../i18n';
import { messages } from '../locales/en/push-settings.po';

english(messages);

export const PUSH_SETTINGS = () => ({
  title: t({ id: 'pushSettings.title', message: 'Notifications on this device' }),
  why: t({
    id: 'pushSettings.why',
    message: 'Wallflower can tell you when the app is closed and your phone is in your pocket. Kept on this device.',
  }),
  unsupported: t({ id: 'pushSettings.unsupported', message: 'This browser cannot show notifications while Wallflower is closed.' }),
  notPermitted: t({ id: 'pushSettings.notPermitted', message: 'To get them, press Enable Notifications at the top first.' }),
  on: t({ id: 'pushSettings.on', message: 'Notify me while Wallflower is closed' }),
  failed: t({ id: 'pushSettings.failed', message: 'Notifications could not be turned on. Check your connection, then try again.' }),
  previews: t({ id: 'pushSettings.previews', message: 'Show who it is from and what they wrote' }),
  previewsHint: t({ id: 'pushSettings.previewsHint', message: 'Off: a notification says only "Someone sent you a message", even on a locked screen.' }),
  kindsLegend: t({ id: 'pushSettings.kindsLegend', message: 'Tell me about' }),
  kinds: {
    requests: t({ id: 'pushSettings.kinds.requests', message: 'Connection requests' }),
    accepted: t({ id: 'pushSettings.kinds.accepted', message: 'Accepted requests' }),
    messages: t({ id: 'pushSettings.kinds.messages', message: 'Messages' }),
    meetings: t({ id: 'pushSettings.kinds.meetings', message: 'Meetings, and 5 minutes before one' }),
    announcements: t({ id: 'pushSettings.kinds.announcements', message: 'Announcements from organisers' }),
    moderation: t({ id: 'pushSettings.kinds.moderation', message: "Moderators' decisions" }),
  } as Record<PushKind, string>,
});

/** The note under the top bar before the browser asks for permission (PwaNotes.tsx). */
export const PUSH_WHY = () => ({
  text: t({
    id: 'pushWhy.text',
    message:
      'Get a notification when someone wants to connect, writes to you, or a meeting starts in 5 minutes, even when Wallflower is closed. Your browser will ask next. You can change what you get in your profile.',
  }),
  accept: t({ id: 'pushWhy.accept', message: 'Turn on notifications' }),
  notNow: t({ id: 'pushWhy.notNow', message: 'Not now' }),
});
