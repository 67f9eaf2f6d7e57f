/**
 * The German catalogue (issues 20 and 38): every German catalogue of the app (PO files,
 * compiled by @lingui/vite-plugin) in one chunk, fetched only when German is the language.
 *
 * Until the charts and the server send sentences with their message ids (contract/said.ts),
 * the English sentences they write are said in German here by their English (legacySay):
 * the last of the old catalogue, which goes as each of them gains an id. Informal "du"
 * throughout, as a friend would say it.
 */
import type { Messages } from '@lingui/core';
import { ACCOUNT_TAKEN, HINTS, MESSAGES, SERVER_DETAILS, type MessageKey } from '../../contract/messages';
import { adminSentences } from './de-admin';
import { chatSentences } from './de-chat';
import { eventSentences } from './de-event';
import { safetySentences } from './de-safety';

const catalogues = import.meta.glob<{ messages: Messages }>(
  ['./locales/de/*.po', '../../machines/locales/de/*.po', '../../contract/locales/de/*.po'],
  { eager: true },
);

/** Every German message, by its id. */
export const messages: Messages = Object.assign({}, ...Object.values(catalogues).map((c) => c.messages));

/** English sentences written outside the catalogue, in German: fixed ones by their English, patterns with their groups. */
export type Sentences = Array<[RegExp | string, string | ((...groups: string[]) => string)]>;

/** SPEC 8's messages (and the few of its kind), by their keys in contract/messages.ts. */
const MESSAGES_DE: Record<MessageKey, string> = {
  userNotLoggedIn: 'Du bist nicht angemeldet',
  offline: 'Du bist offline. Manche Funktionen sind vielleicht eingeschränkt.',
  loginSuccessful: 'Anmeldung erfolgreich!',
  registrationSuccessful: 'Registrierung erfolgreich!',
  loggedOut: 'Erfolgreich abgemeldet',
  accountReactivated: 'Willkommen zurück! Dein Konto ist wieder aktiv.',
  invalidAdminCredentials: 'Ungültige Admin-Zugangsdaten',
  failedCreateEvent: 'Das Event konnte nicht erstellt werden',
  failedJoinEvent: 'Die Teilnahme hat nicht geklappt',
  failedBanUser: 'Sperren fehlgeschlagen',
  failedUnbanUser: 'Entsperren fehlgeschlagen',
  failedWarnUser: 'Verwarnen fehlgeschlagen',
  failedDeleteUser: 'Löschen fehlgeschlagen',
  failedLoadAdminSettings: 'Die Admin-Einstellungen konnten nicht geladen werden',
  failedUpdateProfile: 'Das Profil konnte nicht gespeichert werden',
  failedDeactivateAccount: 'Das Konto konnte nicht deaktiviert werden',
  failedLoadEventAttendees: 'Die Teilnehmenden konnten nicht geladen werden',
  failedLoadConnectionRequests: 'Die Kontaktanfragen konnten nicht geladen werden',
  failedLoadConnections: 'Die Kontakte konnten nicht geladen werden',
  failedUpgradeSubscription: 'Der Tarifwechsel hat nicht geklappt',
  adminUserNotLoaded: 'Das Admin-Konto ist nicht geladen',
  registrationFailed: 'Die Registrierung hat nicht geklappt',
  loginFailed: 'Die Anmeldung hat nicht geklappt',
  failedChangePassword: 'Das Passwort konnte nicht geändert werden',
  failedChangeUsername: 'Der Benutzername konnte nicht geändert werden',
  failedRespondToRequest: 'Die Antwort auf die Anfrage hat nicht geklappt',
  failedSendConnectionRequest: 'Die Kontaktanfrage konnte nicht gesendet werden',
  passwordsDoNotMatch: 'Die Passwörter stimmen nicht überein',
  passwordTooShort: 'Das Passwort muss mindestens 6 Zeichen lang sein',
  usernameTooShort: 'Der Benutzername muss mindestens 3 Zeichen lang sein',
  loginFieldsRequired: 'Bitte gib Benutzername oder E-Mail und Passwort ein',
  newPasswordsDoNotMatch: 'Die neuen Passwörter stimmen nicht überein',
  newPasswordTooShort: 'Das neue Passwort muss mindestens 6 Zeichen lang sein',
  duplicateEvent:
    'An diesem Ort gibt es zu dieser Zeit schon ein Event. Bitte wähle eine andere Zeit oder einen anderen Ort.',
  profileUpdated: 'Profil gespeichert',
  passwordChanged: 'Passwort geändert',
  usernameChanged: 'Benutzername geändert',
  userBanned: 'Gesperrt',
  userUnbanned: 'Sperre aufgehoben',
  warningIssued: 'Verwarnung ausgesprochen',
  userDeleted: 'Gelöscht',
  accountDeactivated: 'Konto deaktiviert',
  connectionRequestSent: 'Kontaktanfrage diskret gesendet',
  connectionAccepted: 'Kontakt angenommen! Ihr könnt jetzt chatten.',
  connectionDeclined: 'Kontaktanfrage diskret abgelehnt',
  contactExchangeSent: 'Anfrage zum Kontaktaustausch gesendet!',
};

/** The server's details on the login and register forms, by their keys. */
const DETAILS_DE: Record<keyof typeof SERVER_DETAILS, string> = {
  wrongLogin: 'Benutzername, E-Mail oder Passwort stimmt nicht',
  tooManyAttempts: 'Zu viele Versuche. Bitte warte einen Moment und versuche es dann noch einmal.',
  tooManyRequests: 'Zu viele Anfragen. Bitte mach etwas langsamer.',
  serverError: 'Bei uns ist etwas schiefgegangen. Bitte versuche es noch einmal.',
};

const TAKEN_DE: Record<keyof typeof ACCOUNT_TAKEN, string> = {
  username: 'Dieser Benutzername ist schon vergeben',
  email: 'Mit dieser E-Mail-Adresse gibt es schon ein Konto',
};

const HINTS_DE: Record<keyof typeof HINTS, string> = {
  userPassword: 'Mindestens 6 Zeichen lang',
  adminPassword: 'Mindestens 8 Zeichen, mit Groß- und Kleinbuchstaben und Ziffern',
  adminUsername: 'Mindestens 3 Zeichen, nur Buchstaben und Ziffern. Dein aktuelles Passwort wird gebraucht.',
};

/** English → German for each keyed group: English by key from the contract, German by the same key here. */
const known = new Map<string, string>();
const learn = <K extends string>(english: Record<K, string | { message: string }>, german: Record<K, string>) => {
  for (const key of Object.keys(english) as K[]) {
    const words = english[key];
    known.set(typeof words === 'string' ? words : words.message, german[key]);
  }
};
learn(MESSAGES, MESSAGES_DE);
learn(SERVER_DETAILS, DETAILS_DE);
learn(ACCOUNT_TAKEN, TAKEN_DE);
learn(HINTS, HINTS_DE);

/** The other files' sentences: fixed ones known by their English, patterns tried in order (learnt at the first, as those files import this one). */
const patterns: Array<[RegExp, string | ((...groups: string[]) => string)]> = [];
let learnt = false;
function learnSentences(): void {
  learnt = true;
  for (const [english, german] of [...eventSentences, ...chatSentences, ...safetySentences, ...adminSentences]) {
    if (typeof english === 'string') known.set(english, typeof german === 'string' ? german : german());
    else patterns.push([english, german]);
  }
}

/** An English sentence of a chart or the server without a message id yet, in German; one it does not know, as written. */
export function legacySay(text: string): string {
  if (!learnt) learnSentences();
  const known1 = known.get(text);
  if (known1) return known1;
  for (const [pattern, german] of patterns) {
    const m = pattern.exec(text);
    if (m) return typeof german === 'string' ? german : german(...m.slice(1));
  }
  const plan = /^Upgraded to (.+) plan!$/.exec(text);
  if (plan) return `Du hast jetzt den Tarif ${plan[1]}!`;
  return text;
}
