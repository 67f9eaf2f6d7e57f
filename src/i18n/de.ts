/**
 * The German catalogue (issue 20): every part of the English one (src/i18n/en/*.ts), and
 * the English sentences the charts and the server write (SPEC 8's messages, the login
 * and register forms' server details), each by its catalogue key. One chunk, fetched only
 * when German is the language. The types make it complete: a new English word does not
 * compile until it has its German one. Informal "du" throughout, as a friend would say it.
 */
import { ACCOUNT_TAKEN, HINTS, MESSAGES, SERVER_DETAILS, type MessageKey } from '../../contract/messages';
import { plural } from '../components/format';
import type { BREAK } from './en/break';
import type { EVENTS, FEELING, WHEN, ZONE } from './en/events';
import type { APPEARANCE, LANGUAGE } from './en/language';
import type { BAN, LOGIN } from './en/login';
import type { NAV } from './en/nav';
import type { NOTIFICATIONS } from './en/notifications';
import type { PROFILE } from './en/profile';
import type { ShellWord } from './en/shell';
import { adminSentences, adminWords, type AdminWords } from './de-admin';
import { chatSentences, chatWords, type ChatWords } from './de-chat';
import { eventSentences, eventWords, type EventWords } from './de-event';
import { safetySentences, safetyWords, type SafetyWords } from './de-safety';

/** The words of the login, events list, shell, profile and notifications (here); the others' in ./de-*.ts. */
interface CoreWords {
  login: typeof LOGIN.en;
  ban: typeof BAN.en;
  events: typeof EVENTS.en;
  feeling: typeof FEELING.en;
  when: typeof WHEN.en;
  zone: typeof ZONE.en;
  nav: typeof NAV.en;
  break: typeof BREAK.en;
  language: typeof LANGUAGE.en;
  appearance: typeof APPEARANCE.en;
  profile: typeof PROFILE.en;
  notifications: typeof NOTIFICATIONS.en;
}

export interface German {
  words: CoreWords & EventWords & ChatWords & SafetyWords & AdminWords;
  /** An English sentence of the app or the server in German; one it does not know, as written. */
  say: (text: string) => string;
}

const coreWords: CoreWords = {
  login: {
    welcomeBack: 'Willkommen zurück',
    joinWallflower: 'Bei Wallflower mitmachen',
    intro: 'Lerne auf Events Leute kennen, in deinem eigenen Tempo. Niemand sieht, wenn du eine Anfrage ablehnst.',
    logIn: 'Anmelden',
    loggingIn: 'Anmeldung läuft…',
    register: 'Registrieren',
    registering: 'Dein Konto wird angelegt…',
    usernameOrEmail: 'Benutzername oder E-Mail',
    password: 'Passwort',
    username: 'Benutzername',
    usernameHint: 'Mindestens 3 Zeichen',
    name: 'Name',
    email: 'E-Mail',
    passwordHint: 'Mindestens 6 Zeichen lang',
    confirmPassword: 'Passwort bestätigen',
    age: 'Alter (freiwillig)',
    occupation: 'Beruf (freiwillig)',
    interests: 'Interessen',
    interestsHint: 'Mit Kommas trennen, z. B. Wandern, Jazz, Brettspiele',
    socialPreferences: 'Soziale Vorlieben',
    socialPreferencesHint: 'Mit Kommas trennen, z. B. kleine Gruppen, ruhige Ecken',
    personalityTraits: 'Persönlichkeitsmerkmale',
    commaHint: 'Mit Kommas trennen',
    communicationStyle: 'Kommunikationsstil',
    styles: { introverted: 'Introvertiert', balanced: 'Ausgeglichen', extroverted: 'Extrovertiert' },
    newHere: 'Neu hier?',
    haveAccount: 'Du hast schon ein Konto?',
    createAccount: 'Konto erstellen',
    logInInstead: 'Stattdessen anmelden',
    accessibility: 'Barrierefreiheit',
  },
  ban: {
    bannedUntil: (when) => `Dein Konto ist gesperrt bis ${when}`,
    banned: 'Dein Konto ist gesperrt',
    reason: 'Der Grund, den das Wallflower-Team angegeben hat: ',
    whileItLasts:
      'Solange die Sperre gilt, sieht niemand dein Profil. Danach kannst du dich wie gewohnt wieder anmelden: Dein Profil, deine Kontakte und Nachrichten bleiben erhalten.',
    noEnd: 'Diese Sperre hat kein Enddatum, und niemand sieht dein Profil.',
    writeTo: ['Wenn du glaubst, dass das ein Irrtum ist, schreib an ', ' und sag dazu, um welches Konto es geht.'],
    tellOrganisers:
      'Wenn du glaubst, dass das ein Irrtum ist, sag den Veranstaltenden deines Events Bescheid; sie erreichen das Wallflower-Team.',
    understood: 'Verstanden',
  },
  events: {
    title: 'Events',
    actions: 'Aktionen',
    createEvent: 'Event erstellen',
    upgrade: 'Tarif wählen',
    feeling: 'Wie es dir geht',
    filterGroup: 'Art des Events',
    filters: {
      all: 'Alle',
      networking: 'Networking',
      casual: 'Locker',
      professional: 'Beruflich',
      'interest-based': 'Nach Interessen',
    },
    types: { party: 'Party', conference: 'Konferenz', sports: 'Sport', networking: 'Networking' },
    showHidden: (n) => `Ausgeblendete Events zeigen (${n})`,
    loading: 'Events werden geladen…',
    failed: 'Die Events konnten gerade nicht geladen werden.',
    noEvents: 'Noch keine Events. Magst du das erste erstellen?',
    noneToShow: (type) => (type ? `Gerade keine Events der Art „${type}“.` : 'Gerade keine Events.'),
    hiddenTitle: 'Ausgeblendete Events',
    noneHidden: (type) => (type ? `Du hast keine Events der Art „${type}“ ausgeblendet.` : 'Du hast keine Events ausgeblendet.'),
    list: 'Events',
    type: 'Art: ',
    when: 'Wann: ',
    where: 'Wo: ',
    featuresLabel: 'Angebote für mehr Ruhe',
    features: {
      quiet_spaces: 'Ruhige Räume',
      small_groups: 'Kleine Gruppen',
      structured_activities: 'Angeleitete Aktivitäten',
      ice_breakers: 'Eisbrecher',
    },
    attending: (n) => plural('de', n, { one: '# Person nimmt teil', other: '# Personen nehmen teil' }),
    joining: 'Einen Moment…',
    open: 'Öffnen',
    join: 'Teilnehmen',
    show: 'Einblenden',
    hide: 'Ausblenden',
  },
  feeling: {
    available: 'Verfügbar',
    unavailable: 'Nicht verfügbar',
    availableHint: 'Leute in der Nähe sehen dich und können Hallo sagen.',
    unavailableHint: 'Du bist in den Listen in der Nähe verborgen. Deine Kontakte können weiter mit dir chatten.',
    energy: 'Energie:',
    setEnergy: (n, max) => `Energie auf ${n} von ${max} setzen`,
    quiet:
      'Ruhig: Nur deine Kontakte sehen dich in der Nähe, und neue Anfragen warten, bis deine Energie über 3 liegt. In „Privatsphäre“ kannst du das ausschalten.',
    calm: 'Offen für ein ruhiges Gespräch: Leute in der Nähe sehen dich und deine Energie und wissen, dass sie behutsam sein sollen.',
    open: 'Bereit, Leute kennenzulernen: Alle in der Nähe sehen dich und können Hallo sagen.',
  },
  when: {
    zoneTime: (city) => `Zeit in ${city}`,
    yourTime: (times) => `${times} bei dir`,
    thatIs: ', also ',
  },
  zone: {
    whereYouAre: 'Wo du bist',
    safeSpace: (name) => `Du bist in „${name}“, einem geschützten Raum. Lass dir alle Zeit, die du brauchst.`,
    restrictedHidden: (name) =>
      `Du bist in „${name}“, einem Bereich mit Einschränkungen. Solange du hier bist, bist du in den Listen in der Nähe verborgen.`,
    restrictedShown: (name) =>
      `Du bist in „${name}“, einem Bereich mit Einschränkungen. Automatisches Verbergen ist aus, darum sehen dich Leute in der Nähe auch hier.`,
    other: (name) => `Du bist in „${name}“.`,
    quietNote: 'Nachrichten und Anfragen warten still, bis du gehst, und andere sehen, dass du gerade Energie tankst.',
  },
  nav: {
    main: 'Hauptmenü',
    events: 'Events',
    people: 'Leute',
    chats: 'Chats',
    alerts: 'Hinweise',
    me: 'Ich',
    waiting: 'wartend',
    unread: 'ungelesen',
  },
  break: {
    takeBreak: 'Pause machen',
    short: 'Pause',
  },
  language: {
    title: 'Sprache',
    kept: 'Auf diesem Gerät gespeichert.',
    showIn: 'Wallflower anzeigen auf',
    browser: 'Wie mein Browser',
    browserHint: (name) => `Dein Browser fragt nach ${name}.`,
  },
  profile: {
    back: 'Zurück',
    title: 'Dein Profil',
    settings: 'Deine Einstellungen',
    meetings: 'Meine Treffen',
    privacy: 'Privatsphäre',
    cards: 'Karten',
    shared: 'Geteilt mit',
    myCode: 'Mein Code',
    upgrade: 'Tarif wählen',
    accessibility: 'Barrierefreiheit',
    details: 'Profilangaben',
    email: 'E-Mail',
    age: 'Alter',
    notGiven: 'Nicht angegeben',
    occupation: 'Beruf',
    interests: 'Interessen',
    noneYet: 'Noch keine',
    socialPreferences: 'Soziale Vorlieben',
    personalityTraits: 'Persönlichkeitsmerkmale',
    communicationStyle: 'Kommunikationsstil',
    styles: { introverted: 'Introvertiert', balanced: 'Ausgeglichen', extroverted: 'Extrovertiert' },
    edit: 'Bearbeiten',
    changePassword: 'Passwort ändern',
    deactivateTitle: 'Dein Konto deaktivieren?',
    deactivateText: 'Dein Profil ist dann für alle verborgen, und du wirst überall abgemeldet. Wenn du dich wieder anmeldest, ist es wieder da.',
    yesDeactivate: 'Ja, deaktivieren',
    keepAccount: 'Konto behalten',
    account: 'Konto',
    logout: 'Abmelden',
    deactivate: 'Konto deaktivieren',
    editProfile: 'Profil bearbeiten',
    name: 'Name',
    commaHint: 'Mit Kommas trennen',
    saving: 'Wird gespeichert…',
    save: 'Speichern',
    cancel: 'Abbrechen',
    passwordTitle: 'Passwort ändern',
    currentPassword: 'Aktuelles Passwort',
    newPassword: 'Neues Passwort',
    confirmNewPassword: 'Neues Passwort bestätigen',
    changing: 'Wird geändert…',
    saveNewPassword: 'Neues Passwort speichern',
  },
  notifications: {
    title: 'Benachrichtigungen',
    loading: 'Benachrichtigungen werden geladen…',
    failed: 'Deine Benachrichtigungen konnten gerade nicht geladen werden.',
    empty: 'Noch nichts da. Anfragen, Zusagen und geteilte Kontaktdaten erscheinen hier.',
    markingAll: 'Alle werden als gelesen markiert…',
    allRead: 'Alles gelesen.',
    unread: (n) => plural('de', n, { one: '# ungelesene Benachrichtigung', other: '# ungelesene Benachrichtigungen' }),
    markAllRead: 'Alle als gelesen markieren',
    list: 'Liste der Benachrichtigungen',
    unreadMark: 'Ungelesen: ',
    marking: 'Wird markiert…',
    markRead: 'Als gelesen markieren',
  },
  appearance: {
    title: 'Darstellung',
    kept: 'Auf diesem Gerät gespeichert.',
    theme: 'Farbschema',
    themes: {
      system: { label: 'Wie mein Gerät', hint: 'Hell oder dunkel, und hoher Kontrast, so wie dein Handy oder Computer eingestellt ist.' },
      light: { label: 'Hell' },
      dark: { label: 'Dunkel', hint: 'Angenehmer für die Augen in einem dunklen Raum.' },
      contrast: { label: 'Hoher Kontrast', hint: 'Schwarze Schrift auf Weiß, mit kräftigen Rändern.' },
    },
    textSize: 'Schriftgröße',
    textSizes: { default: 'Normal', large: 'Groß', larger: 'Größer' },
  },
};

/** The shell's words, by their English (see ./en/shell.ts). */
const SHELL_DE: Record<ShellWord, string> = {
  'Loading…': 'Wird geladen…',
  'This view could not load': 'Diese Ansicht konnte nicht geladen werden',
  'Wallflower could not load': 'Wallflower konnte nicht geladen werden',
  'Check your connection, then try again.': 'Prüfe deine Verbindung und versuche es dann noch einmal.',
  'Check your connection, then reload Wallflower to try again.': 'Prüfe deine Verbindung und lade Wallflower dann neu.',
  'Try again': 'Noch einmal versuchen',
  Reload: 'Neu laden',
  'Back to events': 'Zurück zu den Events',
  Back: 'Zurück',
  Online: 'Online',
  Offline: 'Offline',
  Installed: 'Installiert',
  'Install App': 'App installieren',
  'Enable Notifications': 'Hinweise einschalten',
  'A new version of Wallflower is ready.': 'Eine neue Version von Wallflower ist da.',
  Later: 'Später',
  Notifications: 'Benachrichtigungen',
  Open: 'Öffnen',
  Dismiss: 'Schließen',
  'Dismiss message': 'Meldung schließen',
};

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
const known = new Map<string, string>(Object.entries(SHELL_DE));
const learn = <K extends string>(english: Record<K, string>, german: Record<K, string>) => {
  for (const key of Object.keys(english) as K[]) known.set(english[key], german[key]);
};
learn(MESSAGES, MESSAGES_DE);
learn(SERVER_DETAILS, DETAILS_DE);
learn(ACCOUNT_TAKEN, TAKEN_DE);
learn(HINTS, HINTS_DE);

/**
 * How the field sentences of contract/field-errors.ts name the login and register
 * forms' fields, in German: as the subject, as the object, and whether the verb is plural.
 */
const FIELDS: Record<string, [subject: string, object: string, many?: true]> = {
  'your username': ['Dein Benutzername', 'deinen Benutzernamen'],
  'your username or email': ['Dein Benutzername oder deine E-Mail-Adresse', 'deinen Benutzernamen oder deine E-Mail-Adresse'],
  'your name': ['Dein Name', 'deinen Namen'],
  'your email address': ['Deine E-Mail-Adresse', 'deine E-Mail-Adresse'],
  'your password': ['Dein Passwort', 'dein Passwort'],
  'your age': ['Dein Alter', 'dein Alter'],
  'your occupation': ['Dein Beruf', 'deinen Beruf'],
  'your interests': ['Deine Interessen', 'deine Interessen', true],
  'your social preferences': ['Deine sozialen Vorlieben', 'deine sozialen Vorlieben', true],
  'your personality traits': ['Deine Persönlichkeitsmerkmale', 'deine Persönlichkeitsmerkmale', true],
  'a communication style': ['Ein Kommunikationsstil', 'einen Kommunikationsstil'],
};

type Sentence = [RegExp, (field: [string, string, true?], n: string) => string];

/** The sentences of contract/field-errors.ts a login or register form can show, in German. */
const SENTENCES: Sentence[] = [
  [/^Please fill in (.+)\.$/, ([, object]) => `Bitte gib ${object} ein.`],
  [/^Please choose (.+) from the list\.$/, ([, object]) => `Bitte wähle ${object} aus der Liste.`],
  [/^(.+) needs at least (\d+) characters\.$/, ([subject, , many], n) => `${subject} ${many ? 'brauchen' : 'braucht'} mindestens ${n} Zeichen.`],
  [/^(.+) can be at most (\d+) characters long\.$/, ([subject, , many], n) => `${subject} ${many ? 'dürfen' : 'darf'} höchstens ${n} Zeichen lang sein.`],
  [/^(.+) can have at most (\d+) items\.$/, ([subject, , many], n) => `${subject} ${many ? 'dürfen' : 'darf'} höchstens ${n} Einträge haben.`],
  [/^(.+) must be a number\.$/, ([subject, , many]) => `${subject} ${many ? 'müssen' : 'muss'} eine Zahl sein.`],
  [
    /^(.+) may only use letters, digits, dots, dashes and underscores\.$/,
    ([subject, , many]) => `${subject} ${many ? 'dürfen' : 'darf'} nur Buchstaben, Ziffern, Punkte, Binde- und Unterstriche enthalten.`,
  ],
];

const FIXED_SENTENCES: Record<string, string> = {
  'Please enter an email address like name@example.com.': 'Bitte gib eine E-Mail-Adresse wie name@example.com ein.',
};

/** The other files' sentences: fixed ones known by their English, patterns tried in order. */
const patterns: Array<[RegExp, string | ((...groups: string[]) => string)]> = [];
for (const [english, german] of [...eventSentences, ...chatSentences, ...safetySentences, ...adminSentences]) {
  if (typeof english === 'string') known.set(english, typeof german === 'string' ? german : german());
  else patterns.push([english, german]);
}

function say(text: string): string {
  const known1 = known.get(text) ?? FIXED_SENTENCES[text];
  if (known1) return known1;
  for (const [pattern, german] of patterns) {
    const m = pattern.exec(text);
    if (m) return typeof german === 'string' ? german : german(...m.slice(1));
  }
  const age = /^You need to be at least (\d+) to use Wallflower\.$/.exec(text);
  if (age) return `Du musst mindestens ${age[1]} Jahre alt sein, um Wallflower zu nutzen.`;
  const plan = /^Upgraded to (.+) plan!$/.exec(text);
  if (plan) return `Du hast jetzt den Tarif ${plan[1]}!`;
  for (const [pattern, german] of SENTENCES) {
    const m = pattern.exec(text);
    const field = m && FIELDS[m[1]!.toLowerCase()];
    if (field) return german(field, m[2] ?? '');
  }
  return text;
}

const de: German = { words: { ...coreWords, ...eventWords, ...chatWords, ...safetyWords, ...adminWords }, say };
export default de;
