import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { Conversation } from '../../contract/social';
import {
  selectConversations,
  selectConversationsStatus,
  selectUnreadTotal,
  type ConversationsActorRef,
} from '../../machines/chat/conversations.machine';
import { AppActor } from '../appContext';
import { CountBadge } from '../components/CountBadge';
import { messageTime } from '../components/format';
import { LoadState } from '../components/LoadState';
import { Avatar } from '../components/people';
import { Muted } from '../components/ui';
import { ViewPage } from '../components/ViewPage';
import { chartOf } from '../../machines/lazy-charts';
import { say, words } from '../i18n/i18n';
import { saidOf, type SaidValues } from '../../contract/said';
import { CHATS } from '../i18n/en/chats';

/** chats (issue 13): every 1:1 and group conversation, newest first, with what is unread. */
export function ChatsView() {
  const conversations = AppActor.useSelector((s) => chartOf(s, 'conversations'));
  return (
    <ViewPage wide back="events" title={words(CHATS).title}>
      {conversations && <ConversationList conversations={conversations} />}
    </ViewPage>
  );
}

/** "You: see you there", "Kim: hello all" in a group, the message alone from the person in a 1:1. */
const previewOf = (c: Conversation, w: ReturnType<typeof CHATS>): string => {
  const m = c.last_message;
  if (!m) return w.noMessages;
  // The server names the reader's own message 'You' (contract/social.ts), in English as a mark, not a word shown.
  const mine = m.from_name === 'You';
  return mine || c.kind === 'group' ? `${mine ? w.you : m.from_name}: ${m.message}` : m.message;
};

/** The list with its loading, empty and failed states (LoadState's words and roles). */
function ConversationList({ conversations }: { conversations: ConversationsActorRef }) {
  const status = useSelector(conversations, selectConversationsStatus);
  const list = useSelector(conversations, selectConversations);
  const unread = useSelector(conversations, selectUnreadTotal);
  const w = words(CHATS);
  return (
    <LoadState
      status={status}
      empty={list.length === 0}
      loading={w.loading}
      failed={w.failed}
      retry={() => conversations.send({ type: 'conversations.reloaded' })}
      emptyText={w.empty}
    >
      <Muted>{w.unread(unread)}</Muted>
      <List aria-label={w.list}>
        {list.map((c) => (
          <li key={`${c.kind}:${c.id}`}>
            <ConversationRow conversation={c} />
          </li>
        ))}
      </List>
    </LoadState>
  );
}

/** One conversation as one button: a 1:1 opens its chat, a group chat its event's group chat. */
function ConversationRow({ conversation: c }: { conversation: Conversation }) {
  const app = AppActor.useActorRef();
  const open = () =>
    c.kind === 'direct' && c.partner
      ? app.send({ type: 'chat.opened', partner: c.partner })
      : app.send({
          type: 'address.opened',
          path: c.kind === 'group' && c.event_id ? `/events/${c.event_id}/group-chats/${c.id}` : `/chats/${c.id}`,
        });
  const unread = c.unread > 0;
  const w = words(CHATS);
  // The server's words in the reader's language (an event's chat is "{event} — everyone"), issue 39.
  const title = say(saidOf(c.title, c.title_code, c.title_params as SaidValues));
  return (
    <RowButton type="button" $unread={unread} onClick={open}>
      <Avatar name={title} photo={c.partner?.photo_data ?? null} anonymous={c.partner?.is_anonymous ?? false} decorative />
      <Body>
        <Line>
          <Title $unread={unread}>{title}</Title>
          {c.kind === 'group' && <GroupTag>{w.group}</GroupTag>}
          {c.last_message && <Time dateTime={c.last_message.timestamp}>{messageTime(c.last_message.timestamp)}</Time>}
        </Line>
        <Line>
          <Preview $unread={unread}>{previewOf(c, w)}</Preview>
          <CountBadge count={c.unread} what={w.unreadBadge} />
        </Line>
      </Body>
    </RowButton>
  );
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  /* One column no wider than the screen: a long chat name is cut short, never widens the page. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(2)};
  ${({ theme }) => theme.media.wide} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: ${({ theme }) => theme.space(3)};
  }
`;

const RowButton = styled.button<{ $unread: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  width: 100%;
  min-height: ${({ theme }) => theme.touchTarget};
  padding: ${({ theme }) => theme.space(3)};
  text-align: left;
  font: inherit;
  color: ${({ theme }) => theme.colors.text};
  background-color: ${({ theme, $unread }) => ($unread ? theme.colors.infoSurface : theme.colors.surface)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme, $unread }) => ($unread ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.medium};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceMuted}; }
`;

const Body = styled.span`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
`;

const Line = styled.span`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
`;

/* The chat's name wraps rather than being cut short: it is what tells one chat from another. */
const Title = styled.span<{ $unread: boolean }>`
  min-width: 0;
  overflow-wrap: anywhere;
  font-weight: ${({ theme, $unread }) => ($unread ? theme.font.weight.bold : theme.font.weight.medium)};
`;

const GroupTag = styled.span`
  flex: none;
  padding: 0 ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.pill};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Time = styled.time`
  flex: none;
  margin-left: auto;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Preview = styled.span<{ $unread: boolean }>`
  flex: 1;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: ${({ theme, $unread }) => ($unread ? theme.colors.text : theme.colors.textMuted)};
  font-weight: ${({ theme, $unread }) => ($unread ? theme.font.weight.medium : theme.font.weight.normal)};
`;
