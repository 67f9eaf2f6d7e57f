import { useSelector } from '@xstate/react';
import { useId } from 'react';
import styled from 'styled-components';
import type { ConnectionRequestActorRef } from '../../machines/people/connection-request.machine';
import { ModalForm } from './Modal';
import { TextAreaField } from './form';
import { shownName } from './people';
import { say, words } from '../i18n/i18n';
import { PERSON_CARD } from '../i18n/en/person-card';

/**
 * The Connect composer (SPEC 2 "Attendee cards": Connect opens a modal with an optional
 * message). Shown while the card's connection-request chart is composing or sending.
 */
export function ConnectModal({ connection }: { connection: ConnectionRequestActorRef }) {
  const name = useSelector(connection, (s) => s.context.otherName);
  const message = useSelector(connection, (s) => s.context.message);
  const error = useSelector(connection, (s) => s.context.error);
  const sending = useSelector(connection, (s) => s.matches('sending'));
  const id = useId();
  const w = words(PERSON_CARD);
  return (
    <ModalForm
      title={w.connectWith(shownName(name))}
      about={w.connectAbout}
      submit={[w.send, w.sending]}
      dismiss={w.cancel}
      busy={sending}
      onSubmit={() => connection.send({ type: 'connection.submitted' })}
      onCancel={() => connection.send({ type: 'connection.composeCancelled' })}
    >
      <TextAreaField
        id={`${id}-message`}
        label={w.message}
        hint={w.messageHint}
        value={message}
        onChange={(value) => connection.send({ type: 'connection.messageChanged', message: value })}
      />
      {/* The server's detail, or SPEC 8's message, in the language shown. */}
      {error && <Problem role="alert">{say(error)}</Problem>}
    </ModalForm>
  );
}

const Problem = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.dangerSurface};
  color: ${({ theme }) => theme.colors.danger};
`;
