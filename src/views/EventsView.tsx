import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { EventsActorRef } from '../../machines/events.machine';
import { AppActor } from '../appContext';
import { Button, Card, Muted, Page, Row, Status } from '../components/ui';

/** events: the event list (SPEC 2 "Events list"). */
export function EventsView() {
  const events = AppActor.useSelector((s) => s.children.events as EventsActorRef | undefined);
  const actor = AppActor.useActorRef();
  return (
    <Page>
      <Header>
        <h1>Events</h1>
        <Row>
          <Button $variant="secondary" onClick={() => actor.send({ type: 'view.opened', view: 'profile' })}>
            Profile
          </Button>
        </Row>
      </Header>
      {events && <EventList events={events} />}
    </Page>
  );
}

function EventList({ events }: { events: EventsActorRef }) {
  const state = useSelector(events, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const list = useSelector(events, (s) => s.context.events);
  if (state === 'loading') return <Status>Loading events…</Status>;
  if (state === 'failed')
    return (
      <Card role="alert">
        <p>We couldn't load the events just now.</p>
        <Button onClick={() => events.send({ type: 'events.reloaded' })}>Try again</Button>
      </Card>
    );
  if (list.length === 0) return <Status>No events yet. Why not create the first one?</Status>;
  return (
    <List>
      {list.map((e) => (
        <li key={e.id}>
          <Card as="article" aria-labelledby={`event-${e.id}`}>
            <h2 id={`event-${e.id}`}>{e.name}</h2>
            <Muted>
              {e.location} · {new Date(e.start_time).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}
            </Muted>
            <p>{e.description}</p>
          </Card>
        </li>
      ))}
    </List>
  );
}

const Header = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  h1 { margin: 0; }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;
