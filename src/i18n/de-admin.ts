/**
 * German words for the admin panel (issue 20), one field per English part (src/i18n/en/*.ts),
 * merged into the German catalogue by ./de.ts. The type makes it complete: a part listed
 * here does not compile until every English word has its German one.
 */
import type { Sentences } from './de';
import { ADMIN_FORM_MESSAGES, ADMIN_USERNAME_TAKEN } from '../../contract/admin-messages';
import { plural } from '../components/format';
import { legacySay as say } from './de';

/**
 * English sentences written outside the catalogue, in German: the admin charts' toasts and
 * form messages and the admin routes' refusals not yet said by message id.
 */
export const adminSentences: Sentences = [
  // The notifications view's own failure (machines/session/notifications.machine.ts MARK_ALL_FAILED).
  ["We couldn't mark them all read just now. Please try again.", 'Wir konnten gerade nicht alle als gelesen markieren. Bitte versuch es noch einmal.'],
  // The admin charts' form messages and toasts.
  [ADMIN_FORM_MESSAGES.loginFieldsRequired.message, 'Bitte gib deinen Admin-Benutzernamen und dein Passwort ein'],
  [ADMIN_FORM_MESSAGES.currentPasswordRequired.message, 'Bitte gib dein aktuelles Passwort ein'],
  [ADMIN_USERNAME_TAKEN.message, 'Dieser Admin-Benutzername ist schon vergeben'],
  ['A reason is required', 'Bitte gib einen Grund an'],
  [/^Duration must be between (\d+) and (\d+) days$/, (min, max) => `Die Dauer muss zwischen ${min} und ${max} Tagen liegen`],
  ['Please write why: it is kept in the audit log.', 'Bitte schreib den Grund auf: Er wird im Audit-Log festgehalten.'],
  ['Please write what the person should know: they will read it.', 'Bitte schreib, was die Person wissen soll: Sie wird es lesen.'],
  ['Event hidden', 'Event ausgeblendet'],
  ['Event shown again', 'Event wird wieder gezeigt'],
  ['Event removed', 'Event entfernt'],
  [/^(Event hidden|Event removed); it had no attendees to tell$/, (done) => `${say(done)}; es hatte keine Teilnehmenden, die benachrichtigt werden mussten`],
  [
    /^(Event hidden|Event removed); (\d+) attendees? (?:was|were) told$/,
    (done, n) => `${say(done)}; ${plural('de', Number(n), { one: '# teilnehmende Person wurde', other: '# Teilnehmende wurden' })} benachrichtigt`,
  ],
  ['Failed to hide event', 'Das Event konnte nicht ausgeblendet werden'],
  ['Failed to show event', 'Das Event konnte nicht wieder gezeigt werden'],
  ['Failed to remove event', 'Das Event konnte nicht entfernt werden'],
  ['Report dismissed', 'Meldung verworfen'],
  ['Content removed', 'Inhalt entfernt'],
  ['Failed to resolve report', 'Die Meldung konnte nicht erledigt werden'],
  [
    /^(.+) \(with (\d+) other reports? of the same thing\)$/,
    (done, n) => `${say(done)} (zusammen mit ${plural('de', Number(n), { one: '# weiteren Meldung', other: '# weiteren Meldungen' })} zum selben Inhalt)`,
  ],
  // The admin routes' refusals.
  ['You need to be signed in as an admin to do that', 'Dafür musst du als Admin angemeldet sein'],
  ['Event not found', 'Dieses Event wurde nicht gefunden'],
  ['Report not found', 'Diese Meldung wurde nicht gefunden'],
  ['This event is hidden already', 'Dieses Event ist schon ausgeblendet'],
  ['This event is not hidden', 'Dieses Event ist nicht ausgeblendet'],
  ['This user is already banned. Unban them first to change the ban.', 'Diese Person ist schon gesperrt. Hebe die Sperre zuerst auf, um sie zu ändern.'],
  ['This user is not banned', 'Diese Person ist nicht gesperrt'],
  ['This user is banned. Only active users can be warned.', 'Diese Person ist gesperrt. Verwarnen kannst du nur aktive Personen.'],
  ['This report has been resolved already', 'Diese Meldung ist schon erledigt'],
];
