/**
 * The English words of the person cards (SPEC 2 "User card", "Attendee cards"): their
 * buttons, badges, Details and the Connect composer. One part for the cards and the
 * composer, so the views that show them share it without a chunk of its own.
 */
import { COMPATIBILITY_WORDS, NO_ANSWER, type CommunicationStyle, type Level } from '../../../contract/constants';
import { RECHARGING } from '../../../contract/safety-words';
import type { Part } from '../i18n';

/** A communication style's word, on attendee cards and in the search form. */
export const STYLES: Record<CommunicationStyle, string> = { introverted: 'Introverted', balanced: 'Balanced', extroverted: 'Extroverted' };

export const PERSON_CARD = {
  id: 'personCard',
  en: {
    styles: STYLES,
    /** The badge: "87% match", with kind words beside its colour. */
    match: (percent: number) => `${percent}% match`,
    levels: COMPATIBILITY_WORDS as Record<Level, string>,
    /** Another person's social battery: "Energy 7/10". */
    energy: 'Energy',
    recharging: RECHARGING as string,
    details: 'Details',
    whyConnect: 'Why you might connect:',
    reasons: 'Reasons',
    nothingInCommon: 'Nothing in common that we know of yet — which can be a good start too.',
    iceBreakers: 'Ice breakers',
    /** Said on a card without Chat: how writing to them becomes possible. */
    writeLater: "Once you're connected, you can write to each other.",
    chat: 'Chat',
    exchange: 'Exchange',
    block: 'Block',
    report: 'Report',
    reportPerson: (name: string) => `Report ${name}`,
    connect: 'Connect',
    connected: 'Connected',
    requestSent: 'Request Sent',
    noAnswer: NO_ANSWER as string,
    checkRequest: 'Check Request',
    /** The Connect composer (SPEC 2 "Attendee cards"). */
    connectWith: (name: string) => `Connect with ${name}`,
    connectAbout: "They can accept when they're ready. If they'd rather not, nobody is told.",
    send: 'Send',
    sending: 'Sending…',
    cancel: 'Cancel',
    message: 'Message (optional)',
    messageHint: "A line about why you'd like to connect can make it easier to say yes.",
  },
} satisfies Part<unknown>;
