import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { useId } from 'react';
import { LISTENING_WORDS as W } from '../../contract/listening-words';
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
  const listening = useSelector(group, (s) => s.context.people?.me === 'listener');
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
      <ChatPeople group={group} />
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
      {listening && <Muted>{W.postingMakesMember}</Muted>}
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

/**
 * Who is in the chat (issue 18): how many listen (never who), the members behind a
 * disclosure, and the user's own place: a calm choice while they have none, "You're
 * listening" with a way to stop while they listen.
 */
function ChatPeople({ group }: { group: GroupChatActorRef }) {
  const people = useSelector(group, (s) => s.context.people);
  const open = useSelector(group, (s) => s.context.membersOpen);
  const changing = useSelector(group, (s) => s.context.placeChange);
  const myId = AppActor.useSelector((s) => s.context.user?.id ?? '');
  const listId = useId();
  if (!people) return null;
  const others = people.me === 'listener' ? people.listening - 1 : people.listening;
  const choose = (change: 'listen' | 'join' | 'stop') => group.send({ type: 'groupChat.placeChosen', change });
  return (
    <>
      <Counts>
        {people.me === 'listener' && <Listening>{W.youListen}</Listening>}
        {others > 0 && <span>{people.me === 'listener' ? W.others(others) : W.listening(others)}</span>}
        <Button $small $variant="secondary" aria-expanded={open} aria-controls={listId} onClick={() => group.send({ type: 'groupChat.membersToggled' })}>
          {W.members(people.members.length)}
        </Button>
        {people.me === 'listener' && (
          <Button $small $variant="link" disabled={changing !== null} onClick={() => choose('stop')}>
            {W.stop}
          </Button>
        )}
      </Counts>
      <Members id={listId} hidden={!open} aria-label="Members">
        {people.members.length === 0 ? (
          <li>
            <Muted>{W.noMembers}</Muted>
          </li>
        ) : (
          people.members.map((m, i) => <li key={m.id ?? `anonymous-${i}`}>{m.id === myId ? 'You' : m.name}</li>)
        )}
      </Members>
      {people.me === null && (
        <Choice aria-label="Your place in this chat">
          <p>{W.choice}</p>
          <ChoiceButtons>
            <Button $variant="purple" disabled={changing !== null} onClick={() => choose('join')}>
              {W.joinIn}
            </Button>
            <Button $variant="secondary" disabled={changing !== null} onClick={() => choose('listen')}>
              {W.justListen}
            </Button>
          </ChoiceButtons>
        </Choice>
      )}
    </>
  );
}

const Counts = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Listening = styled.span`
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Members = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  li + li { margin-top: ${({ theme }) => theme.space(1)}; }
`;

const Choice = styled.section`
  margin-bottom: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.large};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const ChoiceButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(2)};
`;

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
