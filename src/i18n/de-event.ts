/**
 * German words for the event view, people and connection views (issue 20), one field per English part (src/i18n/en/*.ts),
 * merged into the German catalogue by ./de.ts. The type makes it complete: a part listed
 * here does not compile until every English word has its German one.
 */
import type { Sentences } from './de';
import { ANONYMOUS_NAME } from '../../contract/constants';

/** How the app and the server name someone browsing anonymously (DESIGN 5), in German. */
const ANONYMOUS_DE = 'Anonyme Person';
/** A name inside a sentence: the person's own, or the anonymous one in German. */
const named = (name: string) => (name === ANONYMOUS_NAME ? ANONYMOUS_DE : name);

/** English sentences written outside the catalogue (the server's, the charts'), in German. */
export const eventSentences: Sentences = [
  [ANONYMOUS_NAME, ANONYMOUS_DE],
  // machines/safety/block.ts: the question before blocking, and a block that did not go through.
  [/^Block (.+)\? They won't be able to see you or contact you, and they won't be told\.$/s, (name) =>
    `${named(name)} blockieren? Die Person kann dich dann nicht mehr sehen oder kontaktieren und erfährt nichts davon.`],
  [/^We couldn't block (.+)\. Please try again\.$/s, (name) => `${named(name)} konnte nicht blockiert werden. Bitte versuche es noch einmal.`],
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
];

