/**
 * German words for chats, group chats, meetings, QR connect, cards and photos (issue 20), one field per English part (src/i18n/en/*.ts),
 * merged into the German catalogue by ./de.ts. The type makes it complete: a part listed
 * here does not compile until every English word has its German one.
 */
import type { Sentences } from './de';

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
  ["That didn't go through just now. Please try again.", 'Das hat gerade nicht geklappt. Bitte versuche es noch einmal.'],
  ['Choose a time you are both free.', 'Wähle eine Zeit, in der ihr beide frei seid.'],
  ['Name a spot, so you can find each other.', 'Nenne einen Treffpunkt, damit ihr euch findet.'],
  ["We couldn't suggest the meeting just now. Please try again.", 'Das Treffen konnte gerade nicht vorgeschlagen werden. Bitte versuche es noch einmal.'],
  ["We couldn't make your code just now.", 'Dein Code konnte gerade nicht erstellt werden.'],
  ["We couldn't connect you just now. Check your connection and try again.", 'Das Verbinden hat gerade nicht geklappt. Prüfe deine Verbindung und versuche es noch einmal.'],
  ["We couldn't use your camera. You can type the code instead, or use a photo of it.", 'Deine Kamera ließ sich nicht verwenden. Du kannst den Code stattdessen eintippen oder ein Foto davon verwenden.'],
  ["We couldn't find a code in that picture. Try again, or type the code instead.", 'Auf diesem Bild war kein Code zu finden. Versuch es noch einmal oder tippe den Code ein.'],
  ['Declined. They are not told.', 'Abgelehnt. Die Person erfährt nichts davon.'],
  ["That didn't go through. Please try again.", 'Das hat nicht geklappt. Bitte versuche es noch einmal.'],
  [/^Taken back from (.+)\.$/s, (name) => `Bei ${name} zurückgenommen.`],
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
];
