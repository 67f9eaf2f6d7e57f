import { useSelector } from '@xstate/react';
import { useId } from 'react';
import styled from 'styled-components';
import { CLOSING_LINES, MUTE_LENGTHS } from '../../contract/exit-plan';
import { selectExitStep, type ChatActorRef } from '../../machines/chat/chat.machine';
import { Choice, Fieldset, FormError } from './form';
import { ModalForm } from './Modal';
import { words } from '../i18n/i18n';
import { EXIT_PLAN } from '../i18n/en/exit-plan';

/** The sheet's form id, for its error's place on the page. */
export const EXIT_FORM = 'exit-plan';

/**
 * "I need a break" (issue 18 item 3): a kind closing line, shown in full, and how long to
 * keep the chat quiet. The choice, the sending and what went wrong live in the chat chart.
 */
export default function ExitSheet({ chat }: { chat: ChatActorRef }) {
  const choice = useSelector(chat, (s) => s.context.exitChoice);
  const error = useSelector(chat, (s) => s.context.exitError);
  const sending = useSelector(chat, (s) => selectExitStep(s) === 'sending');
  const id = useId();
  const w = words(EXIT_PLAN);
  return (
    <ModalForm
      title={w.sheetTitle}
      about={w.sheetAbout}
      submit={[w.submit, w.submitting]}
      dismiss={w.cancel}
      busy={sending}
      onSubmit={() => chat.send({ type: 'exit.submitted' })}
      onCancel={() => chat.send({ type: 'exit.cancelled' })}
    >
      <Fieldset>
        <legend>{w.linesLegend}</legend>
        <Lines>
          {CLOSING_LINES.map((line) => (
            <Choice
              key={line.id}
              id={`${id}-${line.id}`}
              type="radio"
              name={`${id}-line`}
              value={line.id}
              label={line.text}
              checked={choice.lineId === line.id}
              onChange={() => chat.send({ type: 'exit.lineChosen', lineId: line.id })}
            />
          ))}
        </Lines>
      </Fieldset>
      <Fieldset>
        <legend>{w.lengthLegend}</legend>
        {MUTE_LENGTHS.map((length) => (
          <Choice
            key={length.minutes}
            id={`${id}-${length.minutes}`}
            type="radio"
            name={`${id}-length`}
            value={String(length.minutes)}
            label={w.lengths[length.minutes]}
            checked={choice.minutes === length.minutes}
            onChange={() => chat.send({ type: 'exit.lengthChosen', minutes: length.minutes })}
          />
        ))}
      </Fieldset>
      <FormError form={EXIT_FORM} message={error} />
    </ModalForm>
  );
}

/** Each line is a full sentence: a little room between them. */
const Lines = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
`;
