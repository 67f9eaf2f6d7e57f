/**
 * German words for the admin panel and the server's notification texts (issue 20), one field per English part (src/i18n/en/*.ts),
 * merged into the German catalogue by ./de.ts. The type makes it complete: a part listed
 * here does not compile until every English word has its German one.
 */
import type { Sentences } from './i18n';
import { ADMIN_FORM_MESSAGES, ADMIN_REASONS, ADMIN_USERNAME_TAKEN } from '../../contract/admin-messages';
import { MEETING_WORDS } from '../../contract/meeting-words';
import { ADMIN_WARNING_TITLE } from '../../contract/messages';
import { ORGANIZER_NOTES } from '../../contract/organizer-words';
import { REPORT_REVIEWED } from '../../contract/report-texts';
import { QUIET_SUMMARY, WELCOME_BACK } from '../../contract/safety-words';
import { plural } from '../components/format';
import { say } from './i18n';
import type { ADMIN, ADMIN_DASHBOARD, ADMIN_LOGIN, ADMIN_SETTINGS } from './en/admin';
import type { ADMIN_ANALYTICS, Busiest } from './en/admin-analytics';
import type { ADMIN_EVENTS } from './en/admin-events';
import type { ADMIN_REPORTS } from './en/admin-reports';
import type { ADMIN_USERS } from './en/admin-users';

export interface AdminWords {
  admin: typeof ADMIN.en;
  adminLogin: typeof ADMIN_LOGIN.en;
  adminDashboard: typeof ADMIN_DASHBOARD.en;
  adminSettings: typeof ADMIN_SETTINGS.en;
  adminUsers: typeof ADMIN_USERS.en;
  adminEvents: typeof ADMIN_EVENTS.en;
  adminReports: typeof ADMIN_REPORTS.en;
  adminAnalytics: typeof ADMIN_ANALYTICS.en;
}

const TOLD = 'Wer es gemeldet hat, erfährt nur, dass die Meldung geprüft wurde, sonst nichts.';
const REMOVE_WHAT = { user: 'Profilfoto entfernen', message: 'Nachricht entfernen', group_message: 'Nachricht entfernen', photo: 'Foto entfernen' };

/** "in den letzten 30 Tagen". */
const lastDays = (days: number) => plural('de', days, { one: 'am letzten Tag', other: 'in den letzten # Tagen' });
const most = (top: Busiest) => `die meisten, ${top.value}, am ${top.day}`;
const summed = (what: string, one: string, many: string) => (days: number, total: number, top: Busiest | null) =>
  top ? `${what} ${lastDays(days)}: insgesamt ${plural('de', total, { one: `# ${one}`, other: `# ${many}` })}; ${most(top)}.` : `Keine ${many} ${lastDays(days)}.`;
const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);

export const adminWords: AdminWords = {
  admin: {
    views: {
      'admin-dashboard': 'Übersicht',
      'admin-users': 'Personen',
      'admin-events': 'Events',
      'admin-reports': 'Meldungen',
      'admin-analytics': 'Statistik',
      'admin-settings': 'Einstellungen',
    },
    nav: 'Admin',
    panel: 'Admin-Bereich · ',
    logout: 'Abmelden',
    never: 'Noch nie',
    refresh: 'Aktualisieren',
    pages: 'Seiten',
    previous: 'Zurück',
    next: 'Weiter',
    page: (page, last) => `Seite ${page} von ${last}`,
    showing: (first, last, total) => `${first}–${last} von ${total}`,
    cancel: 'Abbrechen',
    working: 'Wird erledigt…',
    reason: 'Grund',
    bannedUntil: (date) => `Gesperrt bis ${date}`,
    bannedForever: 'Dauerhaft gesperrt',
    active: 'Aktiv',
    deactivated: 'Deaktiviert',
    heldForReview: 'Bis zur Prüfung verborgen',
    banType: 'Art der Sperre',
    temporary: 'Befristet',
    permanent: 'Dauerhaft',
    days: 'Dauer in Tagen',
    daysHint: '1 bis 365 Tage',
    banUser: 'Sperren',
    banning: 'Wird gesperrt…',
    whatToKnow: 'Was soll die Person wissen?',
    wordForWord: 'Das liest die Person genau so in ihren Benachrichtigungen.',
    sendWarning: 'Verwarnung senden',
    sending: 'Wird gesendet…',
    actions: {
      ban: 'Gesperrt',
      unban: 'Entsperrt',
      warning: 'Verwarnt',
      delete: 'Gelöscht',
      change_password: 'Passwort geändert',
      change_username: 'Benutzername geändert',
      dismiss_report: 'Meldung verworfen',
      remove_content: 'Inhalt entfernt',
      hide_event: 'Event ausgeblendet',
      unhide_event: 'Event wieder gezeigt',
      delete_event: 'Event entfernt',
    },
  },
  adminLogin: {
    title: 'Admin-Anmeldung',
    intro: 'Für das Wallflower-Team. Alles, was du hier tust, wird im Audit-Log festgehalten.',
    username: 'Admin-Benutzername',
    password: 'Passwort',
    loggingIn: 'Anmeldung läuft…',
    logIn: 'Anmelden',
    back: 'Zurück zur App-Anmeldung',
  },
  adminDashboard: {
    failed: 'Die Übersicht konnte nicht geladen werden.',
    stats: 'Zahlen zu den Personen',
    totalUsers: 'Personen insgesamt',
    activeUsers: 'Aktive Personen',
    bannedUsers: 'Gesperrte Personen',
    newToday: 'Heute neu',
    openReports: 'Offene Meldungen',
    reviewReports: 'Meldungen prüfen',
    seeReports: 'Meldungen ansehen',
    recent: 'Letzte Aktivität',
    noActions: 'Noch keine Admin-Aktionen.',
  },
  adminSettings: {
    role: 'Rolle: ',
    roles: { super_admin: 'Super-Admin' },
    email: 'E-Mail',
    lastLogin: 'Letzte Anmeldung',
    passwordChanged: 'Passwort geändert',
    created: 'Konto erstellt',
    recent: 'Letzte Aktionen',
    noActions: 'Du hast noch keine Admin-Aktionen ausgeführt.',
    changePassword: 'Passwort ändern',
    currentPassword: 'Aktuelles Passwort',
    newPassword: 'Neues Passwort',
    confirmPassword: 'Neues Passwort bestätigen',
    changing: 'Wird geändert…',
    changeUsername: 'Benutzernamen ändern',
    newUsername: 'Neuer Benutzername',
  },
  adminUsers: {
    columns: {
      name: 'Name',
      username: 'Benutzername',
      email: 'E-Mail',
      joined: 'Dabei seit',
      status: 'Status',
      actions: 'Aktionen',
    },
    searchForm: 'Personen suchen',
    searchField: 'Nach Name, Benutzername oder E-Mail suchen',
    search: 'Suchen',
    bannedOnly: 'Nur gesperrte Personen',
    failed: 'Die Personen konnten nicht geladen werden.',
    noMatch: 'Niemand passt zur Suche.',
    searchedFor: (search) => ` für „${search}“`,
    table: 'Personen',
    ban: 'Sperren',
    banName: (name) => `${name} sperren`,
    warn: 'Verwarnen',
    warnName: (name) => `${name} verwarnen`,
    unban: 'Entsperren',
    unbanName: (name) => `${name} entsperren`,
    banOpen: 'Formular zum Sperren unten geöffnet',
    warnOpen: 'Formular zum Verwarnen unten geöffnet',
  },
  adminEvents: {
    intro:
      'Alle Events, die mit dem spätesten Beginn zuerst, auch ausgeblendete. Wird ein Event heruntergenommen, erfahren die Teilnehmenden das freundlich, aber nie den Grund.',
    loading: 'Events werden geladen…',
    failed: 'Die Events konnten gerade nicht geladen werden.',
    empty: 'Noch keine Events.',
    table: 'Events',
    columns: {
      event: 'Event',
      starts: 'Beginn',
      createdBy: 'Erstellt von',
      attendees: 'Teilnehmende',
      openReports: 'Offene Meldungen',
      state: 'Zustand',
      actions: 'Aktionen',
    },
    accountDeleted: 'Konto gelöscht',
    states: { Shown: 'Sichtbar', Hidden: 'Ausgeblendet', Removed: 'Entfernt' },
    since: (date) => `Seit ${date}`,
    hide: 'Ausblenden',
    showAgain: 'Wieder zeigen',
    remove: 'Entfernen',
    formOpen: 'Formular unten geöffnet',
    forms: {
      hide: {
        title: (name) => `${name} ausblenden`,
        hint: 'Wird im Audit-Log festgehalten. Die Teilnehmenden erfahren freundlich, dass das Event heruntergenommen wurde, aber nicht warum; es kann wieder gezeigt werden.',
        submit: 'Event ausblenden',
        busy: 'Wird ausgeblendet…',
      },
      unhide: {
        title: (name) => `${name} wieder zeigen`,
        hint: 'Wird im Audit-Log festgehalten. Das Event ist für seine Teilnehmenden wieder da wie vorher; niemand wird benachrichtigt.',
        submit: 'Event wieder zeigen',
        busy: 'Wird wieder gezeigt…',
      },
      remove: {
        title: (name) => `${name} entfernen`,
        hint: 'Wird im Audit-Log festgehalten. Das Event verschwindet endgültig, mit seinen Chats, Fotos und seinem Feed; die Teilnehmenden erfahren es freundlich, aber nicht warum.',
        submit: 'Event entfernen',
        busy: 'Wird entfernt…',
      },
    },
  },
  adminReports: {
    loading: 'Meldungen werden geladen…',
    failed: 'Die Meldungen konnten gerade nicht geladen werden.',
    which: 'Welche Meldungen',
    lists: {
      open: {
        tab: 'Offen',
        label: 'Offene Meldungen',
        showing: (first, last, total) => `${first}–${last} von ${total} offenen Meldungen`,
        empty: 'Keine offenen Meldungen. Auf das Moderationsteam wartet gerade nichts.',
      },
      resolved: {
        tab: 'Erledigt',
        label: 'Erledigte Meldungen',
        showing: (first, last, total) => `${first}–${last} von ${total} erledigten Meldungen`,
        empty: 'Noch keine erledigten Meldungen.',
      },
    },
    choose: 'Wähle eine Meldung, um sie im Zusammenhang zu sehen und zu erledigen.',
    reasons: {
      harassment: 'Belästigung',
      spam: 'Spam',
      inappropriate: 'Unangemessener Inhalt',
      uncomfortable: 'Hat mir ein ungutes Gefühl gegeben',
      other: 'Etwas anderes',
    },
    targets: { user: 'Profil', message: 'Chatnachricht', group_message: 'Gruppennachricht', photo: 'Foto' },
    targetPhrases: {
      user: (name) => `das Profil von ${name}`,
      message: (name) => `eine Chatnachricht von ${name}`,
      group_message: (name) => `eine Gruppennachricht von ${name}`,
      photo: (name) => `ein Foto, das ${name} geteilt hat`,
    },
    resolutions: { dismiss: 'Verworfen', remove_content: 'Inhalt entfernt', warn: 'Verwarnt', ban: 'Gesperrt' },
    about: (person) => `Über ${person}`,
    by: (name, others) =>
      others > 0 ? `Von ${name} und ${plural('de', others, { one: '# weiteren Person', other: '# weiteren Personen' })}` : `Von ${name}`,
    back: 'Zurück zur Liste',
    reportedBy: 'Gemeldet von',
    when: 'Wann',
    note: 'Notiz dazu',
    noNote: 'Keine Notiz.',
    sameThing: (n) =>
      plural('de', n, {
        one: '# weitere offene Meldung zum selben Inhalt wird mit dieser erledigt.',
        other: '# weitere offene Meldungen zum selben Inhalt werden mit dieser erledigt.',
      }),
    reported: 'Was gemeldet wurde',
    history: 'Vorgeschichte',
    others: 'Wer die Person noch gemeldet hat',
    nobodyElse: 'Sonst hat niemand diese Person gemeldet.',
    otherReporter: (who, reports, latest) => `${who}: ${plural('de', reports, { one: '# Meldung', other: '# Meldungen' })}, die letzte am ${latest}`,
    resolution: 'Ergebnis',
    resolvedBy: (admin) => ` von ${admin}`,
    inGroupChat: (chat, event) => `Im Gruppenchat „${chat}“${event ? ` von ${event}` : ''}.`,
    atEvent: (event) => `Bei ${event}.`,
    inDirectChat: 'In einem Chat zu zweit.',
    photoRemoved: 'Das Foto wurde entfernt.',
    messageRemoved: 'Die Nachricht wurde entfernt.',
    captionWas: 'Die Bildunterschrift war',
    itSaid: 'Sie lautete',
    profileBelow: (name) => `Das Profil von ${name}, siehe unten.`,
    photo: (caption) => (caption ? `Das gemeldete Foto: ${caption}` : 'Das gemeldete Foto'),
    conversation: 'Das Gespräch drumherum',
    reportedMark: 'Gemeldet',
    joined: (date) => `dabei seit ${date}`,
    heldNote: 'Für Leute in der Nähe, in der Suche und in Empfehlungen verborgen, bis die Meldungen geprüft sind.',
    noHistory: 'Keine früheren Meldungen, Verwarnungen oder Sperren.',
    earlier: 'Frühere Meldungen',
    none: 'Keine.',
    open: 'offen',
    resolved: 'erledigt',
    warningsAndBans: 'Verwarnungen und Sperren',
    resolve: 'Erledigen',
    actions: {
      dismiss: {
        button: () => 'Verwerfen',
        title: () => 'Diese Meldung verwerfen',
        label: 'Grund',
        hint: `Wird im Audit-Log festgehalten. ${TOLD}`,
        submit: 'Meldung verwerfen',
        busy: 'Wird verworfen…',
      },
      remove_content: {
        button: (r) => REMOVE_WHAT[r.target_type],
        title: (r) => REMOVE_WHAT[r.target_type],
        label: 'Grund',
        hint: `Wird im Audit-Log festgehalten. ${TOLD}`,
        submit: 'Inhalt entfernen',
        busy: 'Wird entfernt…',
      },
      warn: {
        button: (r) => `${r.reported_user.name} verwarnen`,
        title: (r) => `${r.reported_user.name} verwarnen`,
        label: 'Was soll die Person wissen?',
        hint: `Das liest die Person genau so in ihren Benachrichtigungen. ${TOLD}`,
        submit: 'Verwarnung senden',
        busy: 'Wird gesendet…',
      },
      ban: {
        button: (r) => `${r.reported_user.name} sperren`,
        title: (r) => `${r.reported_user.name} sperren`,
        label: 'Grund',
        hint: `Das liest die Person, wenn sie sich anmelden will. ${TOLD}`,
        submit: 'Sperren',
        busy: 'Wird gesperrt…',
      },
    },
  },
  adminAnalytics: {
    loading: 'Statistik wird geladen…',
    failed: 'Die Statistik konnte gerade nicht geladen werden.',
    span: 'Zeitraum',
    spanOption: (days) => `Letzte ${days} Tage`,
    refreshing: 'Wird aktualisiert…',
    perDay: 'Pro Tag in UTC, der älteste zuerst, heute zuletzt.',
    figures: (days) => `Zahlen ${lastDays(days)}`,
    over: (days) => `${capital(lastDays(days))}.`,
    dayByDay: (caption) => `${caption}, Tag für Tag`,
    day: 'Tag',
    signUps: 'Registrierungen',
    mostActive: 'Meiste Aktive an einem Tag',
    requestsSent: 'Anfragen gesendet',
    requestsAccepted: 'Anfragen angenommen',
    reports: 'Meldungen',
    signUpsPerDay: 'Registrierungen pro Tag',
    activePerDay: 'Aktive Personen pro Tag',
    activePeople: 'Aktive Personen',
    requestsPerDay: 'Kontaktanfragen pro Tag',
    sent: 'Gesendet',
    accepted: 'Angenommen',
    reportsPerDay: 'Meldungen pro Tag',
    signUpsSummary: summed('Registrierungen', 'Registrierung', 'Registrierungen'),
    activeSummary: (days, top) =>
      top ? `Aktive Personen pro Tag ${lastDays(days)}: ${most(top)}.` : `${capital(lastDays(days))} war niemand aktiv.`,
    requestsSummary: (days, sent, accepted) => `Kontaktanfragen ${lastDays(days)}: ${sent} gesendet, ${accepted} angenommen.`,
    reportsSummary: summed('Meldungen', 'Meldung', 'Meldungen'),
  },
};

/** "Thu 12 Sept, 18:00 (Europe/Berlin)", as the server writes an event's start (en-GB), in German. */
const WEEKDAYS: Record<string, string> = { Mon: 'Mo.', Tue: 'Di.', Wed: 'Mi.', Thu: 'Do.', Fri: 'Fr.', Sat: 'Sa.', Sun: 'So.' };
const MONTHS: Record<string, string> = {
  Jan: 'Jan.', Feb: 'Feb.', Mar: 'März', Apr: 'Apr.', May: 'Mai', Jun: 'Juni',
  Jul: 'Juli', Aug: 'Aug.', Sep: 'Sept.', Sept: 'Sept.', Oct: 'Okt.', Nov: 'Nov.', Dec: 'Dez.',
};
function startsAt(when: string): string {
  const m = /^(\w{3}) (\d{1,2}) (\w{3,4}), (\d{2}:\d{2})(.*)$/.exec(when);
  if (!m || !WEEKDAYS[m[1]!] || !MONTHS[m[3]!]) return when;
  return `am ${WEEKDAYS[m[1]!]}, ${m[2]}. ${MONTHS[m[3]!]}, um ${m[4]} Uhr${m[5]}`;
}

/** What came in during a quiet zone ("2 messages and 1 connection request"), in German. */
const HELD: Record<string, [one: string, other: string]> = {
  message: ['# Nachricht', '# Nachrichten'],
  'connection request': ['# Kontaktanfrage', '# Kontaktanfragen'],
  'contact card': ['# Kontaktkarte', '# Kontaktkarten'],
  'other update': ['# weitere Neuigkeit', '# weitere Neuigkeiten'],
};
function heldPings(list: string): string {
  const parts = list.split(/, | and /).map((part) => {
    const m = /^(\d+) (.+?)s?$/.exec(part);
    const forms = m && HELD[m[2]!];
    return forms ? plural('de', Number(m[1]), { one: forms[0], other: forms[1] }) : part;
  });
  const one = parts.length === 1 && /^1 /.test(list);
  const joined = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} und ${parts.at(-1)}` : parts[0];
  return `${joined} ${one ? 'ist' : 'sind'} eingegangen`;
}

const CHANGE_OF_PLANS = 'Tut uns leid, dass sich deine Pläne dadurch ändern.';
const SHARED: Record<string, string> = {
  'social media details': 'die Social-Media-Profile',
  'business card': 'die Visitenkarte',
  'phone number': 'die Telefonnummer',
  'email address': 'die E-Mail-Adresse',
};

/**
 * English sentences written outside the catalogue, in German: the admin charts' toasts and
 * form messages, the admin routes' refusals, and every notification the server writes
 * (title and content; names, event titles and people's own words stay as written).
 */
export const adminSentences: Sentences = [
  // The notifications view's own failure (machines/session/notifications.machine.ts MARK_ALL_FAILED).
  ["We couldn't mark them all read just now. Please try again.", 'Wir konnten gerade nicht alle als gelesen markieren. Bitte versuch es noch einmal.'],
  // The admin charts' form messages and toasts.
  [ADMIN_FORM_MESSAGES.loginFieldsRequired, 'Bitte gib deinen Admin-Benutzernamen und dein Passwort ein'],
  [ADMIN_FORM_MESSAGES.currentPasswordRequired, 'Bitte gib dein aktuelles Passwort ein'],
  [ADMIN_USERNAME_TAKEN, 'Dieser Admin-Benutzername ist schon vergeben'],
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
  // The panel's fixed reasons in the audit log (SPEC 6).
  [ADMIN_REASONS.unban, 'Vom Admin-Team entsperrt'],
  [ADMIN_REASONS.warning, 'Vom Admin-Team verwarnt'],
  [ADMIN_REASONS.delete, 'Vom Admin-Team gelöscht'],
  // The admin routes' refusals, and how the forms word their field details.
  ['You need to be signed in as an admin to do that', 'Dafür musst du als Admin angemeldet sein'],
  ['Event not found', 'Dieses Event wurde nicht gefunden'],
  ['Report not found', 'Diese Meldung wurde nicht gefunden'],
  ['This event is hidden already', 'Dieses Event ist schon ausgeblendet'],
  ['This event is not hidden', 'Dieses Event ist nicht ausgeblendet'],
  ['This user is already banned. Unban them first to change the ban.', 'Diese Person ist schon gesperrt. Hebe die Sperre zuerst auf, um sie zu ändern.'],
  ['This user is not banned', 'Diese Person ist nicht gesperrt'],
  ['This user is banned. Only active users can be warned.', 'Diese Person ist gesperrt. Verwarnen kannst du nur aktive Personen.'],
  ['This report has been resolved already', 'Diese Meldung ist schon erledigt'],
  ["That isn't your current password. Please check it and try again.", 'Das ist nicht dein aktuelles Passwort. Bitte prüfe es und versuche es noch einmal.'],
  ['Please choose a new password that is different from your current one.', 'Bitte wähle ein neues Passwort, das sich von deinem aktuellen unterscheidet.'],
  ['Please choose a username that is different from your current one.', 'Bitte wähle einen Benutzernamen, der sich von deinem aktuellen unterscheidet.'],
  [
    'Your new password needs at least 8 characters, with upper case, lower case and digits.',
    'Dein neues Passwort braucht mindestens 8 Zeichen, mit Groß- und Kleinbuchstaben und Ziffern.',
  ],
  ['Your new username needs at least 3 characters, letters and digits only.', 'Dein neuer Benutzername braucht mindestens 3 Zeichen, nur Buchstaben und Ziffern.'],
  ['Your new username can be at most 40 characters long.', 'Dein neuer Benutzername darf höchstens 40 Zeichen lang sein.'],
  ['Please fill in your current password.', 'Bitte gib dein aktuelles Passwort ein.'],
  ['Please fill in your new password.', 'Bitte gib dein neues Passwort ein.'],
  ['Please fill in your new username.', 'Bitte gib deinen neuen Benutzernamen ein.'],
  ['Please fill in a reason.', 'Bitte gib einen Grund an.'],

  // The server's notifications: titles.
  ['New connection request', 'Neue Kontaktanfrage'],
  ['Connection accepted', 'Kontaktanfrage angenommen'],
  ['New message', 'Neue Nachricht'],
  ['Contact details shared with you', 'Kontaktdaten mit dir geteilt'],
  [ADMIN_WARNING_TITLE, 'Eine Nachricht vom Wallflower-Team'],
  [REPORT_REVIEWED.title, 'Meldung geprüft'],
  [WELCOME_BACK.title, 'Willkommen zurück'],
  [ORGANIZER_NOTES.changed.title, 'Ein Event hat sich geändert'],
  [ORGANIZER_NOTES.coOrganizer.title, 'Du veranstaltest jetzt mit'],
  [MEETING_WORDS.proposed.title, 'Ein Treffen vorgeschlagen'],
  [MEETING_WORDS.suggested.title, 'Eine andere Zeit vorgeschlagen'],
  [MEETING_WORDS.accepted.title, 'Treffen zugesagt'],
  [MEETING_WORDS.cancelled.title, 'Ein Treffen fällt aus'],
  [MEETING_WORDS.reminder.title, 'Treffen in 5 Minuten'],
  [QUIET_SUMMARY.title, 'Während du Energie getankt hast'],
  [/^“(.+)” was taken down$/, (name) => `„${name}“ wurde heruntergenommen`],
  [/^“(.+)” was removed$/, (name) => `„${name}“ wurde entfernt`],
  [/^“(.+)” was cancelled$/, (name) => `„${name}“ wurde abgesagt`],
  [/^From the organizers of “(.+)”$/, (name) => `Von den Veranstaltenden von „${name}“`],
  // Their contents.
  [/^(.+) would like to connect with you\.$/, (name) => `${name} möchte sich mit dir vernetzen.`],
  [/^You and (.+) are now connected\. You can now chat\.$/, (name) => `Du und ${name} seid jetzt verbunden. Ihr könnt jetzt chatten.`],
  [/^Someone: ([\s\S]*)$/, (message) => `Jemand: ${message}`],
  [
    /^(.+) shared their (social media details|business card|phone number|email address) with you\.$/,
    (name, what) => `${name} hat ${SHARED[what]} mit dir geteilt.`,
  ],
  [
    REPORT_REVIEWED.content,
    'Danke – jemand aus unserem Moderationsteam hat deine Meldung geprüft. Danke, dass du hilfst, Wallflower freundlich zu halten.',
  ],
  [
    WELCOME_BACK.content,
    'Deine Pause ist vorbei, und man kann dich wieder finden. Lass dir Zeit, ganz in deinem Tempo.',
  ],
  [
    /^Your break is over and people can find you again\. (A|\d+) connection requests? waited for you\.$/,
    (n) =>
      `Deine Pause ist vorbei, und man kann dich wieder finden. ${n === 'A' ? 'Eine Kontaktanfrage hat' : `${n} Kontaktanfragen haben`} auf dich gewartet.`,
  ],
  [
    /^“(.+)” is no longer available: our moderators took it down\. We're sorry for the change of plans\.$/,
    (name) => `„${name}“ ist nicht mehr verfügbar: Unser Moderationsteam hat das Event heruntergenommen. ${CHANGE_OF_PLANS}`,
  ],
  [
    /^“(.+)” has been removed by our moderators\. We're sorry for the change of plans\.$/,
    (name) => `„${name}“ wurde von unserem Moderationsteam entfernt. ${CHANGE_OF_PLANS}`,
  ],
  [
    /^“(.+?)” has been cancelled by its organizers\. They wrote: “([\s\S]*)” We're sorry for the change of plans\.$/,
    (name, reason) => `„${name}“ wurde von den Veranstaltenden abgesagt. Sie schreiben: „${reason}“ ${CHANGE_OF_PLANS}`,
  ],
  [
    /^“(.+)” has been cancelled by its organizers\. We're sorry for the change of plans\.$/,
    (name) => `„${name}“ wurde von den Veranstaltenden abgesagt. ${CHANGE_OF_PLANS}`,
  ],
  [
    /^“(.+?)” has changed: it now starts (.+?), at ([\s\S]+)\.$/,
    (name, when, where) => `„${name}“ hat sich geändert: Es beginnt jetzt ${startsAt(when)}, Ort: ${where}.`,
  ],
  [
    /^You can now help run “(.+)”: its safe zones, interest groups and announcements\.$/,
    (name) => `Du kannst jetzt helfen, „${name}“ zu gestalten: die sicheren Bereiche, Interessengruppen und Ankündigungen.`,
  ],
  [/^(.+) would like to meet you at (\d{2}:\d{2})\.$/, (name, when) => `${name} möchte dich um ${when} Uhr treffen.`],
  [/^(.+) suggested meeting at (\d{2}:\d{2}) instead\.$/, (name, when) => `${name} schlägt stattdessen ein Treffen um ${when} Uhr vor.`],
  [/^(.+) will meet you at (\d{2}:\d{2})\.$/, (name, when) => `${name} trifft dich um ${when} Uhr.`],
  [
    /^(.+) can't make your meeting at (\d{2}:\d{2}) after all\. No hard feelings — you can always suggest another time\.$/,
    (name, when) => `${name} schafft euer Treffen um ${when} Uhr leider doch nicht. Nimm es nicht persönlich – du kannst jederzeit eine andere Zeit vorschlagen.`,
  ],
  [/^With (.+) at (\d{2}:\d{2}), ([\s\S]+)\.$/, (name, when, place) => `Mit ${name} um ${when} Uhr, ${place}.`],
  [
    /^(.+) came in\. Everything is in your chats and alerts, whenever you're ready\.$/,
    (list) => `${heldPings(list)}. Alles wartet in deinen Chats und Hinweisen, wann immer du bereit bist.`,
  ],
  // A live notification's toast: its title (a warning's with the team's words), and the unread count.
  [/^A note from the Wallflower team: “([\s\S]*)”$/, (words) => `Eine Nachricht vom Wallflower-Team: „${words}“`],
  [/^([\s\S]+) · (\d+) unread$/, (title, n) => `${say(title)} · ${n} ungelesen`],
];
