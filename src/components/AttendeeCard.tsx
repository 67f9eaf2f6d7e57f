import { useSelector } from '@xstate/react';
import { useId } from 'react';
import styled from 'styled-components';
import type { PublicUser } from '../../contract/common';
import type { AttendeeWithPhoto } from '../../contract/social';
import type { AttendeeSlot } from '../../machines/event/attendees.machine';
import { selectComposerOpen, selectConnectionButton } from '../../machines/people/connection-request.machine';
import { personReport } from '../../machines/safety/report-target';
import { AppActor } from '../appContext';
import { ConnectModal } from './ConnectModal';
import { Avatar, Interests, PersonCard, PersonHead, PersonWho, shownName } from './people';
import { Button, Muted } from './ui';
import { words } from '../i18n/i18n';
import { PERSON_CARD } from '../i18n/en/person-card';

/** The attendee as a chat partner: what the chat and contact exchange need to know. */
export const partnerOf = (a: AttendeeWithPhoto): PublicUser => ({
  id: a.id,
  username: a.username,
  name: a.name,
  age: a.age,
  occupation: a.occupation,
  interests: a.interests,
  social_preferences: [],
  personality_traits: [],
  communication_style: a.communication_style,
  photo_data: a.photo_data,
  is_anonymous: a.username === null,
});

/**
 * One attendee (SPEC 2 "Attendee cards"): photo, name, occupation, three interests then
 * '+N more', the one button their connection status calls for, and Report (issue 16).
 */
export function AttendeeCard({ slot }: { slot: AttendeeSlot }) {
  const { attendee, connection } = slot;
  const button = useSelector(connection, selectConnectionButton);
  const composing = useSelector(connection, selectComposerOpen);
  const app = AppActor.useActorRef();
  const id = useId();
  const w = words(PERSON_CARD);
  const name = shownName(attendee.name);
  const facts = [attendee.occupation, attendee.age !== null ? `${attendee.age}` : null, w.styles[attendee.communication_style]]
    .filter(Boolean)
    .join(' · ');
  return (
    <PersonCard aria-labelledby={`${id}-name`}>
      <PersonHead>
        <Avatar name={name} photo={attendee.photo_data} anonymous={attendee.username === null} decorative />
        <PersonWho>
          <h2 id={`${id}-name`}>{name}</h2>
          {attendee.username && <Muted>@{attendee.username}</Muted>}
          {facts && <Muted>{facts}</Muted>}
        </PersonWho>
      </PersonHead>
      <Interests interests={attendee.interests} />
      <Action>
        {button === 'chat' && <Button onClick={() => app.send({ type: 'chat.opened', partner: partnerOf(attendee) })}>{w.chat}</Button>}
        {button === 'requestSent' && <Button disabled $variant="secondary">{w.requestSent}</Button>}
        {button === 'noAnswer' && <Button disabled $variant="secondary">{w.noAnswer}</Button>}
        {button === 'checkRequest' && (
          <Button $variant="purple" onClick={() => app.send({ type: 'view.opened', view: 'connection-requests' })}>
            {w.checkRequest}
          </Button>
        )}
        {(button === 'connect' || button === 'sending') && (
          <Button $variant="purple" disabled={button === 'sending'} onClick={() => connection.send({ type: 'connection.composeOpened' })}>
            {w.connect}
          </Button>
        )}
        <Button $variant="secondary" aria-label={w.reportPerson(name)} onClick={() => app.send(personReport({ id: attendee.id, name }))}>
          {w.report}
        </Button>
      </Action>
      {composing && <ConnectModal connection={connection} />}
    </PersonCard>
  );
}




const Action = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  button { flex: 1; min-height: ${({ theme }) => theme.touchTarget}; }
  button:last-child { flex: none; }
`;
