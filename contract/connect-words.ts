/**
 * QR connect's words and rules that the app needs too (issue 19), apart from the schemas
 * (contract/connect.ts) so no zod ships to the browser.
 */

/** How long a code works after it is made. */
export const CONNECT_CODE_TTL_MS = 60_000;
/** The app shows a fresh code a little before the old one stops working. */
export const CONNECT_CODE_REFRESH_MS = 55_000;
/** The short code's letters: no 0/O or 1/I, so it reads aloud and types without doubt. */
export const SHORT_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const SHORT_CODE_LENGTH = 6;

/** A typed short code as stored: upper case, without the spaces and dashes people add. */
export const normalizeShortCode = (typed: string): string => typed.toUpperCase().replace(/[\s-]+/g, '');

/** What a QR code of this app holds: `<nonce>.<signature>`, both base64url. */
export const TOKEN_RE = /^[A-Za-z0-9_-]{16,64}\.[A-Za-z0-9_-]{16,128}$/;

/** The details of the scan's refusals, shown to the scanner as they are. */
export const CONNECT_WORDS = {
  badSignature: "This isn't a Wallflower code. Ask them to show their code in the app.",
  unknown: "We couldn't find that code. Check it and try again, or ask them to show a fresh one.",
  expired: 'This code has expired. Ask them to show a fresh one.',
  reused: 'This code was used already. Ask them to show a fresh one.',
  own: "That's your own code. Show it to someone you'd like to connect with.",
  /** Blocked either way, or the owner can no longer be reached: nothing happens, nobody is told. */
  unusable: "This code can't be used.",
} as const;

/** Words of the "Connect by code" view. */
export const CONNECT_VIEW_WORDS = {
  title: 'Connect by code',
  myCode: 'My code',
  showLine: "Show this to someone you'd like to connect with. It changes every minute.",
  qrAlt: 'Your QR code',
  shortCodeLabel: 'Or they can type',
  loadingCode: 'Making your code…',
  codeFailed: "We couldn't make your code just now.",
  scanFailed: "We couldn't connect you just now. Check your connection and try again.",
  scanTitle: 'Scan a code',
  scanLine: "Point your camera at their code, or type the letters under it.",
  useCamera: 'Scan with camera',
  stopCamera: 'Stop camera',
  choosePhoto: 'Use a photo of a code',
  cameraLabel: 'Camera view',
  cameraStarting: 'Starting the camera…',
  cameraFailed: "We couldn't use your camera. You can type the code instead, or use a photo of it.",
  noCodeInPicture: "We couldn't find a code in that picture. Try again, or type the code instead.",
  typeInstead: 'Type a code instead',
  typeHint: '6 letters and digits, as shown under their QR code',
  connectButton: 'Connect',
  connecting: 'Connecting…',
  chat: 'Chat',
  again: 'Scan another code',
  tryAgain: 'Try again',
  dismiss: 'OK',
} as const;

/** Said on both sides once two people are connected by a code. */
export const connectedWith = (name: string): string => `You're connected with ${name}`;
