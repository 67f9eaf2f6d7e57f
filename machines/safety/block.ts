/**
 * Blocking someone (POST /users/block), from their card, a chat's header or the report
 * sheet: the one call, and what is said around it. Apart from user-card.machine.ts so a
 * chart that blocks (the chat's, the sheet's) carries these few lines and not the card's.
 */
import { fromPromise } from 'xstate';
import type { PublicUser } from '../../contract/common';
import { ANONYMOUS_NAME, FORMER_NAME, nameOf } from '../../contract/constants';
import { api } from '../api/client';
import { englishOf, sentence, type Said, type SaidValue } from '../../contract/said';

/** The name a card shows: anonymous people are not named (DESIGN 5); someone who left is "Former attendee" (issue 42). */
export const displayName = (u: PublicUser): string => (u.is_anonymous && u.name !== FORMER_NAME ? ANONYMOUS_NAME : u.name);

/** The block itself: the user blocks `blockedId`. */
export const blockUser = fromPromise<unknown, { userId: string; blockedId: string }>(({ input }) => api.blockUser(input.userId, input.blockedId));

/** "Block Sam? ..." — the question asked before blocking. */
const blockAsk = sentence(
  /*i18n*/ { id: 'safety.blockQuestion', message: "Block {name}? They won't be able to see you or contact you, and they won't be told." },
  ({ name }: { name: SaidValue }) => `Block ${englishOf(name)}? They won't be able to see you or contact you, and they won't be told.`,
);
export const blockQuestion = (u: PublicUser): Said => blockAsk({ name: nameOf(displayName(u)) });

/** The banner text when a block did not go through. Not one of SPEC 8's fixed texts. */
const blockFailed = sentence(
  /*i18n*/ { id: 'safety.blockFailed', message: "We couldn't block {name}. Please try again." },
  ({ name }: { name: SaidValue }) => `We couldn't block ${englishOf(name)}. Please try again.`,
);
export const blockFailedMessage = (name: string): Said => blockFailed({ name: nameOf(name) });

/**
 * Told to the root when a card's Block went through (a chat's and the report sheet's say
 * chat.blocked and report.blocked): nothing about the person is said any more, in toasts
 * or notifications (issue 40 item 5).
 */
export type PersonBlocked = { type: 'person.blocked'; userId: string };
