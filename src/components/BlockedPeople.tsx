import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import {
  selectBlockedStatus,
  unblockQuestion,
  type BlockedPeopleActorRef,
} from '../../machines/blocked-people.machine';
import { personReport } from '../../machines/report-target';
import { AppActor } from '../appContext';
import { dayAndTime } from './format';
import { LoadState } from './LoadState';
import { Button, Card, Muted, PlainList, Row } from './ui';

/** The people one has blocked, each with Unblock, which asks first (privacy settings). */
export function BlockedPeople({ blocked }: { blocked: BlockedPeopleActorRef }) {
  const status = useSelector(blocked, selectBlockedStatus);
  const people = useSelector(blocked, (s) => s.context.people);
  const chosen = useSelector(blocked, (s) => (s.matches('confirming') || s.matches('unblocking') ? s.context.chosen : null));
  const busy = useSelector(blocked, (s) => s.matches('unblocking'));
  const error = useSelector(blocked, (s) => s.context.error);
  const app = AppActor.useActorRef();
  return (
    <Card aria-labelledby="blocked-title">
      <h2 id="blocked-title">People you blocked</h2>
      <Muted>They can't see you or contact you, and they were never told.</Muted>
      <LoadState
        status={status}
        empty={people.length === 0}
        loading="Loading the people you blocked…"
        failed="We couldn't load the people you blocked just now."
        retry={() => blocked.send({ type: 'blocked.reloaded' })}
        retryVariant="secondary"
        emptyText="You haven't blocked anyone."
      >
        <PlainList aria-label="Blocked people">
          {people.map((p) => (
            <Person key={p.id}>
              <div>
                <strong>{p.name}</strong>
                {p.username && <Muted as="span"> @{p.username}</Muted>}
                <Since>Blocked {dayAndTime(p.blocked_at)}</Since>
              </div>
              {chosen === p.id ? (
                <Confirm role="group" aria-labelledby={`unblock-${p.id}`}>
                  <p id={`unblock-${p.id}`}>{unblockQuestion(p.name)}</p>
                  {error && <ErrorText role="alert">{error}</ErrorText>}
                  <Row>
                    <Button type="button" $variant="danger" disabled={busy} onClick={() => blocked.send({ type: 'blocked.unblockConfirmed' })}>
                      {busy ? 'Unblocking…' : `Yes, unblock ${p.name}`}
                    </Button>
                    {/* The calm choice has focus, so a stray Enter changes nothing. */}
                    <Button type="button" $variant="secondary" autoFocus disabled={busy} onClick={() => blocked.send({ type: 'blocked.unblockCancelled' })}>
                      Keep blocked
                    </Button>
                  </Row>
                </Confirm>
              ) : (
                <Row>
                  {/* A block never stops a report. */}
                  <Button type="button" $variant="secondary" aria-label={`Report ${p.name}`} onClick={() => app.send(personReport(p, true))}>
                    Report
                  </Button>
                  <Button
                    type="button"
                    $variant="secondary"
                    disabled={chosen !== null}
                    aria-label={`Unblock ${p.name}`}
                    onClick={() => blocked.send({ type: 'blocked.unblockRequested', userId: p.id })}
                  >
                    Unblock
                  </Button>
                </Row>
              )}
            </Person>
          ))}
        </PlainList>
      </LoadState>
    </Card>
  );
}

const Person = styled.li`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)} 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Since = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Confirm = styled.div`
  flex-basis: 100%;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  p { margin: 0 0 ${({ theme }) => theme.space(2)}; }
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;
