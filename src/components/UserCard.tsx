import { useSelector } from '@xstate/react';
import { lazy, Suspense, useId } from 'react';
import styled from 'styled-components';
import {
  selectComposerOpen,
  selectConnectionButton,
  type ConnectionRequestActorRef,
} from '../../machines/people/connection-request.machine';
import { personReport } from '../../machines/safety/report-target';
import { displayName, mayWrite, type UserCardActorRef } from '../../machines/people/user-card.machine';
import { AppActor } from '../appContext';
import { BlockConfirm } from './BlockConfirm';
import { ConnectModal } from './ConnectModal';
import { BatteryIndicator } from './BatteryIndicator';
import { CompatibilityBadge } from './CompatibilityBadge';
import { Avatar, Interests, PersonCard, PersonHead, PersonWho, shownName } from './people';
import { Button, Muted } from './ui';
import { say, words } from '../i18n/i18n';
import { reasonsOf, suggestionOf } from '../../machines/people/card-words';
import { PERSON_CARD } from '../i18n/en/person-card';

/**
 * A person (SPEC 2 "User card"): name, occupation, the first three interests, battery,
 * compatibility, Details with the reasons and ice breakers, and Chat, Connect, Exchange,
 * Block and Report. What a search result lacks (compatibility, battery) is simply not shown.
 */
// "Suggest a meeting" (issue 19) is a chunk of its own, fetched for a connection's card only.
const SuggestMeeting = lazy(() => import('./SuggestMeeting'));

export function UserCard({ card }: { card: UserCardActorRef }) {
  const person = useSelector(card, (s) => s.context.person);
  const detailsShown = useSelector(card, (s) => s.matches({ details: 'shown' }));
  const block = useSelector(card, (s) =>
    s.matches({ block: 'confirming' }) ? 'confirming' : s.matches({ block: 'blocking' }) ? 'blocking' : 'idle',
  );
  const connection = useSelector(card, (s) => s.context.connection);
  const connected = useSelector(connection, (s) => selectConnectionButton(s) === 'chat');
  const app = AppActor.useActorRef();
  const id = useId();
  const { user, compatibility, ice_breakers, social_battery } = person;
  const writable = mayWrite(person);
  const name = shownName(displayName(user));
  const w = words(PERSON_CARD);

  return (
    <PersonCard aria-labelledby={`${id}-name`}>
      <PersonHead>
        <Avatar name={name} photo={user.is_anonymous ? null : user.photo_data} anonymous={user.is_anonymous} decorative />
        <PersonWho>
          <h3 id={`${id}-name`}>{name}</h3>
          {!user.is_anonymous && user.occupation && <Muted>{user.occupation}</Muted>}
          {social_battery !== null && <BatteryIndicator level={social_battery} />}
          {compatibility && <CompatibilityBadge score={compatibility.overall_score} />}
        </PersonWho>
      </PersonHead>
      {person.recharging && <Recharging>{w.recharging}</Recharging>}

      <Interests interests={user.interests} />

      {(compatibility || ice_breakers.length > 0) && (
        <>
          <Button
            type="button"
            $variant="link"
            aria-expanded={detailsShown}
            aria-controls={`${id}-details`}
            onClick={() => card.send({ type: 'card.detailsToggled' })}
          >
            {w.details} <span aria-hidden="true">{detailsShown ? '▴' : '▾'}</span>
          </Button>
          {detailsShown && (
            <Details id={`${id}-details`}>
              <h4>{w.whyConnect}</h4>
              {compatibility && compatibility.compatibility_reasons.length > 0 ? (
                <ul aria-label={w.reasons}>
                  {/* The server's reasons and ice breakers, in the language shown. */}
                  {reasonsOf(compatibility).map((reason) => (
                    <li key={reason.message}>{say(reason)}</li>
                  ))}
                </ul>
              ) : (
                <Muted>{w.nothingInCommon}</Muted>
              )}
              {ice_breakers.length > 0 && (
                <>
                  <h4>{w.iceBreakers}</h4>
                  <ul aria-label={w.iceBreakers}>
                    {ice_breakers.map((b) => (
                      <li key={b.id}>{say(suggestionOf(b))}</li>
                    ))}
                  </ul>
                </>
              )}
            </Details>
          )}
        </>
      )}

      {/* Issue 16: no Chat or Exchange where the person takes no messages from the viewer now. */}
      {block === 'idle' && !writable && <Muted>{w.writeLater}</Muted>}
      {block === 'idle' ? (
        <Actions>
          {writable && (
            <Button type="button" $small onClick={() => app.send({ type: 'chat.opened', partner: user })}>
              {w.chat}
            </Button>
          )}
          <ConnectButton connection={connection} />
          {writable && (
            <Button type="button" $small $variant="secondary" onClick={() => app.send({ type: 'contactExchange.opened', partner: user })}>
              {w.exchange}
            </Button>
          )}
          <Button type="button" $small $variant="secondary" onClick={() => card.send({ type: 'card.blockRequested' })}>
            {w.block}
          </Button>
          <Button type="button" $small $variant="secondary" aria-label={w.reportPerson(name)} onClick={() => app.send(personReport({ id: user.id, name }))}>
            {w.report}
          </Button>
        </Actions>
      ) : (
        <BlockConfirm
          person={user}
          blocking={block === 'blocking'}
          onConfirm={() => card.send({ type: 'card.blockConfirmed' })}
          onCancel={() => card.send({ type: 'card.blockCancelled' })}
        />
      )}
      {block === 'idle' && connected && writable && (
        <Suspense fallback={null}>
          <Meet>
            <SuggestMeeting partner={{ id: user.id, name }} />
          </Meet>
        </Suspense>
      )}
    </PersonCard>
  );
}

/**
 * Connect from a card, at an event or in search results: the same composer as the
 * attendees view. Where the two already stand shows as the list knows it (Request Sent,
 * Check Request, Connected), or once the server has answered a request.
 */
function ConnectButton({ connection }: { connection: ConnectionRequestActorRef }) {
  const button = useSelector(connection, selectConnectionButton);
  const composing = useSelector(connection, selectComposerOpen);
  const app = AppActor.useActorRef();
  const w = words(PERSON_CARD);
  return (
    <>
      {button === 'requestSent' ? (
        <Button type="button" $small $variant="secondary" disabled>
          {w.requestSent}
        </Button>
      ) : button === 'noAnswer' ? (
        <Button type="button" $small $variant="secondary" disabled>
          {w.noAnswer}
        </Button>
      ) : button === 'chat' ? (
        <Button type="button" $small $variant="secondary" disabled>
          {w.connected}
        </Button>
      ) : button === 'checkRequest' ? (
        <Button type="button" $small $variant="purple" onClick={() => app.send({ type: 'view.opened', view: 'connection-requests' })}>
          {w.checkRequest}
        </Button>
      ) : (
        <Button
          type="button"
          $small
          $variant="purple"
          disabled={button === 'sending'}
          onClick={() => connection.send({ type: 'connection.composeOpened' })}
        >
          {w.connect}
        </Button>
      )}
      {composing && <ConnectModal connection={connection} />}
    </>
  );
}





const Details = styled.div`
  margin: ${({ theme }) => theme.space(2)} 0;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.infoSurface};
  h4 { margin: 0 0 ${({ theme }) => theme.space(1)}; }
  ul { margin: 0 0 ${({ theme }) => theme.space(2)}; padding-left: ${({ theme }) => theme.space(5)}; }
`;

/** Suggest a meeting: the whole width, under the ways to reach out. */
const Meet = styled.div`
  display: grid;
  margin-top: ${({ theme }) => theme.space(2)};
  button { min-height: ${({ theme }) => theme.touchTarget}; }
`;

const Actions = styled.div`
  display: grid;
  /* Three a row: Block and Report sit side by side under the ways to reach out. */
  /* Three to a row on a phone; fewer at large text, never off the screen. */
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 5.5rem), 1fr));
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(2)};
  button { min-height: ${({ theme }) => theme.touchTarget}; padding: 0 ${({ theme }) => theme.space(1)}; }
`;

/** Said plainly on the card of someone in a quiet zone (issue 18), in the calm colours of a safe space. */
const Recharging = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.medium};
  border: 1px solid ${({ theme }) => theme.colors.success};
  background: ${({ theme }) => theme.colors.successSurface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
`;
