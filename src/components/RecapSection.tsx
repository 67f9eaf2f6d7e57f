import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import styled from 'styled-components';
import { selectUser } from '../../machines/app.machine';
import {
  recapMachine,
  selectHasCards,
  selectNoteSaving,
  selectRecapStep,
  selectSharing,
  type RecapActorRef,
} from '../../machines/event/recap.machine';
import type { RecapPerson } from '../../contract/recap';
import { AppActor } from '../appContext';
import { Avatar, shownName } from './people';
import { TextAreaField } from './form';
import { Button, Card, Muted, PlainList, Row, Tag, TagList } from './ui';
import { say, words } from '../i18n/i18n';
import { RECAP } from '../i18n/en/recap';

/**
 * An ended event's recap (issue 43 item 4), in the event view: a chunk of its own, hosting
 * the recap chart (machines/event/recap.machine.ts), which holds what is open, loaded,
 * edited and shared.
 */
export default function RecapSection({ eventId, eventName }: { eventId: string; eventName: string }) {
  const user = AppActor.useSelector(selectUser);
  if (!user) return null;
  return <Recap key={eventId} userId={user.id} eventId={eventId} eventName={eventName} />;
}

function Recap({ userId, eventId, eventName }: { userId: string; eventId: string; eventName: string }) {
  const recap = useActorRef(recapMachine, { input: { userId, eventId, eventName } });
  const step = useSelector(recap, selectRecapStep);
  const people = useSelector(recap, (s) => s.context.people);
  const id = useId();
  const w = words(RECAP);
  return (
    <Card aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{w.title}</h2>
      {step === 'closed' && (
        <>
          <p>{w.offer}</p>
          <Button type="button" onClick={() => recap.send({ type: 'recap.opened' })}>
            {w.open}
          </Button>
        </>
      )}
      {step === 'loading' && <p role="status">{w.loading}</p>}
      {step === 'failed' && (
        <Row>
          <p role="alert">{w.failed}</p>
          <Button type="button" $small $variant="secondary" onClick={() => recap.send({ type: 'recap.retried' })}>
            {w.retry}
          </Button>
        </Row>
      )}
      {step === 'ready' && (
        <>
          {people.length === 0 ? (
            <Muted>{w.empty}</Muted>
          ) : (
            <>
              <Muted>{w.thanks}</Muted>
              <People>
                {people.map((p) => (
                  <Person key={p.user.id} recap={recap} person={p} />
                ))}
              </People>
              <Cards recap={recap} />
            </>
          )}
          <Button type="button" $small $variant="link" onClick={() => recap.send({ type: 'recap.closed' })}>
            {w.close}
          </Button>
        </>
      )}
    </Card>
  );
}

function Person({ recap, person }: { recap: RecapActorRef; person: RecapPerson }) {
  const app = AppActor.useActorRef();
  const editing = useSelector(recap, (s) => (s.context.editing?.personId === person.user.id ? s.context.editing : null));
  const saving = useSelector(recap, (s) => selectNoteSaving(s) && s.context.editing?.personId === person.user.id);
  const error = useSelector(recap, (s) => (s.context.editing?.personId === person.user.id ? s.context.noteError : null));
  const busy = useSelector(recap, (s) => s.context.editing !== null);
  const id = useId();
  const w = words(RECAP);
  const name = shownName(person.user.name);
  return (
    <li>
      <Who>
        <Avatar name={name} photo={person.user.photo_data} size={40} decorative anonymous={person.user.is_anonymous} />
        <strong>{name}</strong>
      </Who>
      <TagList aria-label={w.howLabel}>
        {person.how.map((h) => (
          <Tag key={h}>{w.how[h]}</Tag>
        ))}
      </TagList>
      {editing ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            recap.send({ type: 'note.saved' });
          }}
        >
          <TextAreaField
            id={`${id}-note`}
            label={w.note}
            hint={w.noteHint}
            value={editing.draft}
            maxLength={1000}
            disabled={saving}
            onChange={(draft) => recap.send({ type: 'note.changed', draft })}
          />
          {error && <Problem role="alert">{say(error)}</Problem>}
          <Row>
            <Button type="submit" $small disabled={saving}>
              {saving ? w.savingNote : w.saveNote}
            </Button>
            <Button type="button" $small $variant="secondary" disabled={saving} onClick={() => recap.send({ type: 'note.cancelled' })}>
              {w.cancel}
            </Button>
          </Row>
        </form>
      ) : (
        <>
          {person.note && (
            <Note>
              <span>{w.note}: </span>
              {person.note}
            </Note>
          )}
          <Row>
            <Button type="button" $small onClick={() => app.send({ type: 'chat.opened', partner: person.user })}>
              {w.sayThanks(name)}
            </Button>
            <Button type="button" $small $variant="secondary" disabled={busy} onClick={() => recap.send({ type: 'note.edited', personId: person.user.id })}>
              {person.note ? w.editNote(name) : w.addNote(name)}
            </Button>
          </Row>
        </>
      )}
    </li>
  );
}

function Cards({ recap }: { recap: RecapActorRef }) {
  const has = useSelector(recap, selectHasCards);
  const sharing = useSelector(recap, selectSharing);
  const outcome = useSelector(recap, (s) => s.context.cardsOutcome);
  const error = useSelector(recap, (s) => s.context.cardsError);
  const w = words(RECAP);
  if (!has) return null;
  return (
    <div>
      <Muted>{w.cardsHint}</Muted>
      <Button type="button" $variant="secondary" disabled={sharing} onClick={() => recap.send({ type: 'cards.requested' })}>
        {sharing ? w.sharing : w.cards}
      </Button>
      <p role="status">{outcome === 'shared' ? w.shared : outcome === 'downloaded' ? w.downloaded : ''}</p>
      {error && <Problem role="alert">{say(error)}</Problem>}
    </div>
  );
}

const People = styled(PlainList)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  margin: ${({ theme }) => theme.space(3)} 0;
`;

const Who = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

const Note = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  & > span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;
