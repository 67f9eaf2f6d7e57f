import { useSelector } from '@xstate/react';
import { selectAttendeesStatus, type AttendeesActorRef } from '../../machines/attendees.machine';
import { AppActor } from '../appContext';
import { AttendeeCard } from '../components/AttendeeCard';
import { LoadState } from '../components/LoadState';
import { Button, Card, CardGrid, Muted } from '../components/ui';
import { ViewPage } from '../components/ViewPage';
import { chartOf } from '../../machines/lazy-charts';

/** attendees: everyone at the event the viewer may see, each with the way to connect (SPEC 2). */
export function AttendeesView() {
  const attendees = AppActor.useSelector((s) => chartOf(s, 'attendees'));
  const eventName = AppActor.useSelector((s) => s.context.currentEvent?.name ?? null);
  const app = AppActor.useActorRef();
  return (
    <ViewPage
      wide
      back={eventName ? 'event' : 'events'}
      title="Connect with people"
      intro={eventName && <Muted>At {eventName}. Connect only when you'd like to — a request is private until they answer.</Muted>}
    >
      {attendees ? (
        <AttendeeList attendees={attendees} />
      ) : (
        <Card>
          <p>Open an event first to see who is there.</p>
          <Button onClick={() => app.send({ type: 'view.opened', view: 'events' })}>Back to events</Button>
        </Card>
      )}
    </ViewPage>
  );
}

function AttendeeList({ attendees }: { attendees: AttendeesActorRef }) {
  const status = useSelector(attendees, selectAttendeesStatus);
  const slots = useSelector(attendees, (s) => s.context.slots);
  const hasMore = useSelector(attendees, (s) => s.context.hasMore && s.matches('ready'));
  const loadingMore = useSelector(attendees, (s) => s.matches('loadingMore'));
  return (
    <LoadState
      status={status}
      empty={slots.length === 0}
      loading="Loading attendees…"
      failed="We couldn't load the attendees just now."
      retry={() => attendees.send({ type: 'attendees.reloaded' })}
      emptyText="Nobody else is here yet. That's fine — take your time."
    >
      <CardGrid aria-label="Attendees">
        {slots.map((slot) => (
          <li key={slot.attendee.id}>
            <AttendeeCard slot={slot} />
          </li>
        ))}
      </CardGrid>
      {(hasMore || loadingMore) && (
        <Button $variant="secondary" disabled={loadingMore} onClick={() => attendees.send({ type: 'attendees.moreRequested' })}>
          {loadingMore ? 'Loading…' : 'Show more people'}
        </Button>
      )}
    </LoadState>
  );
}
