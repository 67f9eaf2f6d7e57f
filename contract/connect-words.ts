/**
 * QR connect's words and rules that the app needs too (issue 19), apart from the schemas
 * (contract/connect.ts) so no zod ships to the browser.
 */
import { sentence } from './said';

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
  badSignature: /*i18n*/ { id: 'connect.badSignature', message: "This isn't a Wallflower code. Ask them to show their code in the app." },
  unknown: /*i18n*/ { id: 'connect.unknown', message: "We couldn't find that code. Check it and try again, or ask them to show a fresh one." },
  expired: /*i18n*/ { id: 'connect.expired', message: 'This code has expired. Ask them to show a fresh one.' },
  reused: /*i18n*/ { id: 'connect.reused', message: 'This code was used already. Ask them to show a fresh one.' },
  own: /*i18n*/ { id: 'connect.own', message: "That's your own code. Show it to someone you'd like to connect with." },
  /** Blocked either way, or the owner can no longer be reached: nothing happens, nobody is told. */
  unusable: /*i18n*/ { id: 'connect.unusable', message: "This code can't be used." },
} as const;

/** Words of the "Connect by code" view. */
export const CONNECT_VIEW_WORDS = {
  title: /*i18n*/ { id: 'connect.view.title', message: 'Connect by code' },
  myCode: /*i18n*/ { id: 'connect.view.myCode', message: 'My code' },
  showLine: /*i18n*/ { id: 'connect.view.showLine', message: "Show this to someone you'd like to connect with. It changes every minute." },
  qrAlt: /*i18n*/ { id: 'connect.view.qrAlt', message: 'Your QR code' },
  shortCodeLabel: /*i18n*/ { id: 'connect.view.shortCodeLabel', message: 'Or they can type' },
  loadingCode: /*i18n*/ { id: 'connect.view.loadingCode', message: 'Making your code…' },
  codeFailed: /*i18n*/ { id: 'connect.view.codeFailed', message: "We couldn't make your code just now." },
  scanFailed: /*i18n*/ { id: 'connect.view.scanFailed', message: "We couldn't connect you just now. Check your connection and try again." },
  scanTitle: /*i18n*/ { id: 'connect.view.scanTitle', message: 'Scan a code' },
  scanLine: /*i18n*/ { id: 'connect.view.scanLine', message: "Point your camera at their code, or type the letters under it." },
  useCamera: /*i18n*/ { id: 'connect.view.useCamera', message: 'Scan with camera' },
  stopCamera: /*i18n*/ { id: 'connect.view.stopCamera', message: 'Stop camera' },
  choosePhoto: /*i18n*/ { id: 'connect.view.choosePhoto', message: 'Use a photo of a code' },
  cameraLabel: /*i18n*/ { id: 'connect.view.cameraLabel', message: 'Camera view' },
  cameraStarting: /*i18n*/ { id: 'connect.view.cameraStarting', message: 'Starting the camera…' },
  cameraFailed: /*i18n*/ { id: 'connect.view.cameraFailed', message: "We couldn't use your camera. You can type the code instead, or use a photo of it." },
  noCodeInPicture: /*i18n*/ { id: 'connect.view.noCodeInPicture', message: "We couldn't find a code in that picture. Try again, or type the code instead." },
  typeInstead: /*i18n*/ { id: 'connect.view.typeInstead', message: 'Type a code instead' },
  typeHint: /*i18n*/ { id: 'connect.view.typeHint', message: '6 letters and digits, as shown under their QR code' },
  connectButton: /*i18n*/ { id: 'connect.view.connectButton', message: 'Connect' },
  connecting: /*i18n*/ { id: 'connect.view.connecting', message: 'Connecting…' },
  chat: /*i18n*/ { id: 'connect.view.chat', message: 'Chat' },
  again: /*i18n*/ { id: 'connect.view.again', message: 'Scan another code' },
  tryAgain: /*i18n*/ { id: 'connect.view.tryAgain', message: 'Try again' },
  dismiss: /*i18n*/ { id: 'connect.view.dismiss', message: 'OK' },
} as const;

/** Said on both sides once two people are connected by a code. */
export const connectedWith = sentence(
  /*i18n*/ { id: 'connect.connectedWith', message: "You're connected with {name}" },
  ({ name }: { name: string }) => `You're connected with ${name}`,
);
