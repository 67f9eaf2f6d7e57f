import { useSelector } from '@xstate/react';
import { lazy, Suspense, useId } from 'react';
import styled from 'styled-components';
import { selectConnectionButton } from '../../machines/people/connection-request.machine';
import { openingMoveReport, personReport } from '../../machines/safety/report-target';
import { displayName, mayWrite, type UserCardActorRef } from '../../machines/people/user-card.machine';
import { AppActor } from '../appContext';
import { BlockConfirm } from './BlockConfirm';
import { CardActions, MoreActions, PrimaryAction } from './PersonActions';
import { BatteryIndicator } from './BatteryIndicator';
import { CompatibilityBadge } from './CompatibilityBadge';
import { Avatar, Interests, PersonCard, PersonHead, PersonWho, shownName } from './people';
import { Button, Muted, Row } from './ui';
import { OPENING_MOVE_ANSWER_MAX } from '../../contract/opening-move-words';
import { say, words } from '../i18n/i18n';
import { reasonsOf, suggestionOf } from '../../machines/people/card-words';
import { PERSON_CARD } from '../i18n/en/person-card';

/**
 * A person (SPEC 2 "User card"): name, occupation, the first three interests, battery,
 * compatibility, how far as a band ("Close by") when both share their location, Details
 * with the reasons and ice breakers, one primary action (Chat or Connect), and More with the rest: Chat while not connected, Exchange, Suggest a meeting,
 * Block and Report (issue 39). What a search result lacks (compatibility, battery) is not shown.
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
          {/* A band in words, never metres (issue 40). */}
          {person.distance_band && <Muted>{w.distance[person.distance_band]}</Muted>}
        </PersonWho>
      </PersonHead>
      {person.recharging && <Recharging>{w.recharging}</Recharging>}
      {/* Issue 43: a calm badge, in words, never a colour alone. */}
      {person.open_to_hello && !person.recharging && <Hello>{w.openToHello}</Hello>}

      <Interests interests={user.interests} />

      {(person.opening_moves ?? []).length > 0 && <OpeningMoves card={card} name={name} userId={user.id} />}

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
        <CardActions>
          <PrimaryAction connection={connection} partner={user} writable={writable} />
          <MoreActions name={name}>
            {writable && !connected && (
              <Button type="button" $small $variant="secondary" onClick={() => app.send({ type: 'chat.opened', partner: user })}>
                {w.chat}
              </Button>
            )}
            {writable && (
              <Button type="button" $small $variant="secondary" onClick={() => app.send({ type: 'contactExchange.opened', partner: user })}>
                {w.exchange}
              </Button>
            )}
            {connected && writable && (
              <Suspense fallback={null}>
                <SuggestMeeting partner={{ id: user.id, name }} small />
              </Suspense>
            )}
            <Button type="button" $small $variant="secondary" onClick={() => card.send({ type: 'card.blockRequested' })}>
              {w.block}
            </Button>
            <Button type="button" $small $variant="secondary" aria-label={w.reportPerson(name)} onClick={() => app.send(personReport({ id: user.id, name }))}>
              {w.report}
            </Button>
          </MoreActions>
        </CardActions>
      ) : (
        <BlockConfirm
          person={user}
          blocking={block === 'blocking'}
          onConfirm={() => card.send({ type: 'card.blockConfirmed' })}
          onCancel={() => card.send({ type: 'card.blockCancelled' })}
        />
      )}
    </PersonCard>
  );
}

/** A person's opening moves (issue 43): each prompt with Answer, which opens a short form under it, and a way to report it. */
function OpeningMoves({ card, name, userId }: { card: UserCardActorRef; name: string; userId: string }) {
  const moves = useSelector(card, (s) => s.context.person.opening_moves ?? []);
  const eventId = useSelector(card, (s) => s.context.eventId);
  const answer = useSelector(card, (s) => s.context.answer);
  const sending = useSelector(card, (s) => s.matches({ answer: 'sending' }));
  const open = useSelector(card, (s) => !s.matches({ answer: 'closed' }));
  const app = AppActor.useActorRef();
  const id = useId();
  const w = words(PERSON_CARD);
  return (
    <Moves aria-label={w.openingMoves}>
      <h4>{w.openingMoves}</h4>
      <ul>
        {moves.map((m) => (
          <li key={m.id}>
            <q>{m.text}</q>
            {open && answer.move?.id === m.id ? (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  card.send({ type: 'card.answerSent' });
                }}
              >
                <label htmlFor={`${id}-${m.id}`}>{w.answerTo(m.text)}</label>
                <textarea
                  id={`${id}-${m.id}`}
                  rows={2}
                  maxLength={OPENING_MOVE_ANSWER_MAX}
                  value={answer.draft}
                  aria-describedby={`${id}-${m.id}-hint`}
                  onChange={(e) => card.send({ type: 'card.answerChanged', value: e.target.value })}
                />
                <small id={`${id}-${m.id}-hint`}>{w.answerHint}</small>
                <Row>
                  <Button type="submit" $small disabled={sending}>
                    {sending ? w.sending : w.send}
                  </Button>
                  <Button type="button" $small $variant="secondary" disabled={sending} onClick={() => card.send({ type: 'card.answerCancelled' })}>
                    {w.cancel}
                  </Button>
                </Row>
              </form>
            ) : (
              <Row>
                {eventId !== null && (
                  <Button type="button" $small $variant="secondary" aria-label={w.answerTo(m.text)} onClick={() => card.send({ type: 'card.answerOpened', moveId: m.id })}>
                    {w.answer}
                  </Button>
                )}
                <Button type="button" $small $variant="link" aria-label={w.reportMove(m.text)} onClick={() => app.send(openingMoveReport(m, { id: userId, name }))}>
                  {w.report}
                </Button>
              </Row>
            )}
          </li>
        ))}
      </ul>
      {/* Said politely when it changes: sent, or why not. */}
      <p role="status" aria-live="polite">{answer.said ? say(answer.said) : ''}</p>
    </Moves>
  );
}

const Moves = styled.section`
  margin: ${({ theme }) => theme.space(2)} 0;
  h4 { margin: 0 0 ${({ theme }) => theme.space(1)}; }
  ul { list-style: none; margin: 0; padding: 0; }
  li { margin-bottom: ${({ theme }) => theme.space(2)}; }
  q { display: block; font-style: italic; overflow-wrap: anywhere; }
  form { display: grid; gap: ${({ theme }) => theme.space(1)}; margin-top: ${({ theme }) => theme.space(1)}; }
  textarea { width: 100%; box-sizing: border-box; font: inherit; }
  p:empty { display: none; }
`;

/** "Happy to be approached" (issue 43): calm, quiet colours, words first. */
const Hello = styled.p`
  display: inline-block;
  margin: 0 0 ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.infoSurface};
`;

const Details = styled.div`
  margin: ${({ theme }) => theme.space(2)} 0;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.infoSurface};
  h4 { margin: 0 0 ${({ theme }) => theme.space(1)}; }
  ul { margin: 0 0 ${({ theme }) => theme.space(2)}; padding-left: ${({ theme }) => theme.space(5)}; }
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
