import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { selectChosenChat, type GroupChatActorRef } from '../../machines/group-chat.machine';
import { groupMessageReport } from '../../machines/report-target';
import { AppActor } from '../appContext';
import { ChatInputForm } from '../components/ChatInputForm';
import { MessageLog, type LogEntry } from '../components/MessageLog';
import { Button, Card, Muted, Status } from '../components/ui';
import { ViewPage } from '../components/ViewPage';
import { chartOf } from '../../machines/lazy-charts';

/** group-chat: the event's chat for everyone and the user's interest groups' chats, purple input. */
export function GroupChatView() {
  const group = AppActor.useSelector((s) => chartOf(s, 'groupChat'));
  const eventName = AppActor.useSelector((s) => s.context.currentEvent?.name ?? null);
  const app = AppActor.useActorRef();
  return (
    <ViewPage back={eventName ? 'event' : 'events'} title="Group chat" intro={eventName && <Muted>{eventName}</Muted>}>
      {group ? (
        <GroupBody group={group} />
      ) : (
        <Card>
          <p>Open an event first: its group chat is for everyone there.</p>
          <Button onClick={() => app.send({ type: 'view.opened', view: 'events' })}>Back to events</Button>
        </Card>
      )}
    </ViewPage>
  );
}

function GroupBody({ group }: { group: GroupChatActorRef }) {
  const loadingChats = useSelector(group, (s) => s.matches('loadingChats'));
  const failed = useSelector(group, (s) => s.matches('failed') || s.matches({ open: { history: 'failed' } }));
  const chats = useSelector(group, (s) => s.context.chats);
  const chosen = useSelector(group, selectChosenChat);
  const loadingHistory = useSelector(group, (s) => s.matches({ open: { history: 'loading' } }) && s.context.messages.length === 0);
  const loadingOlder = useSelector(group, (s) => s.matches({ open: { history: 'loadingOlder' } }));
  const hasOlder = useSelector(group, (s) => s.context.hasOlder);
  const messages = useSelector(group, (s) => s.context.messages);
  const draft = useSelector(group, (s) => s.context.draft);
  const posting = useSelector(group, (s) => s.context.posting);
  const me = AppActor.useSelector((s) => s.context.user?.id ?? '');
  const app = AppActor.useActorRef();

  if (loadingChats) return <Status role="status">Loading group chats…</Status>;
  if (failed) {
    return (
      <Card>
        <p>We couldn't load the group chat just now.</p>
        <Button onClick={() => group.send({ type: 'groupChat.reloaded' })}>Try again</Button>
      </Card>
    );
  }
  if (!chosen) return <Status>This event has no group chat yet.</Status>;

  const entries: LogEntry[] = messages.map((m) => ({
    key: m.id,
    mine: m.from_user === me,
    author: m.from_user === me ? 'You' : m.from_name,
    showAuthor: true,
    text: m.message,
    time: m.timestamp,
    report: m.from_user === me ? undefined : () => app.send(groupMessageReport(m)),
  }));
  if (posting !== null) {
    entries.push({ key: 'posting', mine: true, author: 'You', showAuthor: true, text: posting, time: null, pendingNote: 'Sending…' });
  }

  return (
    <>
      {chats.length > 1 && (
        <Chooser role="group" aria-label="Group chats">
          {chats.map((c) => (
            <Chip
              key={c.id}
              type="button"
              aria-pressed={c.id === chosen.id}
              $on={c.id === chosen.id}
              onClick={() => group.send({ type: 'groupChat.chosen', chatId: c.id })}
            >
              {c.community_id === null ? 'Everyone' : c.name}
            </Chip>
          ))}
        </Chooser>
      )}
      <ChatName>{chosen.name}</ChatName>
      {loadingHistory ? (
        <Status role="status">Loading messages…</Status>
      ) : (
        <MessageLog
          label={`Messages in ${chosen.name}`}
          entries={entries}
          empty="Nobody has said anything yet. A simple hello is plenty."
          older={
            hasOlder ? (
              <Older>
                <Button $small $variant="secondary" disabled={loadingOlder} onClick={() => group.send({ type: 'groupChat.olderRequested' })}>
                  {loadingOlder ? 'Loading…' : 'Load older messages'}
                </Button>
              </Older>
            ) : null
          }
        />
      )}
      <ChatInputForm
        tone="purple"
        label={`Message ${chosen.name}`}
        value={draft}
        onChange={(value) => group.send({ type: 'groupChat.draftChanged', draft: value })}
        onSend={() => group.send({ type: 'groupChat.submitted' })}
      />
    </>
  );
}

const Chooser = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const Chip = styled.button<{ $on: boolean }>`
  min-height: ${({ theme }) => theme.touchTarget};
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.colors.purple};
  background: ${({ theme, $on }) => ($on ? theme.colors.purple : theme.colors.surface)};
  color: ${({ theme, $on }) => ($on ? theme.colors.onPurple : theme.colors.text)};
  cursor: pointer;
`;

const ChatName = styled.h2`
  font-size: ${({ theme }) => theme.font.size.large};
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

const Older = styled.div`
  display: flex;
  justify-content: center;
  margin-bottom: ${({ theme }) => theme.space(2)};
`;
