import { useSelector } from '@xstate/react';
import { useId } from 'react';
import styled from 'styled-components';
import { HEADING_OFF_LINES } from '../../contract/kind-endings';
import { selectRestStep, type ChatActorRef } from '../../machines/chat/chat.machine';
import { Modal, DialogAbout } from './Modal';
import { Button } from './ui';
import { say, shownLanguage, words } from '../i18n/i18n';
import { KIND_ENDINGS } from '../i18n/en/kind-endings';

/**
 * "I'm heading off" (issue 43 item 5): short, warm closing lines; one tap sends one, in the
 * language shown, and rests the chat for both. Sending and what went wrong live in the chat chart.
 */
export default function HeadingOffSheet({ chat }: { chat: ChatActorRef }) {
  const sending = useSelector(chat, (s) => selectRestStep(s) === 'sending');
  const error = useSelector(chat, (s) => s.context.restError);
  const id = useId();
  const w = words(KIND_ENDINGS);
  const cancel = () => {
    if (!sending) chat.send({ type: 'rest.cancelled' });
  };
  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-about`} onClose={cancel}>
      <h2 id={`${id}-title`}>{w.sheetTitle}</h2>
      <DialogAbout id={`${id}-about`}>{w.sheetAbout}</DialogAbout>
      <Lines>
        {HEADING_OFF_LINES.map((line) => (
          <Line
            key={line.id}
            type="button"
            $variant="secondary"
            disabled={sending}
            onClick={() => chat.send({ type: 'rest.lineChosen', lineId: line.id, language: shownLanguage() })}
          >
            {w.lines[line.id]}
          </Line>
        ))}
      </Lines>
      {sending && <p role="status">{w.sending}</p>}
      {error && <Problem role="alert">{say(error)}</Problem>}
      <Button type="button" $variant="link" disabled={sending} onClick={cancel}>
        {w.cancel}
      </Button>
    </Modal>
  );
}

const Lines = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(3)} 0;
`;

/** A whole sentence on a button: left-aligned, wrapping. */
const Line = styled(Button)`
  text-align: start;
  white-space: normal;
  min-height: 44px;
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;
