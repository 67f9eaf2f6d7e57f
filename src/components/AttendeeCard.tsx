import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { PublicUser } from '../../contract/common';
import type { AttendeeWithPhoto } from '../../contract/social';
import type { AttendeeSlot } from '../../machines/event/attendees.machine';
import { selectConnectionButton } from '../../machines/people/connection-request.machine';
import { personReport } from '../../machines/safety/report-target';
import { selectBlockStep } from '../../machines/safety/person-block.machine';
import { AppActor } from '../appContext';
import { BlockConfirm } from './BlockConfirm';
import { CardActions, MoreActions, PrimaryAction } from './PersonActions';
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
 * '+N more', the one button their connection status calls for, and More with Chat (until
 * connected), Exchange, Block (asked first) and Report: the same actions, words and More as
 * the people nearby (issue 39).
 */
export function AttendeeCard({ slot }: { slot: AttendeeSlot }) {
  const { attendee, connection, block } = slot;
  const partner = partnerOf(attendee);
  const connected = useSelector(connection, (c) => selectConnectionButton(c) === 'chat');
  const blockStep = useSelector(block, selectBlockStep);
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
      {blockStep === 'idle' ? (
        <CardActions>
          <PrimaryAction connection={connection} partner={partner} writable />
          <MoreActions name={name}>
            {!connected && (
              <Button type="button" $small $variant="secondary" onClick={() => app.send({ type: 'chat.opened', partner })}>
                {w.chat}
              </Button>
            )}
            <Button type="button" $small $variant="secondary" onClick={() => app.send({ type: 'contactExchange.opened', partner })}>
              {w.exchange}
            </Button>
            <Button type="button" $small $variant="secondary" onClick={() => block.send({ type: 'card.blockRequested' })}>
              {w.block}
            </Button>
            <Button type="button" $small $variant="secondary" aria-label={w.reportPerson(name)} onClick={() => app.send(personReport({ id: attendee.id, name }))}>
              {w.report}
            </Button>
          </MoreActions>
        </CardActions>
      ) : (
        <BlockConfirm
          person={partner}
          blocking={blockStep === 'blocking'}
          onConfirm={() => block.send({ type: 'card.blockConfirmed' })}
          onCancel={() => block.send({ type: 'card.blockCancelled' })}
        />
      )}
    </PersonCard>
  );
}

