import { useId } from 'react';
import styled from 'styled-components';
import type { PublicUser } from '../../contract/common';
import { blockQuestion, displayName } from '../../machines/safety/block';
import { Button, Row } from './ui';
import { shownName } from './people';
import { say, words } from '../i18n/i18n';
import { BLOCK_CONFIRM } from '../i18n/en/block-confirm';

/**
 * Block asks first, on a person's card and in a chat's header: the question, then Block or
 * Cancel. The calm choice has focus, so a stray Enter blocks nobody.
 */
export function BlockConfirm({
  person,
  blocking,
  onConfirm,
  onCancel,
}: {
  person: PublicUser;
  /** The block is on its way: both buttons wait. */
  blocking: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const w = words(BLOCK_CONFIRM);
  return (
    <Confirm role="alertdialog" aria-modal="false" aria-labelledby={`${id}-block`}>
      <p id={`${id}-block`}>{say(blockQuestion(person))}</p>
      <Row>
        <Button type="button" $small $variant="danger" disabled={blocking} onClick={onConfirm}>
          {blocking ? w.blocking : w.blockPerson(shownName(displayName(person)))}
        </Button>
        <Button type="button" $small $variant="secondary" autoFocus disabled={blocking} onClick={onCancel}>
          {w.cancel}
        </Button>
      </Row>
    </Confirm>
  );
}

const Confirm = styled.div`
  margin-top: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.dangerSurface};
  p { margin: 0 0 ${({ theme }) => theme.space(2)}; }
`;
