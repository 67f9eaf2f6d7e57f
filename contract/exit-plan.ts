/**
 * An exit plan in chat (issue 18 item 3): "I need a break" sends one of these kind,
 * ready-made closing lines as an ordinary message, and quiets the conversation for the
 * sender for a while. None of the lines is a rejection, and the other person is never
 * told about the quiet: they see the line, as any message. Zod-free, so the app's lazy
 * chat chunk uses the same words as the server and the tests.
 */
import { sentence } from './said';

/** The closing lines, by a stable id (the id is what the app sends; the server sends the text). */
export const CLOSING_LINES = [
  { id: 'recharge', text: "I'm going to recharge for a bit — it was lovely talking with you." },
  { id: 'battery', text: 'My social battery is low, so I’m stepping away. Thank you for the chat!' },
  { id: 'quiet', text: 'I need a little quiet now. Really glad we talked.' },
  { id: 'later', text: 'Taking a short break. Maybe we’ll talk again later!' },
] as const;

export type ClosingLineId = (typeof CLOSING_LINES)[number]['id'];
export const CLOSING_LINE_IDS = CLOSING_LINES.map((l) => l.id) as [ClosingLineId, ...ClosingLineId[]];

/** The text of a closing line, or undefined for an id that is not one. */
export const closingLineText = (id: string): string | undefined => CLOSING_LINES.find((l) => l.id === id)?.text;

/** How long the conversation stays quiet, in minutes, with the words the sheet shows. */
export const MUTE_LENGTHS = [
  { minutes: 30, label: /*i18n*/ { id: 'exitPlan.length.30', message: 'For 30 minutes' } },
  { minutes: 60, label: /*i18n*/ { id: 'exitPlan.length.60', message: 'For 1 hour' } },
  { minutes: 180, label: /*i18n*/ { id: 'exitPlan.length.180', message: 'For 3 hours' } },
] as const;

export type MuteMinutes = (typeof MUTE_LENGTHS)[number]['minutes'];
export const MUTE_MINUTES: readonly number[] = MUTE_LENGTHS.map((m) => m.minutes);

/** The words of the sheet and the calm screen. */
export const EXIT_WORDS = {
  button: /*i18n*/ { id: 'exitPlan.button', message: 'I need a break' },
  sheetTitle: /*i18n*/ { id: 'exitPlan.sheetTitle', message: 'I need a break' },
  sheetAbout: /*i18n*/ {
    id: 'exitPlan.sheetAbout',
    message:
      'Choose a kind line to close with. It is sent as a normal message; they are not told that you muted the chat. ' +
      'Their messages still arrive, quietly, without a notification.',
  },
  linesLegend: /*i18n*/ { id: 'exitPlan.linesLegend', message: 'Your closing line' },
  lengthLegend: /*i18n*/ { id: 'exitPlan.lengthLegend', message: 'Keep this chat quiet' },
  submit: /*i18n*/ { id: 'exitPlan.submit', message: 'Send and take a break' },
  submitting: /*i18n*/ { id: 'exitPlan.submitting', message: 'Sending…' },
  calmHeading: /*i18n*/ { id: 'exitPlan.calmHeading', message: 'Take your time' },
  calmSent: /*i18n*/ { id: 'exitPlan.calmSent', message: 'You sent:' },
  backToChats: /*i18n*/ { id: 'exitPlan.backToChats', message: 'Back to chats' },
  unmute: /*i18n*/ { id: 'exitPlan.unmute', message: 'Unmute now' },
  unmuting: /*i18n*/ { id: 'exitPlan.unmuting', message: 'Unmuting…' },
  unmuted: /*i18n*/ { id: 'exitPlan.unmuted', message: 'This chat is no longer quiet. New messages will notify you again.' },
  backToChat: /*i18n*/ { id: 'exitPlan.backToChat', message: 'Back to the chat' },
  sendFailed: /*i18n*/ { id: 'exitPlan.sendFailed', message: "Your line couldn't be sent just now. Please try again." },
  unmuteFailed: /*i18n*/ { id: 'exitPlan.unmuteFailed', message: "We couldn't unmute this chat just now. Please try again." },
} as const;

/** "This chat is quiet until 15:30": `time` is already in the person's own words. */
export const quietUntil = sentence(
  /*i18n*/ { id: 'exitPlan.quietUntil', message: 'This chat is quiet {time}.' },
  ({ time }: { time: string }) => `This chat is quiet ${time}.`,
);
