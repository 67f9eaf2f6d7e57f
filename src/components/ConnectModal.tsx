import { useSelector } from '@xstate/react';
import { useId } from 'react';
import styled from 'styled-components';
import type { ConnectionRequestActorRef } from '../../machines/connection-request.machine';
import { ModalForm } from './Modal';
import { TextAreaField } from './form';

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
  return (
    <ModalForm
      title={`Connect with ${name}`}
      about="They can accept when they're ready. If they'd rather not, nobody is told."
      submit={['Send', 'Sending…']}
      busy={sending}
      onSubmit={() => connection.send({ type: 'connection.submitted' })}
      onCancel={() => connection.send({ type: 'connection.composeCancelled' })}
    >
      <TextAreaField
        id={`${id}-message`}
        label="Message (optional)"
        hint="A line about why you'd like to connect can make it easier to say yes."
        value={message}
        onChange={(value) => connection.send({ type: 'connection.messageChanged', message: value })}
      />
      {error && <Problem role="alert">{error}</Problem>}
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
