import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import {
  selectBlockedStatus,
  unblockQuestion,
  type BlockedPeopleActorRef,
} from '../../machines/safety/blocked-people.machine';
import { personReport } from '../../machines/safety/report-target';
import { AppActor } from '../appContext';
import { dayAndTime } from './format';
import { LoadState } from './LoadState';
import { Button, Card, Muted, PlainList, Row } from './ui';
import { say, words } from '../i18n/i18n';
import { BLOCKED_PEOPLE } from '../i18n/en/privacy';

/** The people one has blocked, each with Unblock, which asks first (privacy settings). */
export function BlockedPeople({ blocked }: { blocked: BlockedPeopleActorRef }) {
  const status = useSelector(blocked, selectBlockedStatus);
  const people = useSelector(blocked, (s) => s.context.people);
  const chosen = useSelector(blocked, (s) => (s.matches('confirming') || s.matches('unblocking') ? s.context.chosen : null));
  const busy = useSelector(blocked, (s) => s.matches('unblocking'));
  const error = useSelector(blocked, (s) => s.context.error);
  const app = AppActor.useActorRef();
  const w = words(BLOCKED_PEOPLE);
  return (
    <Card aria-labelledby="blocked-title">
      <h2 id="blocked-title">{w.title}</h2>
      <Muted>{w.about}</Muted>
      <LoadState
        status={status}
        empty={people.length === 0}
        loading={w.loading}
        failed={w.failed}
        retry={() => blocked.send({ type: 'blocked.reloaded' })}
        retryVariant="secondary"
        emptyText={w.empty}
      >
        <PlainList aria-label={w.list}>
          {people.map((p) => (
            <Person key={p.id}>
              <div>
                <strong>{p.name}</strong>
                {p.username && <Muted as="span"> @{p.username}</Muted>}
                <Since>{w.since(dayAndTime(p.blocked_at))}</Since>
              </div>
              {chosen === p.id ? (
                <Confirm role="group" aria-labelledby={`unblock-${p.id}`}>
                  <p id={`unblock-${p.id}`}>{say(unblockQuestion(p.name))}</p>
                  {error && <ErrorText role="alert">{say(error)}</ErrorText>}
                  <Row>
                    <Button type="button" $variant="danger" disabled={busy} onClick={() => blocked.send({ type: 'blocked.unblockConfirmed' })}>
                      {busy ? w.unblocking : w.yesUnblock(p.name)}
                    </Button>
                    {/* The calm choice has focus, so a stray Enter changes nothing. */}
                    <Button type="button" $variant="secondary" autoFocus disabled={busy} onClick={() => blocked.send({ type: 'blocked.unblockCancelled' })}>
                      {w.keepBlocked}
                    </Button>
                  </Row>
                </Confirm>
              ) : (
                <Row>
                  {/* A block never stops a report. */}
                  <Button type="button" $variant="secondary" aria-label={w.reportName(p.name)} onClick={() => app.send(personReport(p, true))}>
                    {w.report}
                  </Button>
                  <Button
                    type="button"
                    $variant="secondary"
                    disabled={chosen !== null}
                    aria-label={w.unblockName(p.name)}
                    onClick={() => blocked.send({ type: 'blocked.unblockRequested', userId: p.id })}
                  >
                    {w.unblock}
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
