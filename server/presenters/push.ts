/**
 * What a push says (issue 41): a stored notification as `{title, body, url, tag}`, in the
 * language of the device it goes to. The app says its sentences itself (issue 38), but a
 * push is shown by the service worker with the app closed, so the server says them here,
 * from the same German catalogues the app loads (contract/locales/de, read once).
 * Without previews a push names no one and quotes nothing: its kind's plain words.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Notification } from '../../contract/inbox';
import type { PushKind, PushLanguage, PushPayload } from '../../contract/push';
import { saidOf, sayIn, type Said, type SaidValues } from '../../contract/said';
import { projectRoot } from '../paths';

/** Each kind's words when the device shows no previews: who it is from and what was said stay in the app. */
export const PUSH_WORDS: Record<PushKind, { title: Said; body: Said }> = {
  requests: {
    title: /*i18n*/ { id: 'push.requests.title', message: 'New connection request' },
    body: /*i18n*/ { id: 'push.requests.body', message: 'Someone would like to connect. Open Wallflower to see who.' },
  },
  accepted: {
    title: /*i18n*/ { id: 'push.accepted.title', message: 'Request accepted' },
    body: /*i18n*/ { id: 'push.accepted.body', message: 'Someone accepted your request. You can chat now.' },
  },
  messages: {
    title: /*i18n*/ { id: 'push.messages.title', message: 'New message' },
    body: /*i18n*/ { id: 'push.messages.body', message: 'Someone sent you a message.' },
  },
  meetings: {
    title: /*i18n*/ { id: 'push.meetings.title', message: 'Meeting' },
    body: /*i18n*/ { id: 'push.meetings.body', message: 'There is news about a meeting.' },
  },
  announcements: {
    title: /*i18n*/ { id: 'push.announcements.title', message: 'Announcement' },
    body: /*i18n*/ { id: 'push.announcements.body', message: 'The organisers of your event posted an announcement.' },
  },
  moderation: {
    title: /*i18n*/ { id: 'push.moderation.title', message: 'A note from the moderators' },
    body: /*i18n*/ { id: 'push.moderation.body', message: 'Open Wallflower to read it.' },
  },
};

/** The recap nudge the day after an event (issue 43), without the event's name or anyone's. */
export const RECAP_WORDS: { title: Said; body: Said } = {
  title: /*i18n*/ { id: 'push.recap.title', message: 'Your event recap' },
  body: /*i18n*/ { id: 'push.recap.body', message: 'See who you met, and say thanks while it is fresh.' },
};

/** The reminder says when even without previews: that is what it is for. */
export const REMINDER_WORDS: { title: Said; body: Said } = {
  title: /*i18n*/ { id: 'push.reminder.title', message: 'Meeting in 5 minutes' },
  body: /*i18n*/ { id: 'push.reminder.body', message: 'Your meeting starts in 5 minutes.' },
};

/** Where a notification without an address of its own leads: the notifications list. */
const NOTIFICATIONS_PATH = '/notifications';

/**
 * Msgid → msgstr of a PO file as @lingui/cli writes it (quoted strings, continued on the
 * lines below; no plural forms, which ICU messages do not need).
 */
export function readPo(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  let field: 'msgid' | 'msgstr' | null = null;
  let id = '';
  let str = '';
  const flush = () => {
    if (id) out[id] = str;
    id = '';
    str = '';
  };
  for (const line of text.split('\n')) {
    const m = /^(msgid|msgstr|msgctxt)\s+(".*")\s*$/.exec(line);
    if (m) {
      if (m[1] === 'msgid') flush();
      field = m[1] === 'msgctxt' ? null : (m[1] as 'msgid' | 'msgstr');
      if (field === 'msgid') id = JSON.parse(m[2]!) as string;
      else if (field === 'msgstr') str = JSON.parse(m[2]!) as string;
    } else if (/^".*"\s*$/.test(line) && field) {
      const part = JSON.parse(line.trim()) as string;
      if (field === 'msgid') id += part;
      else str += part;
    } else if (line.trim() === '' || line.startsWith('#')) {
      field = null;
    }
  }
  flush();
  return out;
}

let german: I18n | null = null;
const english = setupI18n({ locale: 'en', messages: { en: {} } });

/** The German catalogues of what the server and the contract say, compiled once. */
function germanI18n(): I18n {
  if (german) return german;
  const messages: Messages = {};
  for (const file of ['contract/locales/de/contract.po', 'contract/locales/de/server.po']) {
    for (const [id, message] of Object.entries(readPo(readFileSync(join(projectRoot, file), 'utf8')))) {
      if (message) messages[id] = compileMessage(message);
    }
  }
  german = setupI18n({ locale: 'de', messages: { de: messages } });
  return german;
}

export const sayInLanguage = (language: PushLanguage, said: Said): string => sayIn(language === 'de' ? germanI18n() : english, said);

/** What one device is told of a notification. */
export function toPushPayload(
  notification: Notification,
  kind: PushKind,
  device: { language: PushLanguage; previews: boolean; reminder: boolean; recap?: boolean },
): PushPayload {
  const say = (said: Said) => sayInLanguage(device.language, said);
  const words = device.previews
    ? {
        title: saidOf(notification.title, notification.title_code, notification.title_params as SaidValues),
        body: saidOf(notification.content, notification.content_code, notification.content_params as SaidValues),
      }
    : device.reminder
      ? REMINDER_WORDS
      : device.recap
        ? RECAP_WORDS
        : PUSH_WORDS[kind];
  const link = notification.link;
  return {
    title: say(words.title),
    body: say(words.body),
    // Only an app path: never an address elsewhere, nor one starting "//" (another host).
    url: link && link.startsWith('/') && !link.startsWith('//') ? link : NOTIFICATIONS_PATH,
    tag: notification.id,
  };
}
