/**
 * German words for the event view, people and connection views (issue 20), one field per English part (src/i18n/en/*.ts),
 * merged into the German catalogue by ./de.ts. The type makes it complete: a part listed
 * here does not compile until every English word has its German one.
 */
import type { Sentences } from './i18n';
import { ANONYMOUS_NAME, type CommunicationStyle, type EventType } from '../../contract/constants';
import { plural } from '../components/format';
import type { ATTENDEES } from './en/attendees';
import type { BLOCK_CONFIRM } from './en/block-confirm';
import type { CONNECTION_REQUESTS } from './en/connection-requests';
import type { CONNECTIONS } from './en/connections';
import type { EVENT, EVENT_FEED } from './en/event';
import type { PERSON } from './en/person';
import type { PERSON_CARD } from './en/person-card';
import type { USER_SEARCH } from './en/user-search';

export interface EventWords {
  event: typeof EVENT.en;
  eventFeed: typeof EVENT_FEED.en;
  attendees: typeof ATTENDEES.en;
  connectionRequests: typeof CONNECTION_REQUESTS.en;
  connections: typeof CONNECTIONS.en;
  userSearch: typeof USER_SEARCH.en;
  person: typeof PERSON.en;
  personCard: typeof PERSON_CARD.en;
  blockConfirm: typeof BLOCK_CONFIRM.en;
}

const STYLES: Record<CommunicationStyle, string> = { introverted: 'Introvertiert', balanced: 'Ausgeglichen', extroverted: 'Extrovertiert' };
/** An event's types, as the events list says them (./de.ts), on the event view and the event forms. */
const TYPES: Record<EventType, string> = { party: 'Party', conference: 'Konferenz', sports: 'Sport', networking: 'Networking' };

export const eventWords: EventWords = {
  event: {
    title: 'Event',
    chooseEvent: 'Wähle ein Event aus der Liste, um zu sehen, wer da ist.',
    actions: 'Bei diesem Event',
    connect: 'Vernetzen',
    requests: 'Anfragen',
    waiting: 'wartend',
    connectByCode: 'Per Code vernetzen',
    tabList: 'Über dieses Event',
    tabs: { people: 'Leute', groups: 'Gruppen', zones: 'Zonen', about: 'Infos' },
    yourEnergy: 'Deine Energie',
    change: 'Ändern',
    details: 'Details zum Event',
    type: 'Art',
    when: 'Wann',
    where: 'Wo',
    who: 'Wer',
    types: TYPES,
    attending: (n) => plural('de', n, { one: '# nimmt teil', other: '# nehmen teil' }),
    madeEasier: 'Leichter gemacht durch',
    featuresLabel: 'Angebote für mehr Ruhe',
    features: { quiet_spaces: 'Ruhige Räume', small_groups: 'Kleine Gruppen', structured_activities: 'Angeleitete Aktivitäten', ice_breakers: 'Eisbrecher' },
    more: 'Mehr zu diesem Event',
    photos: 'Fotos',
    analytics: 'Statistik',
    organize: 'Dieses Event organisieren',
    peopleNearby: 'Leute in der Nähe',
    findingPeople: 'Leute in der Nähe werden gesucht…',
    peopleFailed: 'Die Leute hier konnten gerade nicht geladen werden.',
    nobodyVisible: 'Hier ist sonst noch niemand zu sehen. Das ist in Ordnung – lass dir Zeit.',
    moreFailed: 'Weitere Leute konnten gerade nicht geladen werden.',
    loadingMore: 'Weitere Leute werden geladen…',
    showMore: 'Mehr Leute zeigen',
    goodToStart: 'Gut für den Anfang',
    interestGroups: 'Interessengruppen',
    loadingGroups: 'Interessengruppen werden geladen…',
    noGroups: 'Bei diesem Event gibt es noch keine Interessengruppen.',
    members: (n) => plural('de', n, { one: '# Mitglied', other: '# Mitglieder' }),
    joined: 'Dabei',
    joining: 'Einen Moment…',
    join: 'Beitreten',
    listen: 'Zuhören',
    listenTo: (name) => `Dem Chat von „${name}“ zuhören`,
    listening: 'Du hörst zu',
    openListened: (name) => `Du hörst zu: den Chat von „${name}“ öffnen`,
    groupChats: 'Gruppenchats',
    loadingChats: 'Gruppenchats werden geladen…',
    noChats: 'Hier gibt es noch keine Gruppenchats.',
    everyoneHere: 'Alle hier',
    noMessages: 'Noch keine Nachrichten',
    safeZones: 'Sichere Zonen',
    loadingZones: 'Sichere Zonen werden geladen…',
    noZones: 'Dieses Event hat keine markierten Zonen.',
    zoneTypes: { safe_space: 'Geschützter Raum', restricted: 'Bereich mit Einschränkungen', other: 'Bereich' },
  },
  eventFeed: {
    title: 'Was gerade passiert',
    loading: 'Es wird geladen, was gerade passiert…',
    empty: 'Noch ist nichts los. Es ist ja noch früh, und das ist in Ordnung.',
  },
  attendees: {
    title: 'Leute kennenlernen',
    intro: (event) => `Bei „${event}“. Vernetz dich nur, wenn du magst – eine Anfrage bleibt privat, bis die andere Person antwortet.`,
    noEvent: 'Öffne zuerst ein Event, um zu sehen, wer da ist.',
    loading: 'Teilnehmende werden geladen…',
    failed: 'Die Teilnehmenden konnten gerade nicht geladen werden.',
    empty: 'Hier ist sonst noch niemand. Das ist in Ordnung – lass dir Zeit.',
    list: 'Teilnehmende',
    showMore: 'Mehr Leute zeigen',
  },
  connectionRequests: {
    title: 'Kontaktanfragen',
    intro: 'Nimm an, wenn du dich vernetzen möchtest. Ablehnen bleibt privat: Die andere Person erfährt nichts davon.',
    answered: 'Diese Anfrage ist schon beantwortet.',
    loading: 'Anfragen werden geladen…',
    failed: 'Deine Anfragen konnten gerade nicht geladen werden.',
    empty: 'Gerade wartet keine Anfrage. Wenn sich jemand mit dir vernetzen möchte, siehst du es hier.',
    theirMessage: 'Die Nachricht dazu: ',
    accept: 'Annehmen',
    accepting: 'Wird angenommen…',
    decline: 'Ablehnen',
    declining: 'Wird abgelehnt…',
  },
  connections: {
    title: 'Leute',
    actions: 'Finden und antworten',
    requests: 'Anfragen',
    search: 'Suchen',
    connectByCode: 'Per Code vernetzen',
    yours: 'Deine Kontakte',
    loading: 'Deine Kontakte werden geladen…',
    failed: 'Deine Kontakte konnten gerade nicht geladen werden.',
    empty: 'Noch keine Kontakte. Wenn jemand, den du gefragt hast, Ja sagt, oder du eine Anfrage annimmst, findest du die Person hier.',
    list: 'Kontakte',
    showMore: 'Mehr zeigen',
    shared: 'Eure gemeinsamen Interessen',
    chat: 'Chatten',
    exchange: 'Austauschen',
    waiting: 'wartend',
  },
  userSearch: {
    title: 'Leute finden',
    form: 'Leute suchen',
    query: 'Name oder Benutzername',
    interests: 'Interessen',
    interestsHint: 'Mit Kommas trennen, z. B. Jazz, Wandern',
    industry: 'Branche',
    style: 'Kommunikationsstil',
    anyStyle: 'Egal',
    styles: STYLES,
    ageFrom: 'Alter von',
    ageTo: 'Alter bis',
    agesHint: 'Um nach Alter zu suchen, gib beide Altersangaben ein.',
    searching: 'Wird gesucht…',
    search: 'Leute suchen',
    results: 'Ergebnisse',
    failed: 'Die Suche hat nicht geklappt. Bitte versuche es noch einmal.',
    nobody: 'Niemand gefunden. Versuch es mit weniger Filtern.',
    found: (n) => plural('de', n, { one: '# Person gefunden', other: '# Personen gefunden' }),
    list: 'Gefundene Leute',
  },
  person: {
    interests: 'Interessen',
    more: (n) => `+${n} weitere`,
    onBreak: 'Macht gerade Pause',
  },
  personCard: {
    styles: STYLES,
    match: (percent) => `${percent} % passend`,
    levels: { green: 'Viel gemeinsam', yellow: 'Einiges gemeinsam', red: 'Etwas zu entdecken' },
    energy: 'Energie',
    recharging: 'Tankt gerade Energie – bitte nicht ansprechen',
    details: 'Details',
    whyConnect: 'Warum ihr gut zusammenpassen könntet:',
    reasons: 'Gründe',
    nothingInCommon: 'Noch nichts Gemeinsames, von dem wir wissen – auch das kann ein guter Anfang sein.',
    iceBreakers: 'Eisbrecher',
    writeLater: 'Sobald ihr vernetzt seid, könnt ihr euch schreiben.',
    chat: 'Chatten',
    exchange: 'Austauschen',
    block: 'Blockieren',
    report: 'Melden',
    reportPerson: (name) => `${name} melden`,
    connect: 'Vernetzen',
    connected: 'Vernetzt',
    requestSent: 'Anfrage gesendet',
    noAnswer: 'Diesmal keine Antwort',
    checkRequest: 'Anfrage ansehen',
    connectWith: (name) => `Mit ${name} vernetzen`,
    connectAbout: 'Die andere Person kann annehmen, wenn sie so weit ist. Wenn sie lieber nicht möchte, erfährt das niemand.',
    send: 'Senden',
    sending: 'Wird gesendet…',
    cancel: 'Abbrechen',
    message: 'Nachricht (freiwillig)',
    messageHint: 'Ein Satz dazu, warum du dich vernetzen möchtest, kann das Ja leichter machen.',
  },
  blockConfirm: {
    blockPerson: (name) => `${name} blockieren`,
    blocking: 'Wird blockiert…',
    cancel: 'Abbrechen',
  },
};

/** How the app and the server name someone browsing anonymously (DESIGN 5), in German. */
const ANONYMOUS_DE = 'Anonyme Person';
/** A name inside a sentence: the person's own, or the anonymous one in German. */
const named = (name: string) => (name === ANONYMOUS_NAME ? ANONYMOUS_DE : name);

/** The server's lists in its reasons, "jazz, hiking and 2 more", in German. */
const list = (items: string) => items.replace(/ and (\d+) more$/, ' und $1 weitere').replace(/ and (?=[^,]*$)/, ' und ');

/** English sentences written outside the catalogue (the server's, the charts'), in German. */
export const eventSentences: Sentences = [
  [ANONYMOUS_NAME, ANONYMOUS_DE],
  // machines/safety/block.ts: the question before blocking, and a block that did not go through.
  [/^Block (.+)\? They won't be able to see you or contact you, and they won't be told\.$/s, (name) =>
    `${named(name)} blockieren? Die Person kann dich dann nicht mehr sehen oder kontaktieren und erfährt nichts davon.`],
  [/^We couldn't block (.+)\. Please try again\.$/s, (name) => `${named(name)} konnte nicht blockiert werden. Bitte versuche es noch einmal.`],
  // The search form's checks (machines/people/user-search.machine.ts) and the server's about its fields.
  ["The lowest age can't be above the highest.", 'Das niedrigste Alter darf nicht über dem höchsten liegen.'],
  [/^Your search can be at most (\d+) characters long\.$/, (n) => `Deine Suche darf höchstens ${n} Zeichen lang sein.`],
  [/^An industry can be at most (\d+) characters long\.$/, (n) => `Die Branche darf höchstens ${n} Zeichen lang sein.`],
  [/^The age range must be at least (\d+)\.$/, (n) => `Das Alter muss mindestens ${n} sein.`],
  [/^The age range must be at most (\d+)\.$/, (n) => `Das Alter darf höchstens ${n} sein.`],
  // The server's details on a connection request and its answer.
  ['You are already connected', 'Ihr seid schon vernetzt'],
  [
    'No answer this time. A request waits two days, and then it is not sent to the same person again.',
    'Diesmal keine Antwort. Eine Anfrage wartet zwei Tage, danach geht sie nicht noch einmal an dieselbe Person.',
  ],
  [
    /^You have (\d+) requests waiting for an answer( at this event)?\. Each makes room for a new one once it is answered, or after two days\.$/,
    (n, here) =>
      `Du hast ${n} Anfragen, die${here ? ' bei diesem Event' : ''} auf eine Antwort warten. Jede macht Platz für eine neue, sobald sie beantwortet ist, spätestens nach zwei Tagen.`,
  ],
  // Also the admin panel's, for an account gone meanwhile.
  ['User not found', 'Diese Person wurde nicht gefunden'],
  ['You need to join this event first', 'Nimm zuerst an diesem Event teil'],
  ['to_user_id: is not attending this event', 'Diese Person nimmt nicht an diesem Event teil'],
  ['Request not found', 'Diese Anfrage gibt es nicht mehr'],
  ['Only the person who received this request can answer it', 'Nur wer die Anfrage bekommen hat, kann sie beantworten'],
  // Why two people might connect (server/domain/compatibility.ts).
  [/^You both enjoy (.+)$/s, (x) => `Ihr mögt beide ${list(x)}`],
  [/^You both work as (?:an? )?(.+)$/s, (x) => `Ihr arbeitet beide als ${x}`],
  [/^You both prefer (.+)$/s, (x) => `Ihr habt beide gern ${list(x)}`],
  [/^You have traits in common: (.+)$/s, (x) => `Ihr habt gemeinsame Eigenschaften: ${list(x)}`],
  ['You have similar communication styles', 'Ihr habt einen ähnlichen Kommunikationsstil'],
  ['You might both enjoy a calm, low-key chat right now', 'Euch beiden täte gerade ein ruhiges, entspanntes Gespräch gut'],
  ["You're both feeling similarly energetic right now", 'Ihr habt gerade ähnlich viel Energie'],
  ['A chance to discover something new together', 'Eine Gelegenheit, gemeinsam etwas Neues zu entdecken'],
  // Ice breakers on a person's card (server/domain/ice-breakers.ts).
  [/^I noticed you're into (.+) too — what got you started\?$/s, (x) => `Ich hab gesehen, dass du auch ${x} magst – wie bist du dazu gekommen?`],
  [/^How did you first get into (.+)\?$/s, (x) => `Wie bist du zu ${x} gekommen?`],
  [/^I'm into (.+) as well! Anything you've been enjoying about it lately\?$/s, (x) => `Ich mag ${x} auch! Was hat dir daran zuletzt besonders gefallen?`],
  [/^What do you like most about (.+)\?$/s, (x) => `Was magst du an ${x} am meisten?`],
  [/^Looks like we both like (.+)! Any favourites you'd recommend\?$/s, (x) => `Sieht so aus, als mögen wir beide ${x}! Hast du Lieblinge, die du empfehlen kannst?`],
  [/^I work as (?:an? )?(.+) too — how did you get into it\?$/s, (x) => `Ich arbeite auch als ${x} – wie bist du dazu gekommen?`],
  [/^What's the most interesting part of working as (?:an? )?(.+)\?$/s, (x) => `Was ist das Spannendste an deiner Arbeit als ${x}?`],
  [/^What brought you to (.+)\?$/s, (x) => `Was hat dich zu „${x}“ geführt?`],
  ['Hi! How is your day going so far?', 'Hi! Wie läuft dein Tag bisher?'],
  ["What's something you're looking forward to this week?", 'Worauf freust du dich diese Woche?'],
  ['Is this your first time at an event like this?', 'Bist du zum ersten Mal bei so einem Event?'],
  ["What's something fun you've done recently?", 'Was hast du in letzter Zeit Schönes unternommen?'],
  ['Hi! No pressure at all — would you like to chat for a bit?', 'Hi! Ganz ohne Druck – hast du Lust, ein bisschen zu plaudern?'],
  // The event's feed (server/db/repositories/insights.ts); "Someone" is an actor not shown.
  ['1 new connection was made', 'Eine neue Verbindung ist entstanden'],
  [/^(\d+) new connections were made$/, (n) => `${n} neue Verbindungen sind entstanden`],
  [/^(.+) joined the event$/s, (who) => `${actor(who)} ist jetzt beim Event dabei`],
  [/^(.+) shared a photo$/s, (who) => `${actor(who)} hat ein Foto geteilt`],
  [/^(.+) joined an interest group$/s, (who) => `${actor(who)} ist einer Interessengruppe beigetreten`],
  [/^(.+) joined ([^.!?]+)$/s, (who, group) => `${actor(who)} ist „${group}“ beigetreten`],
];

/** A feed line's actor: their name, or "Jemand" for one the viewer may not see. */
function actor(who: string): string {
  return who === 'Someone' ? 'Jemand' : named(who);
}
