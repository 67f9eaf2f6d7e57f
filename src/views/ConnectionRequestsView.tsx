import { useSelector } from '@xstate/react';
import { useId } from 'react';
import styled from 'styled-components';
import type { ReceivedRequest } from '../../contract/social';
import { selectRequestsStatus, type ConnectionRequestsActorRef } from '../../machines/people/connection-requests.machine';
import { AppActor } from '../appContext';
import { Avatar, Interests, PersonCard, PersonHead, PersonWho } from '../components/people';
import { LoadState } from '../components/LoadState';
import { Button, CardGrid, Muted, Row } from '../components/ui';
import { ViewPage } from '../components/ViewPage';
import { chartOf } from '../../machines/lazy-charts';
import { handOnFocus } from '../components/focus';
import { words } from '../i18n/i18n';
import { CONNECTION_REQUESTS } from '../i18n/en/connection-requests';

/** connection-requests: the requests waiting for an answer (SPEC 2 "Connection request cards"). */
export function ConnectionRequestsView() {
  const requests = AppActor.useSelector((s) => chartOf(s, 'requests'));
  const inEvent = AppActor.useSelector((s) => s.context.currentEvent !== null);
  const w = words(CONNECTION_REQUESTS);
  return (
    <ViewPage
      wide
      back={inEvent ? 'event' : 'mutual-connections'}
      title={w.title}
      intro={<Muted>{w.intro}</Muted>}
    >
      {requests && <RequestList requests={requests} />}
    </ViewPage>
  );
}

function RequestList({ requests }: { requests: ConnectionRequestsActorRef }) {
  const status = useSelector(requests, selectRequestsStatus);
  const all = useSelector(requests, (s) => s.context.requests);
  // A request's own address ('/requests/<id>', from its notification) shows it first.
  const focus = AppActor.useSelector((s) => s.context.requestId);
  const list = focus ? [...all.filter((r) => r.id === focus), ...all.filter((r) => r.id !== focus)] : all;
  const gone = focus !== null && status === 'ready' && !all.some((r) => r.id === focus);
  const w = words(CONNECTION_REQUESTS);
  return (
    <>
      {gone && <Muted role="status">{w.answered}</Muted>}
    <LoadState
      status={status}
      empty={list.length === 0}
      loading={w.loading}
      failed={w.failed}
      retry={() => requests.send({ type: 'requests.reloaded' })}
      emptyText={w.empty}
    >
      <CardGrid aria-label={w.title}>
        {list.map((r) => (
          <li key={r.id}>
            <RequestCard request={r} requests={requests} focused={r.id === focus} />
          </li>
        ))}
      </CardGrid>
    </LoadState>
    </>
  );
}

function RequestCard({ request, requests, focused }: { request: ReceivedRequest; requests: ConnectionRequestsActorRef; focused: boolean }) {
  const answering = useSelector(requests, (s) => s.context.answering);
  const id = useId();
  const { sender } = request;
  const mine = answering?.requestId === request.id ? answering.action : null;
  const w = words(CONNECTION_REQUESTS);
  return (
    <Article aria-labelledby={`${id}-name`} $focused={focused} aria-current={focused ? 'true' : undefined} ref={handOnFocus}>
      <PersonHead>
        <Avatar name={sender.name} photo={request.sender_photo} decorative />
        <PersonWho>
          <h2 id={`${id}-name`}>{sender.name}</h2>
          <Muted>@{sender.username}</Muted>
          {sender.occupation && <Muted>{sender.occupation}</Muted>}
        </PersonWho>
      </PersonHead>
      <Interests interests={sender.interests} />
      {request.message && (
        <Note>
          <span className="visually-hidden">{w.theirMessage}</span>“{request.message}”
        </Note>
      )}
      <Row>
        <Button disabled={answering !== null} onClick={() => requests.send({ type: 'requests.answered', requestId: request.id, action: 'accept' })}>
          {mine === 'accept' ? w.accepting : w.accept}
        </Button>
        <Button
          $variant="secondary"
          disabled={answering !== null}
          onClick={() => requests.send({ type: 'requests.answered', requestId: request.id, action: 'decline' })}
        >
          {mine === 'decline' ? w.declining : w.decline}
        </Button>
      </Row>
    </Article>
  );
}

/** Its answers share the card's width. */
const Article = styled(PersonCard)`
  button { flex: 1; min-height: ${({ theme }) => theme.touchTarget}; }
`;



const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-left: 3px solid ${({ theme }) => theme.colors.purple};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radius.small};
  overflow-wrap: anywhere;
`;
