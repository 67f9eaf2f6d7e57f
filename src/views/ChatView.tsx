import { FORMER_NAME } from '../../contract/constants';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, type ReactNode } from 'react';
import styled from 'styled-components';
import type { PublicUser } from '../../contract/common';
import type { ChatMessage } from '../../contract/social';
import { selectPartner, selectReturnView } from '../../machines/app.machine';
import {
  chatLines,
  selectBlockStep,
  selectExitStep,
  selectRestStep,
  selectHasOlder,
  selectMutedUntil,
  selectUnmuting,
  selectHistoryStatus,
  selectWriteClosed,
  type ChatActorRef,
} from '../../machines/chat/chat.machine';
import {
  selectOutboxWaiting,
  selectPendingFor,
  selectRefusedFor,
  type ChatOutboxActorRef,
  type PendingMessage,
  type RefusedMessage,
} from '../../machines/chat/chat-outbox.machine';
import { messageReport, personReport } from '../../machines/safety/report-target';
import { displayName } from '../../machines/safety/block';
import { AppActor } from '../appContext';
import { BlockConfirm } from '../components/BlockConfirm';
import { ChatInputForm } from '../components/ChatInputForm';
import { Avatar, shownName } from '../components/people';
import { MessageLog, type LogEntry } from '../components/MessageLog';
import { CardActions, MoreActions } from '../components/PersonActions';
import { Button, Card, Muted, Row, Status } from '../components/ui';
import { ViewPage } from '../components/ViewPage';
import { chartOf } from '../../machines/lazy-charts';
import { breakUntil } from '../components/format';
import { say, words } from '../i18n/i18n';
import { suggestionOf } from '../../machines/people/card-words';
import { SHELL } from '../i18n/en/shell';
import { CHAT } from '../i18n/en/chat';
import { CHAT_LOG } from '../i18n/en/chat-log';
import { KIND_ENDINGS } from '../i18n/en/kind-endings';

// "I need a break" (issue 18): the sheet and the calm screen after it are chunks of their own.
const ExitSheet = lazy(() => import('../components/ExitSheet'));
const CalmScreen = lazy(() => import('../components/CalmScreen'));
// "I'm heading off" (issue 43): its sheet is a chunk of its own.
const HeadingOffSheet = lazy(() => import('../components/HeadingOffSheet'));
// "Suggest a meeting" (issue 19): a chunk of its own; it shows only for a connection at the open event.
const SuggestMeeting = lazy(() => import('../components/SuggestMeeting'));

const NO_PENDING: PendingMessage[] = [];

const samePending = (a: PendingMessage[], b: PendingMessage[]) =>
  a.length === b.length && a.every((m, i) => m.clientId === b[i]!.clientId);

const NO_REFUSED: RefusedMessage[] = [];

const focusOnMount = (el: HTMLElement | null) => el?.focus();

/** chat (SPEC 2 "Chat view"): one conversation, its ice breakers, and the blue input. */
export function ChatView() {
  const chat = AppActor.useSelector((s) => chartOf(s, 'chat'));
  const partner = AppActor.useSelector(selectPartner);
  const back = AppActor.useSelector(selectReturnView);
  const app = AppActor.useActorRef();
  const name = partner ? shownName(displayName(partner)) : null;
  const exit = useSelector(chat, (s) => (s ? selectExitStep(s) : 'idle'));
  const w = words(CHAT);
  if (chat && exit === 'calm') {
    return (
      <Suspense fallback={<Status role="status">{words(SHELL).loading}</Status>}>
        <CalmScreen chat={chat} />
      </Suspense>
    );
  }
  return (
    <ViewPage
      back={back === 'chat' ? 'events' : back}
      fill={!!(chat && partner)}
      intro={partner && name && <PersonActions chat={chat} partner={partner} name={name} />}
      title={
        partner && name ? (
          <Title>
            <Avatar name={name} photo={partner.is_anonymous ? null : partner.photo_data} anonymous={partner.is_anonymous} size={40} decorative />
            {w.chatWith(name)}
          </Title>
        ) : (
          w.title
        )
      }
    >
      {chat && partner ? (
        <Conversation chat={chat} partner={partner} />
      ) : (
        <Card>
          <p>{w.choose}</p>
          <Row>
            <Button onClick={() => app.send({ type: 'view.opened', view: 'mutual-connections' })}>{w.yourConnections}</Button>
            <Button $variant="secondary" onClick={() => app.send({ type: 'view.opened', view: 'events' })}>
              {w.events}
            </Button>
          </Row>
        </Card>
      )}
    </ViewPage>
  );
}

/**
 * Beside the person, as on their card (issue 16): "I need a break" in sight, and under More
 * (issue 39: a one-row header) Suggest a meeting, Report, and Block, which asks first.
 * Once they are blocked, Report alone (the sheet then offers no block).
 */
function PersonActions({ chat, partner, name }: { chat: ChatActorRef | undefined; partner: PublicUser; name: string }) {
  const step = useSelector(chat, (s) => (s ? selectBlockStep(s) : 'idle'));
  const exit = useSelector(chat, (s) => (s ? selectExitStep(s) : 'idle'));
  const rest = useSelector(chat, (s) => (s ? selectRestStep(s) : 'awake'));
  // A closing line is a message: offered only where one may be written.
  const mayWrite = useSelector(chat, (s) => (s ? !selectWriteClosed(s) && selectHistoryStatus(s) !== 'failed' : false));
  const app = AppActor.useActorRef();
  const w = words(CHAT);
  return (
    <>
      {chat && <MuteNote chat={chat} />}
      {chat && <RestingNote chat={chat} />}
      {chat && (rest === 'choosing' || rest === 'sending') && (
        <Suspense fallback={null}>
          <HeadingOffSheet chat={chat} />
        </Suspense>
      )}
      {chat && (exit === 'choosing' || exit === 'sending') && (
        <Suspense fallback={null}>
          <ExitSheet chat={chat} />
        </Suspense>
      )}
      <CardActions>
        {chat && step === 'idle' && mayWrite ? (
          <Button $small $variant="secondary" onClick={() => chat.send({ type: 'exit.opened' })}>
            {w.needBreak}
          </Button>
        ) : (
          <span />
        )}
        <MoreActions name={name}>
          {chat && step === 'idle' && mayWrite && rest === 'awake' && (
            <Button $small $variant="secondary" onClick={() => chat.send({ type: 'rest.opened' })}>
              {words(KIND_ENDINGS).button}
            </Button>
          )}
          {chat && step === 'idle' && mayWrite && (
            <Suspense fallback={null}>
              <SuggestMeeting partner={{ id: partner.id, name }} check small />
            </Suspense>
          )}
          <Button $small $variant="secondary" onClick={() => app.send(personReport({ id: partner.id, name }, step === 'blocked'))}>
            {w.report(name)}
          </Button>
          {chat && step === 'idle' && (
            <Button $small $variant="secondary" onClick={() => chat.send({ type: 'chat.blockRequested' })}>
              {w.block(name)}
            </Button>
          )}
        </MoreActions>
      </CardActions>
      {chat && (step === 'confirming' || step === 'blocking') && (
        <BlockConfirm
          person={partner}
          blocking={step === 'blocking'}
          onConfirm={() => chat.send({ type: 'chat.blockConfirmed' })}
          onCancel={() => chat.send({ type: 'chat.blockCancelled' })}
        />
      )}
    </>
  );
}

/** "Quiet until 15:30 · Unmute" while the user has muted this chat (issue 18). */
function MuteNote({ chat }: { chat: ChatActorRef }) {
  const until = useSelector(chat, selectMutedUntil);
  const unmuting = useSelector(chat, selectUnmuting);
  const error = useSelector(chat, (s) => (selectExitStep(s) === 'idle' ? s.context.exitError : null));
  if (!until) return null;
  const w = words(CHAT);
  return (
    <Quiet>
      <span>{w.quiet(breakUntil(until))}</span>
      <span aria-hidden="true">·</span>
      <Button $small $variant="link" disabled={unmuting} onClick={() => chat.send({ type: 'exit.unmuteRequested' })}>
        {unmuting ? w.unmuting : w.unmute}
      </Button>
      {error && <QuietProblem role="alert">{say(error)}</QuietProblem>}
    </Quiet>
  );
}

/** "This chat is resting" for both people (issue 43), with the way to wake it. */
function RestingNote({ chat }: { chat: ChatActorRef }) {
  const step = useSelector(chat, selectRestStep);
  const error = useSelector(chat, (s) => (selectRestStep(s) === 'resting' ? s.context.restError : null));
  if (step !== 'resting' && step !== 'waking') return null;
  const w = words(KIND_ENDINGS);
  return (
    <Quiet role="status">
      <strong>{w.resting}</strong>
      <span>{w.restingAbout}</span>
      <Button $small $variant="secondary" disabled={step === 'waking'} onClick={() => chat.send({ type: 'rest.wakeRequested' })}>
        {step === 'waking' ? w.waking : w.wake}
      </Button>
      {error && <QuietProblem role="alert">{say(error)}</QuietProblem>}
    </Quiet>
  );
}

function Conversation({ chat, partner }: { chat: ChatActorRef; partner: PublicUser }) {
  const status = useSelector(chat, selectHistoryStatus);
  const messages = useSelector(chat, (s) => s.context.messages);
  const iceBreakers = useSelector(chat, (s) => s.context.iceBreakers);
  const draft = useSelector(chat, (s) => s.context.draft);
  const hasOlder = useSelector(chat, selectHasOlder);
  const blocked = useSelector(chat, (s) => selectBlockStep(s) === 'blocked');
  const me = AppActor.useSelector((s) => s.context.user?.id ?? '');
  const outbox = AppActor.useSelector((s) => chartOf(s, 'outbox'));
  const refused = useSelector(outbox, (s) => (s ? selectRefusedFor(s, partner.id) : NO_REFUSED), samePending);
  const closed = useSelector(chat, selectWriteClosed);
  const name = shownName(displayName(partner));
  const w = words(CHAT);
  const log = words(CHAT_LOG);
  // Why no message can be sent here: the block; the server's own words for a refused one; else the general note.
  const detail = refused.at(-1)?.detail;
  const left = partner.name === FORMER_NAME && partner.is_anonymous;
  const refusal = blocked ? w.blocked(name) : detail ? say(detail) : closed ? (left ? w.partnerLeft : w.cannotWrite) : null;

  if (status === 'loading') return <Status role="status">{w.loading}</Status>;
  if (status === 'failed') {
    return (
      <Card>
        <p>{w.failed}</p>
        <Button onClick={() => chat.send({ type: 'chat.reloaded' })}>{words(SHELL).tryAgain}</Button>
      </Card>
    );
  }

  return (
    <>
      <PendingLog
        outbox={outbox}
        partnerId={partner.id}
        partnerName={name}
        refused={refused}
        closed={refusal !== null}
        blocked={blocked}
        messages={messages}
        me={me}
        label={w.messagesWith(name)}
        older={
          hasOlder ? (
            <Older>
              <Button $small $variant="secondary" disabled={status === 'loadingOlder'} onClick={() => chat.send({ type: 'chat.olderRequested' })}>
                {status === 'loadingOlder' ? words(SHELL).loading : log.loadOlder}
              </Button>
            </Older>
          ) : null
        }
      />
      {!refusal && iceBreakers.length > 0 && (
        <section aria-label={w.iceBreakers}>
          {/* Open while the conversation is empty, when a first line is hardest. */}
          <IceBreakers open={messages.length === 0}>
            <summary>{w.iceBreakers}</summary>
            <Muted>{w.iceBreakersHint}</Muted>
            <Breakers>
              {iceBreakers.map((b) => (
                <Breaker key={b.id} type="button" onClick={() => chat.send({ type: 'chat.iceBreakerChosen', iceBreakerId: b.id, text: say(suggestionOf(b)) })}>
                  {say(suggestionOf(b))}
                </Breaker>
              ))}
            </Breakers>
          </IceBreakers>
        </section>
      )}
      {refusal ? (
        // Focused as it replaces the block's question, so a screen reader hears that it is done.
        <Closed role="status" aria-label={w.closed} tabIndex={blocked ? -1 : undefined} ref={blocked ? focusOnMount : undefined}>
          {refusal}
        </Closed>
      ) : (
        <ChatInputForm
          tone="blue"
          label={log.messageTo(name)}
          value={draft}
          onChange={(value) => chat.send({ type: 'chat.draftChanged', draft: value })}
          onSend={() => chat.send({ type: 'chat.submitted' })}
        />
      )}
    </>
  );
}

/** The history plus the messages still in the outbox for this person, marked as pending (chatLines). */
function PendingLog({
  outbox,
  partnerId,
  partnerName,
  refused,
  closed,
  blocked,
  messages,
  me,
  label,
  older,
}: {
  outbox: ChatOutboxActorRef | undefined;
  partnerId: string;
  partnerName: string;
  refused: RefusedMessage[];
  /** No message can be sent here now: no ice breaker is suggested. */
  closed: boolean;
  /** The user blocked them here: their messages are still reported, and the sheet offers no block. */
  blocked: boolean;
  messages: ChatMessage[];
  me: string;
  label: string;
  older: ReactNode;
}) {
  const pending = useSelector(outbox, (s) => (s ? selectPendingFor(s, partnerId) : NO_PENDING), samePending);
  const waiting = useSelector(outbox, (s) => (s ? selectOutboxWaiting(s) : false));
  const app = AppActor.useActorRef();
  const w = words(CHAT);
  const entries = chatLines({ messages, pending, refused, me, waiting }).map(
    (l): LogEntry => ({
      key: l.key,
      mine: l.mine,
      author: l.mine ? words(CHAT_LOG).you : partnerName,
      text: l.text,
      time: l.time,
      kind: l.iceBreaker ? w.iceBreaker : undefined,
      pendingNote: l.pending ? w.pending[l.pending] : undefined,
      report: l.mine ? undefined : () => app.send(messageReport({ id: l.key, text: l.text }, { id: partnerId, name: partnerName }, blocked)),
    }),
  );
  return (
    <MessageLog
      label={label}
      entries={entries}
      older={older}
      empty={closed ? w.noMessages : w.noMessagesYet}
    />
  );
}

/** In place of the input when no message can be sent: calm, not an error. */
const Closed = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.medium};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.text};
  &:focus { outline: none; }
`;

const Quiet = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const QuietProblem = styled.span`
  flex-basis: 100%;
  color: ${({ theme }) => theme.colors.danger};
`;

const Older = styled.div`
  display: flex;
  justify-content: center;
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

/** Between the log and the composer; open, at most a third of the screen, scrolling by itself. */
const IceBreakers = styled.details`
  max-height: 35dvh;
  overflow-y: auto;
  summary {
    padding: ${({ theme }) => theme.space(1)} 0 ${({ theme }) => theme.space(2)};
    font-weight: ${({ theme }) => theme.font.weight.bold};
    cursor: pointer;
  }
`;

const Breakers = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const Breaker = styled.button`
  min-height: ${({ theme }) => theme.touchTarget};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  text-align: left;
  border-radius: ${({ theme }) => theme.radius.medium};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.infoSurface};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surface}; }
`;

const Title = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;
