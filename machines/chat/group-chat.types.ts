/** What the group-chat chart (group-chat.machine.ts) is given, holds and hears. */
import type { User } from '../../contract/common';
import type { Event } from '../../contract/events';
import type { GroupChat, GroupChatPeople, GroupMessage } from '../../contract/social';
import type { EventChanged } from '../session-gone';

export interface GroupChatInput {
  user: User;
  event: Event;
  /** A chat chosen before opening (from the event view); else the event's own chat. */
  chatId: string | null;
}

export interface GroupChatContext extends GroupChatInput {
  chats: GroupChat[];
  messages: GroupMessage[];
  draft: string;
  hasOlder: boolean;
  /** The text on its way, shown until stored (null once its live echo shows it stored, the answer still awaited). */
  posting: string | null;
  /** The chat the text on its way goes to (the one it was typed in). */
  postingTo: string | null;
  /** Texts sent while another was on its way, oldest first; each is posted in turn. */
  queued: Outgoing[];
  /** The chosen chat's people; null until read. */
  people: GroupChatPeople | null;
  /** The members list is shown. */
  membersOpen: boolean;
  /** The change of place on its way. */
  placeChange: PlaceChange | null;
}

export type PlaceChange = 'listen' | 'join' | 'stop';

export type Outgoing = { groupId: string; message: string };

export type GroupChatEvent =
  | { type: 'groupChat.chosen'; chatId: string }
  | { type: 'groupChat.draftChanged'; draft: string }
  | { type: 'groupChat.submitted' }
  | { type: 'groupChat.olderRequested' }
  | { type: 'groupChat.reloaded' }
  | { type: 'live.reconnected' }
  | { type: 'live.group_message'; message: GroupMessage }
  | { type: 'live.group_chat_people'; group_id: string; listening: number; member_count: number }
  | { type: 'groupChat.placeChosen'; change: PlaceChange }
  | { type: 'groupChat.membersToggled' }
  | { type: 'groupChat.peopleStale' }
  | EventChanged;

export type ChatPage = { userId: string; groupId: string; before?: string };
