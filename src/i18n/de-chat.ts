/**
 * German words for chats, group chats, meetings, QR connect, cards and photos (issue 20), one field per English part (src/i18n/en/*.ts),
 * merged into the German catalogue by ./de.ts. The type makes it complete: a part listed
 * here does not compile until every English word has its German one.
 */
import type { Sentences } from './i18n';
import { plural } from '../components/format';
import type { BUSINESS_CARD } from './en/business-card';
import type { CARDS } from './en/cards';
import type { CHAT } from './en/chat';
import type { CHAT_LOG } from './en/chat-log';
import type { CHATS } from './en/chats';
import type { CONNECT } from './en/connect';
import type { CONTACT_EXCHANGE } from './en/contact-exchange';
import type { GROUP_CHAT, LISTENING } from './en/group-chat';
import type { MEETING_SHEET } from './en/meeting-sheet';
import type { MEETINGS } from './en/meetings';
import type { PHOTOS } from './en/photos';

export interface ChatWords {
  chatList: typeof CHATS.en;
  chatLog: typeof CHAT_LOG.en;
  chat: typeof CHAT.en;
  chatGroup: typeof GROUP_CHAT.en;
  chatListening: typeof LISTENING.en;
  chatMeetings: typeof MEETINGS.en;
  chatMeetingSheet: typeof MEETING_SHEET.en;
  chatConnect: typeof CONNECT.en;
  chatCards: typeof CARDS.en;
  chatExchange: typeof CONTACT_EXCHANGE.en;
  chatBusinessCard: typeof BUSINESS_CARD.en;
  chatPhotos: typeof PHOTOS.en;
}

const meetings: ChatWords['chatMeetings'] = {
  title: 'Meine Treffen',
  intro: 'Kurze Treffen mit deinen Kontakten, zu einer Zeit und an einem Ort, die ihr beide gewählt habt.',
  loading: 'Deine Treffen werden geladen…',
  failed: 'Deine Treffen konnten gerade nicht geladen werden.',
  empty: 'Noch keine Treffen. Du kannst einem deiner Kontakte eins vorschlagen – über die Karte der Person oder in eurem Chat.',
  waitingForYou: 'Warten auf dich',
  waitingForThem: 'Warten auf Antwort',
  comingUp: 'Demnächst',
  earlier: 'Vergangene Treffen',
  accept: 'Annehmen',
  decline: 'Ablehnen',
  suggestAnother: 'Andere Zeit vorschlagen',
  cancel: 'Treffen absagen',
  addToCalendar: 'Zum Kalender hinzufügen',
  actionFailed: 'Das hat gerade nicht geklappt. Bitte versuche es noch einmal.',
  statusWords: {
    proposed: 'Vorgeschlagen',
    accepted: 'Angenommen',
    declined: 'Du hast abgelehnt',
    cancelled: 'Abgesagt',
    lapsed: 'Nicht rechtzeitig beantwortet',
  },
  with: (name) => `Mit ${name}`,
};

const meetingSheet: ChatWords['chatMeetingSheet'] = {
  button: 'Treffen vorschlagen',
  title: (name) => `Treffen mit ${name} vorschlagen`,
  about: 'Ein kurzes Treffen, wenn ihr beide Zeit habt, an einem Ort, den ihr beide findet.',
  suggestTitle: (name) => `${name} eine andere Zeit vorschlagen`,
  suggestAbout: (place, minutes) => `${minutes} Minuten, Treffpunkt „${place}“, zu einer Zeit, in der ihr beide frei seid.`,
  submit: ['Treffen vorschlagen', 'Wird vorgeschlagen…'],
  suggestSubmit: ['Diese Zeit vorschlagen', 'Wird vorgeschlagen…'],
  durationLegend: 'Wie lange',
  minutes: (m) => `${m} Minuten`,
  timeLegend: 'Wann (Zeit des Events)',
  loadingTimes: 'Zeiten, in denen ihr beide frei seid, werden gesucht…',
  timesFailed: 'Freie Zeiten konnten gerade nicht gefunden werden.',
  noTimes: 'Bei diesem Event gibt es keine Zeit mehr, in der ihr beide so lange frei seid. Ein kürzeres Treffen passt vielleicht.',
  placeLegend: 'Wo',
  zonePlace: 'Eine sichere Zone',
  spotPlace: 'Woanders',
  zoneLabel: 'Sichere Zone',
  spotLabel: 'Treffpunkt nennen',
  spotHint: 'Ein Ort, der leicht zu finden ist, etwa „die Kaffeebar an der Treppe“. Bis zu 80 Zeichen.',
  chooseTime: 'Wähle eine Zeit, in der ihr beide frei seid.',
  nameSpot: 'Nenne einen Treffpunkt, damit ihr euch findet.',
  failed: 'Das Treffen konnte gerade nicht vorgeschlagen werden. Bitte versuche es noch einmal.',
  sentTitle: 'Treffen vorgeschlagen',
  sent: (name, when, place) =>
    `${name} sieht deinen Vorschlag: ${when}, Treffpunkt „${place}“. Du erfährst, wenn eine Antwort kommt; bis dahin steht er unter „Meine Treffen“.`,
  close: 'Schließen',
  myMeetings: 'Meine Treffen',
  loadingZones: 'Sichere Zonen werden geladen…',
};

const connect: ChatWords['chatConnect'] = {
  title: 'Per Code verbinden',
  myCode: 'Mein Code',
  showLine: 'Zeig ihn jemandem, mit dem du dich verbinden möchtest. Er ändert sich jede Minute.',
  qrAlt: 'Dein QR-Code',
  shortCodeLabel: 'Oder zum Eintippen',
  loadingCode: 'Dein Code wird erstellt…',
  codeFailed: 'Dein Code konnte gerade nicht erstellt werden.',
  scanFailed: 'Das Verbinden hat gerade nicht geklappt. Prüfe deine Verbindung und versuche es noch einmal.',
  scanTitle: 'Code scannen',
  scanLine: 'Richte deine Kamera auf den Code der anderen Person oder tippe die Zeichen darunter ein.',
  useCamera: 'Mit der Kamera scannen',
  stopCamera: 'Kamera ausschalten',
  choosePhoto: 'Foto eines Codes verwenden',
  cameraLabel: 'Kamerabild',
  cameraStarting: 'Die Kamera startet…',
  cameraFailed: 'Deine Kamera ließ sich nicht verwenden. Du kannst den Code stattdessen eintippen oder ein Foto davon verwenden.',
  noCodeInPicture: 'Auf diesem Bild war kein Code zu finden. Versuch es noch einmal oder tippe den Code ein.',
  typeInstead: 'Stattdessen einen Code eintippen',
  typeHint: '6 Buchstaben und Ziffern, wie unter dem QR-Code der Person',
  connectButton: 'Verbinden',
  connecting: 'Wird verbunden…',
  chat: 'Chatten',
  again: 'Noch einen Code scannen',
  tryAgain: 'Noch einmal versuchen',
  dismiss: 'OK',
  connectedWith: (name) => `Du bist jetzt mit ${name} verbunden`,
  chatWith: (name) => `mit ${name}`,
  yourShortCode: (spelled) => `Dein Kurzcode: ${spelled}`,
};

const cards: ChatWords['chatCards'] = {
  cardsTitle: 'Karten',
  cardsIntro: 'Kontaktdaten, die Leute mit dir geteilt haben. Behalte, was du möchtest; den Rest lehnst du still ab.',
  cardsEmpty: 'Noch keine Karten. Wenn jemand Kontaktdaten mit dir teilt, erscheinen sie hier.',
  cardsFailed: 'Deine Karten konnten gerade nicht geladen werden.',
  sharedTitle: 'Geteilt mit',
  sharedIntro: 'Was du geteilt hast, und mit wem. „Zurücknehmen“ entfernt es sofort aus den Karten der Person.',
  sharedEmpty: 'Du hast deine Kontaktdaten noch mit niemandem geteilt.',
  sharedFailed: 'Was du geteilt hast, konnte gerade nicht geladen werden.',
  tryAgain: 'Noch einmal versuchen',
  keep: 'Behalten',
  decline: 'Ablehnen',
  remove: 'Entfernen',
  kept: 'Behalten',
  declined: 'Abgelehnt. Die Person erfährt nichts davon.',
  actionFailed: 'Das hat nicht geklappt. Bitte versuche es noch einmal.',
  revoke: 'Zurücknehmen',
  revokeConfirm: (name) => `Zurücknehmen, was du mit ${name} geteilt hast? Es verschwindet sofort aus den Karten der Person.`,
  revokeYes: 'Ja, zurücknehmen',
  revokeNo: 'Weiter teilen',
  revoked: (name) => `Bei ${name} zurückgenommen.`,
  sharedLink: 'Geteilt mit',
  cardsLink: 'Karten',
  fields: { email: 'E-Mail', phone: 'Telefon', linkedin: 'LinkedIn', company: 'Firma', instagram: 'Instagram', twitter: 'Twitter/X' },
  loadingCards: 'Deine Karten werden geladen…',
  loadingShared: 'Was du geteilt hast, wird geladen…',
  shared: (when) => `Geteilt am ${when}`,
  keepCard: (name) => `Karte von ${name} behalten`,
  declineCard: (name) => `Karte von ${name} ablehnen`,
  removeCard: (name) => `Karte von ${name} entfernen`,
  keeping: 'Wird behalten…',
  revoking: 'Wird zurückgenommen…',
  revokeWhat: (name) => `Zurücknehmen: was du mit ${name} geteilt hast`,
};

const photos: ChatWords['chatPhotos'] = {
  title: 'Fotos',
  openEventFirst: 'Öffne zuerst ein Event: Seine Fotos werden mit den Leuten dort geteilt.',
  share: 'Ein Foto teilen',
  choose: 'Foto auswählen',
  chooseAnother: 'Anderes Foto auswählen',
  hint: (mb) => `JPEG, PNG oder WebP, bis ${mb} MB. Standort- und Kameradaten werden entfernt, bevor jemand das Foto sieht.`,
  chosen: 'Das Foto, das du ausgewählt hast',
  gettingReady: 'Dein Foto wird vorbereitet…',
  caption: 'Bildunterschrift (freiwillig)',
  upload: 'Hochladen',
  uploading: 'Wird hochgeladen…',
  remove: 'Entfernen',
  photosFrom: (event) => `Fotos von ${event}`,
  theEvent: 'dem Event',
  loading: 'Fotos werden geladen…',
  failed: 'Die Fotos konnten gerade nicht geladen werden.',
  empty: 'Noch keine Fotos. Magst du das erste teilen?',
  list: 'Fotos',
  showOlder: 'Ältere Fotos zeigen',
  sharedAtEvent: (event) => `Foto von ${event}`,
  sharedAtTime: (time) => `Foto, geteilt um ${time}`,
  sharedTime: (time) => `Geteilt um ${time}`,
  like: 'Gefällt mir',
  likes: (n) => (n === 1 ? '1 Like' : `${n} Likes`),
  reportPhoto: 'Dieses Foto melden',
  report: 'Melden',
};

export const chatWords: ChatWords = {
  chatList: {
    title: 'Chats',
    loading: 'Deine Chats werden geladen…',
    failed: 'Deine Chats konnten gerade nicht geladen werden.',
    empty: 'Noch keine Unterhaltungen. Sobald du mit jemandem verbunden bist, erscheint euer Chat hier.',
    unread: (n) => (n === 0 ? 'Alles gelesen.' : plural('de', n, { one: '# ungelesene Nachricht', other: '# ungelesene Nachrichten' })),
    list: 'Unterhaltungen',
    group: 'Gruppe',
    noMessages: 'Noch keine Nachrichten',
    you: 'Du',
    unreadBadge: 'ungelesen',
  },
  chatLog: {
    you: 'Du',
    report: 'Melden',
    reportFrom: (author) => `Nachricht von ${author} melden`,
    loadOlder: 'Ältere Nachrichten laden',
    sending: 'Wird gesendet…',
    messageTo: (name) => `Nachricht an ${name}`,
    message: 'Nachricht',
    placeholder: 'Schreib deine Nachricht...',
    send: 'Senden',
  },
  chat: {
    title: 'Chat',
    chatWith: (name) => `Chat mit ${name}`,
    choose: 'Mit wem möchtest du chatten? Mit einem deiner Kontakte oder mit jemandem auf einem Event.',
    yourConnections: 'Deine Kontakte',
    events: 'Events',
    needBreak: 'Ich brauche eine Pause',
    report: (name) => `${name} melden`,
    block: (name) => `${name} blockieren`,
    quiet: (until) => `Still ${until}`,
    unmute: 'Wieder laut schalten',
    unmuting: 'Wird laut geschaltet…',
    loading: 'Eure Unterhaltung wird geladen…',
    failed: 'Diese Unterhaltung konnte gerade nicht geladen werden.',
    messagesWith: (name) => `Nachrichten mit ${name}`,
    closed: 'Keine Nachrichten möglich',
    blocked: (name) => `Du hast ${name} blockiert. Die Person kann dich weder sehen noch kontaktieren und hat davon nichts erfahren.`,
    cannotWrite:
      'Du kannst dieser Person gerade keine Nachrichten schicken. Kontakte können sich immer schreiben, und eine Kontaktanfrage ist ein sanfter Weg, in Verbindung zu bleiben.',
    iceBreakers: 'Eisbrecher',
    iceBreakersHint: 'Du weißt nicht, was du sagen sollst? Tippe einen an, um ihn zu senden.',
    iceBreaker: 'Eisbrecher',
    pending: { sending: 'Wird gesendet…', waiting: 'Noch nicht gesendet – geht raus, sobald du wieder online bist', refused: 'Nicht gesendet' },
    noMessages: 'Noch keine Nachrichten.',
    noMessagesYet: 'Noch keine Nachrichten. Mit einem Eisbrecher fällt die erste leichter.',
  },
  chatGroup: {
    title: 'Gruppenchat',
    openEventFirst: 'Öffne zuerst ein Event: Sein Gruppenchat ist für alle, die dort sind.',
    loading: 'Gruppenchats werden geladen…',
    failed: 'Der Gruppenchat konnte gerade nicht geladen werden.',
    none: 'Dieses Event hat noch keinen Gruppenchat.',
    chats: 'Gruppenchats',
    everyone: 'Alle',
    loadingMessages: 'Nachrichten werden geladen…',
    messagesIn: (name) => `Nachrichten in ${name}`,
    empty: 'Noch hat niemand etwas geschrieben. Ein einfaches Hallo reicht völlig.',
    members: 'Mitglieder',
    yourPlace: 'Dein Platz in diesem Chat',
  },
  chatListening: {
    joinIn: 'Mitmachen',
    justListen: 'Nur zuhören',
    choice:
      'Mach mit, um bei den Mitgliedern zu stehen, oder hör nur zu: Wer zuhört, liest unsichtbar mit, und andere sehen nur, wie viele es sind.',
    youListen: 'Du hörst zu',
    stop: 'Nicht mehr zuhören',
    postingMakesMember: 'Sobald du etwas schreibst, bist du Mitglied.',
    noMembers: 'Noch keine Mitglieder. Wer schreibt oder auf „Mitmachen“ tippt, wird Mitglied.',
    listening: (n) => plural('de', n, { one: '# hört zu', other: '# hören zu' }),
    others: (n) => plural('de', n, { one: '# weitere Person hört zu', other: '# weitere hören zu' }),
    members: (n) => `Mitglieder (${n})`,
  },
  chatMeetings: meetings,
  chatMeetingSheet: meetingSheet,
  chatConnect: connect,
  chatCards: cards,
  chatExchange: {
    title: 'Deine Kontaktdaten teilen',
    intro: (name) => `Mit ${name}. Nur was du ankreuzt, wird geteilt, und du kannst es später zurücknehmen.`,
    chooseFirst: 'Wähle zuerst jemanden aus, aus deinen Kontakten oder unter den Leuten auf einem Event.',
    yourConnections: 'Deine Kontakte',
    form: 'Kontaktaustausch',
    whatToShare: 'Was du teilen möchtest',
    types: { social_media: 'Social Media', business_card: 'Visitenkarte', phone: 'Telefon', email: 'E-Mail' },
    fields: { instagram: 'Instagram', twitter: 'Twitter', linkedin: 'LinkedIn', company: 'Firma', phone: 'Telefon', email: 'E-Mail' },
    placeholders: { instagram: '@deinname', twitter: '@deinname', linkedin: 'linkedin.com/in/deinname' },
    share: (label) => `${label} teilen`,
    sending: 'Wird gesendet…',
    submit: 'Anfrage zum Kontaktaustausch senden',
    sent: 'Gesendet. Die Person findet deine Karte unter „Karten“; unter „Geteilt mit“ kannst du sie ansehen oder zurücknehmen.',
    sharedLink: 'Geteilt mit',
  },
  chatBusinessCard: {
    title: 'Visitenkarte',
    cardOf: (name) => `Visitenkarte von ${name}`,
    onlyConnections: 'Nur deine Kontakte können sie sehen.',
    loading: 'Deine Visitenkarte wird geladen…',
    failed: 'Deine Visitenkarte konnte gerade nicht geladen werden.',
    none: 'Noch keine Visitenkarte',
    create: 'Erstellen',
    update: 'Karte bearbeiten',
    remove: 'Entfernen',
    removeConfirm: 'Deine Visitenkarte entfernen? Deine Kontakte sehen sie dann nicht mehr.',
    removing: 'Wird entfernt…',
    yesRemove: 'Ja, entfernen',
    keep: 'Behalten',
    nameOnCard: 'Name auf der Karte',
    jobTitle: 'Berufsbezeichnung',
    workEmail: 'Berufliche E-Mail',
    website: 'Website',
    about: 'Über dich',
    linkedinExample: 'https://www.linkedin.com/in/…',
    websiteExample: 'https://…',
    saving: 'Wird gespeichert…',
    save: 'Speichern',
    cancel: 'Abbrechen',
    labels: {
      name: 'Name',
      title: 'Position',
      company: 'Firma',
      email: 'E-Mail',
      phone: 'Telefon',
      linkedin: 'LinkedIn',
      website: 'Website',
      bio: 'Über mich',
    },
  },
  chatPhotos: photos,
};

/** How the field sentences of contract/field-errors.ts name this group's form fields: subject, object, and whether the verb is plural. */
const FIELDS: Record<string, [subject: string, object: string, many?: true]> = {
  'your job title': ['Deine Berufsbezeichnung', 'deine Berufsbezeichnung'],
  'your company': ['Deine Firma', 'deine Firma'],
  'your phone number': ['Deine Telefonnummer', 'deine Telefonnummer'],
  'your website': ['Deine Website', 'deine Website'],
  'your linkedin address': ['Deine LinkedIn-Adresse', 'deine LinkedIn-Adresse'],
  'your instagram handle': ['Dein Instagram-Name', 'deinen Instagram-Namen'],
  'your twitter handle': ['Dein Twitter-Name', 'deinen Twitter-Namen'],
  'your bio': ['Dein Text über dich', 'deinen Text über dich'],
  'your contact details': ['Deine Kontaktdaten', 'deine Kontaktdaten', true],
  'the caption': ['Die Bildunterschrift', 'die Bildunterschrift'],
  'your message': ['Deine Nachricht', 'deine Nachricht'],
};
const FIELD = `(${Object.keys(FIELDS).join('|')})`;
const field = (words: string) => FIELDS[words.toLowerCase()]!;
const fieldSentence = (english: string, german: (f: [string, string, true?], n: string) => string): [RegExp, (...groups: string[]) => string] => [
  new RegExp(`^${english.replace('FIELD', FIELD)}$`, 'i'),
  (...groups) => german(field(groups[0]!), groups[1] ?? ''),
];

/** "you, Sam and 2 others" (photo-gallery.machine.ts likedByText) → "dir, Sam und 2 weiteren Personen". */
function likers(list: string): string {
  const names = list.split(/, | and /).map((n) => {
    if (n === 'you') return 'dir';
    const others = /^(\d+) others?$/.exec(n);
    return others ? plural('de', Number(others[1]), { one: 'einer weiteren Person', other: '# weiteren Personen' }) : n;
  });
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} und ${names.at(-1)}` : names[0]!;
}

/** What each kind of contact exchange is, in the toast that tells of one (machines/cards/contact-exchange-toast.ts). */
const EXCHANGED: Record<string, string> = {
  'social media': 'die Social-Media-Profile',
  'business card': 'die Visitenkarte',
  'phone number': 'die Telefonnummer',
  'email address': 'die E-Mail-Adresse',
};

/**
 * English sentences written outside the catalogue (the server's, the charts'), in German. Their
 * English is written out here, not imported: the German chunk then pulls in no module of the
 * views' chunks (tests/components/German-chat.test.tsx checks each against its source).
 */
export const chatSentences: Sentences = [
  // The charts' own (machines/*.ts).
  ["That didn't go through just now. Please try again.", meetings.actionFailed],
  ['Choose a time you are both free.', meetingSheet.chooseTime],
  ['Name a spot, so you can find each other.', meetingSheet.nameSpot],
  ["We couldn't suggest the meeting just now. Please try again.", meetingSheet.failed],
  ["We couldn't make your code just now.", connect.codeFailed],
  ["We couldn't connect you just now. Check your connection and try again.", connect.scanFailed],
  ["We couldn't use your camera. You can type the code instead, or use a photo of it.", connect.cameraFailed],
  ["We couldn't find a code in that picture. Try again, or type the code instead.", connect.noCodeInPicture],
  ['Declined. They are not told.', cards.declined],
  ["That didn't go through. Please try again.", cards.actionFailed],
  [/^Taken back from (.+)\.$/s, cards.revoked],
  ['Business card saved', 'Visitenkarte gespeichert'],
  ['Business card removed', 'Visitenkarte entfernt'],
  ["We couldn't save your business card. Please try again.", 'Deine Visitenkarte konnte nicht gespeichert werden. Bitte versuche es noch einmal.'],
  ["We couldn't remove your business card. Please try again.", 'Deine Visitenkarte konnte nicht entfernt werden. Bitte versuche es noch einmal.'],
  ['Tick at least one detail to share, and fill it in.', 'Kreuze mindestens eine Angabe zum Teilen an und füll sie aus.'],
  ["We couldn't send your details just now. Please try again.", 'Deine Angaben konnten gerade nicht gesendet werden. Bitte versuche es noch einmal.'],
  [
    /^(.+) shared their (social media|business card|phone number|email address)(?: \((.+)\))?$/s,
    (name, what, details) => `${name} teilt ${EXCHANGED[what!]} mit dir${details ? ` (${details})` : ''}`,
  ],
  ["A message couldn't be sent.", 'Eine Nachricht konnte nicht gesendet werden.'],
  ['Only JPEG, PNG or WebP images are accepted', 'Nur Bilder im Format JPEG, PNG oder WebP sind möglich'],
  [/^That photo is larger than (\d+) MB\. Please choose a smaller one\.$/, (mb) => `Dieses Foto ist größer als ${mb} MB. Bitte wähle ein kleineres.`],
  ["That file couldn't be read. Please choose another.", 'Diese Datei ließ sich nicht lesen. Bitte wähle eine andere.'],
  ["Your photo couldn't be shared just now. Please try again.", 'Dein Foto konnte gerade nicht geteilt werden. Bitte versuche es noch einmal.'],
  ['Your photo is shared.', 'Dein Foto ist geteilt.'],
  [/^Liked by (.+)$/s, (list) => `Gefällt ${likers(list!)}`],
  // The server's (contract/social.ts, connect-words.ts, meeting-words.ts, server/use-cases).
  [
    "You can write to your connections, or to someone at an event you're both attending. A connection request is a gentle way to stay in touch.",
    'Du kannst deinen Kontakten schreiben oder jemandem auf einem Event, an dem ihr beide teilnehmt. Eine Kontaktanfrage ist ein sanfter Weg, in Verbindung zu bleiben.',
  ],
  [
    'This person is only taking messages from their connections right now. A connection request is a gentler way to say hello.',
    'Diese Person nimmt gerade nur Nachrichten von ihren Kontakten an. Eine Kontaktanfrage ist ein sanfterer Weg, Hallo zu sagen.',
  ],
  ["This isn't a Wallflower code. Ask them to show their code in the app.", 'Das ist kein Wallflower-Code. Bitte die Person, ihren Code in der App zu zeigen.'],
  ["We couldn't find that code. Check it and try again, or ask them to show a fresh one.", 'Diesen Code haben wir nicht gefunden. Prüfe ihn und versuche es noch einmal, oder bitte um einen neuen.'],
  ['This code has expired. Ask them to show a fresh one.', 'Dieser Code ist abgelaufen. Bitte um einen neuen.'],
  ['This code was used already. Ask them to show a fresh one.', 'Dieser Code wurde schon benutzt. Bitte um einen neuen.'],
  ["That's your own code. Show it to someone you'd like to connect with.", 'Das ist dein eigener Code. Zeig ihn jemandem, mit dem du dich verbinden möchtest.'],
  ["This code can't be used.", 'Dieser Code kann nicht verwendet werden.'],
  ['We could not make a code just now. Please try again.', 'Dein Code konnte gerade nicht erstellt werden. Bitte versuche es noch einmal.'],
  ['You can suggest a meeting to your connections. Connecting first makes it easier for both of you.', 'Du kannst deinen Kontakten ein Treffen vorschlagen. Wenn ihr euch zuerst verbindet, ist es für euch beide leichter.'],
  ['Pick a time while the event is on, so you can both be there.', 'Wähle eine Zeit, während das Event läuft, damit ihr beide da sein könnt.'],
  ['That time has passed. Pick a time a little later.', 'Diese Zeit ist schon vorbei. Wähle eine etwas spätere.'],
  ['That time no longer works for them. You could suggest another time.', 'Diese Zeit passt der anderen Person nicht mehr. Du könntest eine andere vorschlagen.'],
  ['This meeting is no longer open to answer.', 'Auf dieses Treffen kann man nicht mehr antworten.'],
  ['Meeting not found', 'Treffen nicht gefunden'],
  [
    'You have suggested many meetings this hour. Take a breather and try again a little later.',
    'Du hast in dieser Stunde schon viele Treffen vorgeschlagen. Gönn dir eine Pause und versuch es etwas später noch einmal.',
  ],
  [
    /^You already suggested a meeting to (.+)\. Give them time to answer, or cancel that one to suggest another\.$/s,
    (name) => `Du hast ${name} schon ein Treffen vorgeschlagen. Lass der Person Zeit zu antworten, oder sag es ab, um ein anderes vorzuschlagen.`,
  ],
  [
    /^You already meet (.+) from (\S+) to (\S+)\. Pick another time, or move that meeting first\.$/s,
    (name, from, to) => `Du triffst ${name} schon von ${from} bis ${to}. Wähle eine andere Zeit oder verschiebe zuerst dieses Treffen.`,
  ],
  [/^This one is waiting for (.+)'s answer\.$/s, (name) => `Dieses Treffen wartet auf die Antwort von ${name}.`],
  // This group's form fields in contract/field-errors.ts's sentences.
  fieldSentence('Please fill in FIELD\\.', ([, object]) => `Bitte gib ${object} ein.`),
  fieldSentence('Please enter FIELD as a full web address, starting with https://\\.', ([, object]) => `Bitte gib ${object} als vollständige Webadresse ein, beginnend mit https://.`),
  fieldSentence('FIELD needs at least (\\d+) characters\\.', ([subject, , many], n) => `${subject} ${many ? 'brauchen' : 'braucht'} mindestens ${n} Zeichen.`),
  fieldSentence('FIELD can be at most (\\d+) characters long\\.', ([subject, , many], n) => `${subject} ${many ? 'dürfen' : 'darf'} höchstens ${n} Zeichen lang sein.`),
  fieldSentence('FIELD may only use digits, spaces and \\+ \\( \\) - \\.', ([subject]) => `${subject} darf nur Ziffern, Leerzeichen und + ( ) - . enthalten.`),
  [
    new RegExp(`^Please fill in (${FIELD}(?:, ${FIELD})* or ${FIELD})\\.$`, 'i'),
    (list) => `Bitte gib ${list!.split(/, | or /).map((words) => field(words)[1]).join(' oder ')} ein.`,
  ],
];
