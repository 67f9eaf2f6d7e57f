/**
 * Kind endings (issue 43 item 5): "I'm heading off" sends one of these short, warm lines
 * with one tap and rests the chat for both people: messages still arrive, without toasts
 * or pushes, both see that it is resting, and either can wake it. Zod-free, so the app's
 * lazy chat chunk shows the same words the server sends (in the sender's language).
 */
export const HEADING_OFF_LINES = [
  { id: 'lovely', text: /*i18n*/ { id: 'kindEnding.line.lovely', message: "I'm heading off now. It was lovely talking with you!" } },
  { id: 'glad', text: /*i18n*/ { id: 'kindEnding.line.glad', message: "Thanks for the chat! I'm off, but really glad we met." } },
  { id: 'enjoy', text: /*i18n*/ { id: 'kindEnding.line.enjoy', message: "I'm heading off. Enjoy the rest of your day!" } },
] as const;

export type HeadingOffLineId = (typeof HEADING_OFF_LINES)[number]['id'];
export const HEADING_OFF_LINE_IDS = HEADING_OFF_LINES.map((l) => l.id) as [HeadingOffLineId, ...HeadingOffLineId[]];
export const headingOffLine = (id: string) => HEADING_OFF_LINES.find((l) => l.id === id)?.text;

/** The words of the sheet and the banner. */
export const KIND_ENDING_WORDS = {
  button: /*i18n*/ { id: 'kindEnding.button', message: "I'm heading off" },
  sheetTitle: /*i18n*/ { id: 'kindEnding.sheetTitle', message: "I'm heading off" },
  sheetAbout: /*i18n*/ {
    id: 'kindEnding.sheetAbout',
    message: 'Tap a line to send it. The chat then rests for you both: messages still arrive, without notifications, and either of you can wake it.',
  },
  cancel: /*i18n*/ { id: 'kindEnding.cancel', message: 'Not now' },
  resting: /*i18n*/ { id: 'kindEnding.resting', message: 'This chat is resting' },
  restingAbout: /*i18n*/ { id: 'kindEnding.restingAbout', message: 'Messages still arrive, without notifications. Either of you can wake it.' },
  wake: /*i18n*/ { id: 'kindEnding.wake', message: 'Wake this chat' },
  waking: /*i18n*/ { id: 'kindEnding.waking', message: 'Waking…' },
  sending: /*i18n*/ { id: 'kindEnding.sending', message: 'Sending…' },
  failed: /*i18n*/ { id: 'kindEnding.failed', message: "That didn't work just now. Please try again." },
} as const;
