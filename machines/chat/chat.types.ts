/** What the chat (chat.machine.ts) is given, holds, hears and tells the root. */
import type { Said } from '../../contract/said';
import type { PublicUser, User } from '../../contract/common';
import type { IceBreaker } from '../../contract/discovery';
import type { ClosingLineId } from '../../contract/exit-plan';
import type { HeadingOffLineId } from '../../contract/kind-endings';
import type { PushLanguage } from '../../contract/push-kinds';
import type { ChatMessage } from '../../contract/social';
import type { OutgoingMessage } from './chat-outbox.machine';

export interface ChatInput {
  user: User;
  partner: PublicUser;
  eventId: string | null;
}

export interface ChatContext extends ChatInput {
  messages: ChatMessage[];
  iceBreakers: IceBreaker[];
  draft: string;
  /** The last history page was full, so older messages may exist. */
  hasOlder: boolean;
  /** "I need a break" (issue 18): the closing line and the quiet's length chosen in the sheet. */
  exitChoice: { lineId: ClosingLineId; minutes: number };
  /** Why the closing line could not be sent (said in the sheet), or why Unmute failed. */
  exitError: Said | null;
  /** The closing line sent, for the calm screen. */
  sentLine: string | null;
  /** The chat is muted for the user until then (ISO); null when it is not muted. */
  mutedUntil: string | null;
  /** "I'm heading off" (issue 43): whether the chat rests for both, and whether the user rested it. */
  rest: { resting: boolean; byMe: boolean | null };
  /** The line chosen to send, and the language it goes in. */
  restLine: { lineId: HeadingOffLineId; language: PushLanguage } | null;
  /** Why the line could not be sent, or the chat not woken. */
  restError: Said | null;
}

export type ChatEvent =
  | { type: 'chat.draftChanged'; draft: string }
  | { type: 'chat.submitted' }
  /** `text`: the suggestion as the person saw it, in their language (it is sent as they read it). */
  | { type: 'chat.iceBreakerChosen'; iceBreakerId: string; text: string }
  | { type: 'chat.olderRequested' }
  | { type: 'chat.reloaded' }
  | { type: 'chat.blockRequested' }
  | { type: 'chat.blockConfirmed' }
  | { type: 'chat.blockCancelled' }
  | { type: 'exit.opened' }
  | { type: 'exit.lineChosen'; lineId: ClosingLineId }
  | { type: 'exit.lengthChosen'; minutes: number }
  | { type: 'exit.submitted' }
  | { type: 'exit.cancelled' }
  | { type: 'exit.calmClosed' }
  | { type: 'exit.unmuteRequested' }
  | { type: 'rest.opened' }
  | { type: 'rest.cancelled' }
  | { type: 'rest.lineChosen'; lineId: HeadingOffLineId; language: PushLanguage }
  | { type: 'rest.wakeRequested' }
  | { type: 'live.chat_rest'; user_id: string; resting: boolean; by_me: boolean }
  | { type: 'live.reconnected' }
  | { type: 'live.new_message'; message: ChatMessage }
  | { type: 'outbox.sent'; clientId: string; message: ChatMessage }
  // Raised inside: the break was taken, so the chat is muted now.
  | { type: 'mute.started' };

/** Told to the root chart; the switchboard passes it to the outbox. */
export type ChatQueued = { type: 'outbox.queued'; message: OutgoingMessage };

/** Told to the root once the person is blocked from the chat; the switchboard passes it to the outbox: nothing more goes to them. */
export type ChatBlocked = { type: 'chat.blocked'; userId: string };
