/**
 * The English words of the person cards (SPEC 2 "User card", "Attendee cards"): their
 * buttons, badges, Details and the Connect composer. One part for the cards and the
 * composer, so the views that show them share it without a chunk of its own.
 */
import { t } from '@lingui/core/macro';
import { COMPATIBILITY_WORDS, NO_ANSWER, type CommunicationStyle, type DistanceBand, type Level } from '../../../contract/constants';
import { RECHARGING } from '../../../contract/safety-words';
import { english, say, sayAll } from '../i18n';
import { messages } from '../locales/en/person-card.po';

english(messages);

/** A communication style's word, on attendee cards and in the search form. */

export const PERSON_CARD = () => ({
  styles: {
    introverted: t({ id: 'personCard.styles.introverted', message: 'Introverted' }),
    balanced: t({ id: 'personCard.styles.balanced', message: 'Balanced' }),
    extroverted: t({ id: 'personCard.styles.extroverted', message: 'Extroverted' }),
  } as Record<CommunicationStyle, string>,
  /** The badge: "87% match", with kind words beside its colour. */
  match: (percent: number) => t({ id: 'personCard.match', message: `${percent}% match` }),
  levels: sayAll(COMPATIBILITY_WORDS) as Record<Level, string>,
  /** Another person's social battery: "Energy 7/10". */
  energy: t({ id: 'personCard.energy', message: 'Energy' }),
  recharging: say(RECHARGING),
  /** How far they are, only ever as a band (issue 40: never a figure that could place them). */
  distance: {
    close: t({ id: 'personCard.distance.close', message: 'Close by' }),
    venue: t({ id: 'personCard.distance.venue', message: 'In the venue' }),
    far: t({ id: 'personCard.distance.far', message: 'Further away' }),
  } as Record<DistanceBand, string>,
  details: t({ id: 'personCard.details', message: 'Details' }),
  whyConnect: t({ id: 'personCard.whyConnect', message: 'Why you might connect:' }),
  reasons: t({ id: 'personCard.reasons', message: 'Reasons' }),
  nothingInCommon: t({ id: 'personCard.nothingInCommon', message: 'Nothing in common that we know of yet — which can be a good start too.' }),
  iceBreakers: t({ id: 'personCard.iceBreakers', message: 'Ice breakers' }),
  /** Said on a card without Chat: how writing to them becomes possible. */
  writeLater: t({ id: 'personCard.writeLater', message: "Once you're connected, you can write to each other." }),
  chat: t({ id: 'personCard.chat', message: 'Chat' }),
  exchange: t({ id: 'personCard.exchange', message: 'Exchange' }),
  block: t({ id: 'personCard.block', message: 'Block' }),
  report: t({ id: 'personCard.report', message: 'Report' }),
  reportPerson: (name: string) => t({ id: 'personCard.reportPerson', message: `Report ${name}` }),
  /** The button under which a card keeps its other actions; named for whose card it is. */
  more: t({ id: 'personCard.more', message: 'More' }),
  moreFor: (name: string) => t({ id: 'personCard.moreFor', message: `More for ${name}` }),
  connect: t({ id: 'personCard.connect', message: 'Connect' }),
  connected: t({ id: 'personCard.connected', message: 'Connected' }),
  requestSent: t({ id: 'personCard.requestSent', message: 'Request Sent' }),
  noAnswer: say(NO_ANSWER),
  checkRequest: t({ id: 'personCard.checkRequest', message: 'Check Request' }),
  /** The Connect composer (SPEC 2 "Attendee cards"). */
  connectWith: (name: string) => t({ id: 'personCard.connectWith', message: `Connect with ${name}` }),
  connectAbout: t({ id: 'personCard.connectAbout', message: "They can accept when they're ready. If they'd rather not, nobody is told." }),
  send: t({ id: 'personCard.send', message: 'Send' }),
  sending: t({ id: 'personCard.sending', message: 'Sending…' }),
  cancel: t({ id: 'personCard.cancel', message: 'Cancel' }),
  message: t({ id: 'personCard.message', message: 'Message (optional)' }),
  messageHint: t({ id: 'personCard.messageHint', message: "A line about why you'd like to connect can make it easier to say yes." }),
  /** Issue 43: the calm badge of someone happy to be approached, and their opening moves. */
  openToHello: t({ id: 'personCard.openToHello', message: 'Happy to be approached' }),
  openingMoves: t({ id: 'personCard.openingMoves', message: 'Opening moves' }),
  answer: t({ id: 'personCard.answer', message: 'Answer' }),
  answerTo: (prompt: string) => t({ id: 'personCard.answerTo', message: `Answer “${prompt}”` }),
  yourAnswer: t({ id: 'personCard.yourAnswer', message: 'Your answer' }),
  answerHint: t({ id: 'personCard.answerHint', message: 'One line is plenty. It goes to them as a connection request.' }),
  reportMove: (prompt: string) => t({ id: 'personCard.reportMove', message: `Report the opening move “${prompt}”` }),
});
