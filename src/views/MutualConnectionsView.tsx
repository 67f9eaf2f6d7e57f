import { useSelector } from '@xstate/react';
import { lazy, Suspense, useId } from 'react';
import styled from 'styled-components';
import type { PublicUser } from '../../contract/common';
import type { Connection } from '../../contract/social';
import type { ConnectionCardActorRef } from '../../machines/people/connection-card.machine';
import { selectConnectionsStatus, type MutualConnectionsActorRef } from '../../machines/people/mutual-connections.machine';
import { AppActor } from '../appContext';
import { ConnectionBusinessCard } from '../components/ConnectionBusinessCard';
import { Avatar, Interests, PersonCard, PersonHead, PersonStatus, PersonWho } from '../components/people';
import { LoadState } from '../components/LoadState';
import { Button, CardGrid, Muted, Row } from '../components/ui';
import { ViewPage } from '../components/ViewPage';
import { CountBadge } from '../components/CountBadge';
import { selectRequestCount } from '../../machines/people/connection-requests.machine';
import { chartOf } from '../../machines/lazy-charts';
import { words } from '../i18n/i18n';
import { CONNECTIONS } from '../i18n/en/connections';

// "Suggest a meeting" (issue 19): a chunk of its own, shown while an event is open.
const SuggestMeeting = lazy(() => import('../components/SuggestMeeting'));

/** The connected person as a chat partner. */
const partnerOf = (c: Connection): PublicUser => ({
  id: c.connected_user.id,
  username: c.connected_user.username,
  name: c.connected_user.name,
  age: null,
  occupation: c.connected_user.occupation,
  interests: c.connected_user.interests,
  social_preferences: [],
  personality_traits: [],
  communication_style: 'balanced',
  photo_data: c.connected_user.photo_data,
  is_anonymous: false,
});

/** mutual-connections: the people who wanted to connect as much as the user did. */
export function MutualConnectionsView() {
  const connections = AppActor.useSelector((s) => chartOf(s, 'connections'));
  const requests = AppActor.useSelector((s) => chartOf(s, 'requests'));
  const waiting = useSelector(requests, (s) => (s ? selectRequestCount(s) : 0));
  const app = AppActor.useActorRef();
  const w = words(CONNECTIONS);
  return (
    <ViewPage wide back="events" title={w.title}>
      {/* Requests waiting for an answer come first: they are what someone is waiting on. */}
      <Row as="nav" aria-label={w.actions}>
        <Button $variant={waiting > 0 ? 'primary' : 'secondary'} onClick={() => app.send({ type: 'view.opened', view: 'connection-requests' })}>
          {w.requests}
          <CountBadge count={waiting} what={w.waiting} />
        </Button>
        <Button $variant="secondary" onClick={() => app.send({ type: 'view.opened', view: 'user-search' })}>
          {w.search}
        </Button>
        <Button $variant="secondary" onClick={() => app.send({ type: 'view.opened', view: 'connect' })}>
          {w.connectByCode}
        </Button>
      </Row>
      <h2>{w.yours}</h2>
      {connections && <ConnectionList connections={connections} />}
    </ViewPage>
  );
}

function ConnectionList({ connections }: { connections: MutualConnectionsActorRef }) {
  const status = useSelector(connections, selectConnectionsStatus);
  const list = useSelector(connections, (s) => s.context.connections);
  const cards = useSelector(connections, (s) => s.context.cards);
  const hasMore = useSelector(connections, (s) => s.context.hasMore && s.matches('ready'));
  const w = words(CONNECTIONS);
  return (
    <LoadState
      status={status}
      empty={list.length === 0}
      loading={w.loading}
      failed={w.failed}
      retry={() => connections.send({ type: 'connections.reloaded' })}
      emptyText={w.empty}
    >
      <CardGrid aria-label={w.list}>
        {list.map((c) => (
          <li key={c.id}>
            <ConnectionCard connection={c} card={cards[c.connected_user.id]} />
          </li>
        ))}
      </CardGrid>
      {hasMore && (
        <Button $variant="secondary" onClick={() => connections.send({ type: 'connections.moreRequested' })}>
          {w.showMore}
        </Button>
      )}
    </LoadState>
  );
}

function ConnectionCard({ connection, card }: { connection: Connection; card: ConnectionCardActorRef | undefined }) {
  const app = AppActor.useActorRef();
  const id = useId();
  const person = connection.connected_user;
  const w = words(CONNECTIONS);
  return (
    <Article aria-labelledby={`${id}-name`}>
      <PersonHead>
        <Avatar name={person.name} photo={person.photo_data} decorative />
        <PersonWho>
          <h2 id={`${id}-name`}>{person.name}</h2>
          <Muted>@{person.username}</Muted>
          {person.occupation && <Muted>{person.occupation}</Muted>}
          <PersonStatus status={person.status} />
        </PersonWho>
      </PersonHead>
      {connection.shared_interests.length > 0 ? (
        <Interests interests={connection.shared_interests} label={w.shared} />
      ) : (
        <Interests interests={person.interests} />
      )}
      <Row>
        <Button onClick={() => app.send({ type: 'chat.opened', partner: partnerOf(connection) })}>{w.chat}</Button>
        <Button $variant="secondary" onClick={() => app.send({ type: 'contactExchange.opened', partner: partnerOf(connection) })}>
          {w.exchange}
        </Button>
        <Suspense fallback={null}>
          <SuggestMeeting partner={{ id: person.id, name: person.name }} />
        </Suspense>
      </Row>
      {card && <ConnectionBusinessCard card={card} />}
    </Article>
  );
}

/** Its answers share the card's width. */
const Article = styled(PersonCard)`
  button { flex: 1; min-height: ${({ theme }) => theme.touchTarget}; }
`;


