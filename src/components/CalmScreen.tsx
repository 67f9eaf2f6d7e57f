import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { selectMutedUntil, selectUnmuting, type ChatActorRef } from '../../machines/chat/chat.machine';
import { AppActor } from '../appContext';
import { breakUntil } from './format';
import { Button, Card, Page, Row } from './ui';
import { say, words } from '../i18n/i18n';
import { EXIT_PLAN } from '../i18n/en/exit-plan';

const focusOnMount = (el: HTMLElement | null) => el?.focus();

/**
 * After "I need a break" (issue 18 item 3): a calm screen in place of the conversation —
 * the line that was sent, until when the chat is quiet, Back to chats and Unmute now.
 */
export default function CalmScreen({ chat }: { chat: ChatActorRef }) {
  const line = useSelector(chat, (s) => s.context.sentLine);
  const until = useSelector(chat, selectMutedUntil);
  const unmuting = useSelector(chat, selectUnmuting);
  const error = useSelector(chat, (s) => s.context.exitError);
  const app = AppActor.useActorRef();
  const w = words(EXIT_PLAN);
  return (
    <Page>
      {/* Focused as it replaces the chat, so a screen reader starts here. */}
      <Heading tabIndex={-1} ref={focusOnMount}>
        {w.calmHeading}
      </Heading>
      <Calm>
        {line && (
          <>
            <p>{w.calmSent}</p>
            <Sent>{line}</Sent>
          </>
        )}
        <p role="status">{until ? w.quietUntil(breakUntil(until)) : w.unmuted}</p>
        {error && <Problem role="alert">{say(error)}</Problem>}
        <Row>
          <Button onClick={() => app.send({ type: 'view.opened', view: 'chats' })}>{w.backToChats}</Button>
          {until ? (
            <Button $variant="secondary" disabled={unmuting} onClick={() => chat.send({ type: 'exit.unmuteRequested' })}>
              {unmuting ? w.unmuting : w.unmute}
            </Button>
          ) : (
            <Button $variant="secondary" onClick={() => chat.send({ type: 'exit.calmClosed' })}>
              {w.backToChat}
            </Button>
          )}
        </Row>
      </Calm>
    </Page>
  );
}

const Heading = styled.h1`
  margin-top: ${({ theme }) => theme.space(6)};
  text-align: center;
  &:focus { outline: none; }
`;

const Calm = styled(Card)`
  max-width: 28rem;
  margin: ${({ theme }) => theme.space(4)} auto 0;
  p { margin: 0 0 ${({ theme }) => theme.space(3)}; }
`;

/** The line as it was sent: quoted, quiet. */
const Sent = styled.blockquote`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-left: 4px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.infoSurface};
  color: ${({ theme }) => theme.colors.text};
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
