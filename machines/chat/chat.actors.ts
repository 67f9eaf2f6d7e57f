/** What the chat (chat.machine.ts) asks of the server: its history, ice breakers, partner, block, and the break's calls. */
import { fromPromise } from 'xstate';
import type { IceBreaker } from '../../contract/discovery';
import type { ClosingLineId } from '../../contract/exit-plan';
import type { ChatBreakAnswer, ChatMessage, ChatMute, ChatPartner } from '../../contract/social';
import { api } from '../api/client';
import { exitApi } from '../api/exit-plan';
import { recapApi } from '../api/recap';
import type { ChatRest } from '../../contract/recap';
import type { HeadingOffLineId } from '../../contract/kind-endings';
import type { PushLanguage } from '../../contract/push-kinds';
import { blockUser } from '../safety/block';
import { CHAT_PAGE } from './messages';

type Pair = { userId: string; otherId: string };

export const chatActors = {
  loadHistory: fromPromise<ChatMessage[], Pair & { before?: string }>(({ input }) =>
    api.chatHistory(input.userId, input.otherId, { before: input.before, limit: CHAT_PAGE }),
  ),
  loadIceBreakers: fromPromise<IceBreaker[], Pair & { eventId: string | null }>(({ input }) =>
    api.iceBreakers(input.userId, input.otherId, input.eventId),
  ),
  loadPartner: fromPromise<ChatPartner, Pair>(({ input }) => api.chatPartner(input.userId, input.otherId)),
  blockUser,
  loadMutes: fromPromise<ChatMute[], { userId: string }>(({ input }) => exitApi.chatMutes(input.userId)),
  takeBreak: fromPromise<ChatBreakAnswer, Pair & { lineId: ClosingLineId; minutes: number; eventId: string | null }>(({ input }) =>
    exitApi.takeChatBreak(input.userId, { to_user: input.otherId, line_id: input.lineId, mute_minutes: input.minutes, event_id: input.eventId }),
  ),
  unmute: fromPromise<unknown, Pair>(({ input }) => exitApi.unmuteChat(input.userId, input.otherId)),
  loadRest: fromPromise<ChatRest, Pair>(({ input }) => recapApi.chatRest(input.userId, input.otherId)),
  headOff: fromPromise<{ message: ChatMessage; rest: ChatRest }, Pair & { lineId: HeadingOffLineId; language: PushLanguage; eventId: string | null }>(({ input }) =>
    recapApi.headOff(input.userId, input.otherId, { line_id: input.lineId, language: input.language, event_id: input.eventId }),
  ),
  wakeChat: fromPromise<ChatRest, Pair>(({ input }) => recapApi.wakeChat(input.userId, input.otherId)),
};
