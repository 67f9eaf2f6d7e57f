import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { useId } from 'react';
import { selectChosenChat, selectOutgoing, type GroupChatActorRef } from '../../machines/chat/group-chat.machine';
import { groupMessageReport } from '../../machines/safety/report-target';
import { AppActor } from '../appContext';
import { ChatInputForm } from '../components/ChatInputForm';
import { MessageLog, type LogEntry } from '../components/MessageLog';
import { Button, Card, Muted, Status } from '../components/ui';
import { ViewPage } from '../components/ViewPage';
import { chartOf } from '../../machines/lazy-charts';
import { say, words } from '../i18n/i18n';
import { saidOf, type SaidValues } from '../../contract/said';
import { SHELL } from '../i18n/en/shell';
import { CHAT_LOG } from '../i18n/en/chat-log';
import { GROUP_CHAT, LISTENING } from '../i18n/en/group-chat';

/** group-chat: the event's chat for everyone and the user's interest groups' chats, purple input. */
export function GroupChatView() {
  const group = AppActor.useSelector((s) => chartOf(s, 'groupChat'));
  const eventName = AppActor.useSelector((s) => s.context.currentEvent?.name ?? null);
  const app = AppActor.useActorRef();
  const w = words(GROUP_CHAT);
  return (
    <ViewPage back={eventName ? 'event' : 'events'} title={w.title} intro={eventName && <Muted>{eventName}</Muted>} fill={!!group}>
      {group ? (
        <GroupBody group={group} />
      ) : (
        <Card>
          <p>{w.openEventFirst}</p>
          <Button onClick={() => app.send({ type: 'view.opened', view: 'events' })}>{words(SHELL).backToEvents}</Button>
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
  const outgoing = useSelector(group, selectOutgoing, sameOutgoing);
  const listening = useSelector(group, (s) => s.context.people?.me === 'listener');
  const me = AppActor.useSelector((s) => s.context.user?.id ?? '');
  const app = AppActor.useActorRef();
  const w = words(GROUP_CHAT);
  const log = words(CHAT_LOG);

  if (loadingChats) return <Status role="status">{w.loading}</Status>;
  if (failed) {
    return (
      <Card>
        <p>{w.failed}</p>
        <Button onClick={() => group.send({ type: 'groupChat.reloaded' })}>{words(SHELL).tryAgain}</Button>
      </Card>
    );
  }
  if (!chosen) return <Status>{w.none}</Status>;

  const entries: LogEntry[] = messages.map((m) => ({
    key: m.id,
    mine: m.from_user === me,
    author: m.from_user === me ? log.you : m.from_name,
    showAuthor: true,
    text: m.message,
    time: m.timestamp,
    report: m.from_user === me ? undefined : () => app.send(groupMessageReport(m)),
  }));
  // On its way (posted now, or waiting its turn), in the chat it was typed in.
  for (const o of outgoing) {
    entries.push({ key: o.key, mine: true, author: log.you, showAuthor: true, text: o.text, time: null, pendingNote: log.sending });
  }

  // The server's words in the reader's language (an event's chat is "{event} — everyone"), issue 39.
  const chosenName = say(saidOf(chosen.name, chosen.name_code, chosen.name_params as SaidValues));
  return (
    <>
      {chats.length > 1 && (
        <Chooser role="group" aria-label={w.chats}>
          {chats.map((c) => (
            <Chip
              key={c.id}
              type="button"
              aria-pressed={c.id === chosen.id}
              $on={c.id === chosen.id}
              onClick={() => group.send({ type: 'groupChat.chosen', chatId: c.id })}
            >
              {c.name_code === 'chat.eventChat' ? w.everyone : say(saidOf(c.name, c.name_code, c.name_params as SaidValues))}
            </Chip>
          ))}
        </Chooser>
      )}
      <ChatName>{chosenName}</ChatName>
      <ChatPeople group={group} />
      {loadingHistory ? (
        <Status role="status">{w.loadingMessages}</Status>
      ) : (
        <MessageLog
          label={w.messagesIn(chosenName)}
          entries={entries}
          empty={w.empty}
          older={
            hasOlder ? (
              <Older>
                <Button $small $variant="secondary" disabled={loadingOlder} onClick={() => group.send({ type: 'groupChat.olderRequested' })}>
                  {loadingOlder ? words(SHELL).loading : log.loadOlder}
                </Button>
              </Older>
            ) : null
          }
        />
      )}
      {chosen.closed ? (
        // A small group's chat after its event (issue 43): still read, no longer written.
        <Closed>{w.closed}</Closed>
      ) : (
        <>
          {listening && <Muted>{words(LISTENING).postingMakesMember}</Muted>}
          <ChatInputForm
            tone="purple"
            label={log.messageTo(chosenName)}
            value={draft}
            onChange={(value) => group.send({ type: 'groupChat.draftChanged', draft: value })}
            onSend={() => group.send({ type: 'groupChat.submitted' })}
          />
        </>
      )}
    </>
  );
}

const sameOutgoing = (a: { key: string; text: string }[], b: { key: string; text: string }[]) =>
  a.length === b.length && a.every((o, i) => o.key === b[i]!.key && o.text === b[i]!.text);

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
  const lw = words(LISTENING);
  const w = words(GROUP_CHAT);
  const others = people.me === 'listener' ? people.listening - 1 : people.listening;
  const choose = (change: 'listen' | 'join' | 'stop') => group.send({ type: 'groupChat.placeChosen', change });
  return (
    <>
      <Counts>
        {people.me === 'listener' && <Listening>{lw.youListen}</Listening>}
        {others > 0 && <span>{people.me === 'listener' ? lw.others({ n: others }) : lw.listening({ n: others })}</span>}
        <Button $small $variant="secondary" aria-expanded={open} aria-controls={listId} onClick={() => group.send({ type: 'groupChat.membersToggled' })}>
          {lw.members({ n: people.members.length })}
        </Button>
        {people.me === 'listener' && (
          <Button $small $variant="link" disabled={changing !== null} onClick={() => choose('stop')}>
            {lw.stop}
          </Button>
        )}
      </Counts>
      <Members id={listId} hidden={!open} aria-label={w.members}>
        {people.members.length === 0 ? (
          <li>
            <Muted>{lw.noMembers}</Muted>
          </li>
        ) : (
          people.members.map((m, i) => <li key={m.id ?? `anonymous-${i}`}>{m.id === myId ? words(CHAT_LOG).you : m.name}</li>)
        )}
      </Members>
      {people.me === null && (
        <Choice aria-label={w.yourPlace}>
          <p>{lw.choice}</p>
          <ChoiceButtons>
            <Button $variant="purple" disabled={changing !== null} onClick={() => choose('join')}>
              {lw.joinIn}
            </Button>
            <Button $variant="secondary" disabled={changing !== null} onClick={() => choose('listen')}>
              {lw.justListen}
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

/** Open, at most a third of the screen (the chat keeps the rest), scrolling by itself. */
const Members = styled.ul`
  max-height: 33dvh;
  overflow-y: auto;
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

const Closed = styled(Muted)`
  padding: ${({ theme }) => theme.space(3)} 0;
  text-align: center;
`;

const Older = styled.div`
  display: flex;
  justify-content: center;
  margin-bottom: ${({ theme }) => theme.space(2)};
`;
