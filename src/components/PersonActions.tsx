/**
 * What every person card offers (issue 39 item 3): one primary action, as where the two
 * stand calls for it (SPEC 2 "Attendee cards": Chat, Request Sent, Check Request, Connect),
 * and the rest behind one More button, so a card is read before it is acted on.
 */
import { useSelector } from '@xstate/react';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import type { PublicUser } from '../../contract/common';
import { selectComposerOpen, selectConnectionButton, type ConnectionRequestActorRef } from '../../machines/people/connection-request.machine';
import { AppActor } from '../appContext';
import { ConnectModal } from './ConnectModal';
import { Button } from './ui';
import { words } from '../i18n/i18n';
import { PERSON_CARD } from '../i18n/en/person-card';

/**
 * The one button a card leads with: Chat once connected (when they take messages now),
 * otherwise Connect and what became of it. The Connect composer opens from here.
 */
export function PrimaryAction({ connection, partner, writable }: { connection: ConnectionRequestActorRef; partner: PublicUser; writable: boolean }) {
  const button = useSelector(connection, selectConnectionButton);
  const composing = useSelector(connection, selectComposerOpen);
  const app = AppActor.useActorRef();
  const w = words(PERSON_CARD);
  const disabled = (label: string) => (
    <Button type="button" $small $variant="secondary" disabled>
      {label}
    </Button>
  );
  return (
    <>
      {button === 'chat' && writable ? (
        <Button type="button" $small onClick={() => app.send({ type: 'chat.opened', partner })}>
          {w.chat}
        </Button>
      ) : button === 'chat' ? (
        disabled(w.connected)
      ) : button === 'requestSent' ? (
        disabled(w.requestSent)
      ) : button === 'noAnswer' ? (
        disabled(w.noAnswer)
      ) : button === 'checkRequest' ? (
        <Button type="button" $small $variant="purple" onClick={() => app.send({ type: 'view.opened', view: 'connection-requests' })}>
          {w.checkRequest}
        </Button>
      ) : (
        <Button type="button" $small $variant="purple" disabled={button === 'sending'} onClick={() => connection.send({ type: 'connection.composeOpened' })}>
          {w.connect}
        </Button>
      )}
      {composing && <ConnectModal connection={connection} />}
    </>
  );
}

/**
 * More (the disclosure pattern): a button named for whose card it is ("More for Sam"),
 * aria-expanded and aria-controls, opening the card's other actions under it. Escape
 * closes it and gives focus back to the button. Whether it is open matters to nothing
 * but this card's looks, like a native <details>, so it is kept here rather than in a chart.
 */
export function MoreActions({ name, children }: { name: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const w = words(PERSON_CARD);
  const onKeyDown = (e: KeyboardEvent) => {
    // A sheet opened from here (a portal) sends its own Escape through React: not ours.
    if (e.key !== 'Escape' || !open || !e.currentTarget.contains(e.target as Node)) return;
    e.preventDefault();
    setOpen(false);
    button.current?.focus();
  };
  return (
    <MoreBox onKeyDown={onKeyDown}>
      <Button
        ref={button}
        type="button"
        $small
        $variant="secondary"
        aria-expanded={open}
        aria-controls={`${id}-more`}
        aria-label={w.moreFor(name)}
        onClick={() => setOpen(!open)}
      >
        {w.more} <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </Button>
      <MoreList id={`${id}-more`} role="group" aria-label={w.moreFor(name)} hidden={!open}>
        {open && children}
      </MoreList>
    </MoreBox>
  );
}

/** The primary action beside More on one row; More's actions open under both, the whole width. */
export const CardActions = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(2)};
  button { min-height: ${({ theme }) => theme.touchTarget}; padding: 0 ${({ theme }) => theme.space(3)}; }
`;

const MoreBox = styled.div`
  display: contents;
`;

const MoreList = styled.div`
  grid-column: 1 / -1;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 8rem), 1fr));
  gap: ${({ theme }) => theme.space(2)};
  &[hidden] { display: none; }
`;
