import { useSelector } from '@xstate/react';
import { selectAttendeesStatus, type AttendeesActorRef } from '../../machines/attendees.machine';
import { AppActor } from '../appContext';
import { AttendeeCard } from '../components/AttendeeCard';
import { Button, Card, Muted, Page, PlainList, Status, ViewHeader } from '../components/ui';

/** attendees: everyone at the event the viewer may see, each with the way to connect (SPEC 2). */
export function AttendeesView() {
  const attendees = AppActor.useSelector((s) => s.children.attendees as AttendeesActorRef | undefined);
  const eventName = AppActor.useSelector((s) => s.context.currentEvent?.name ?? null);
  const app = AppActor.useActorRef();
  return (
    <Page>
      <ViewHeader>
        <Button $variant="secondary" $small onClick={() => app.send({ type: 'view.opened', view: eventName ? 'event' : 'events' })}>
          Back
        </Button>
        <h1>Connect with people</h1>
        {eventName && <Muted>At {eventName}. Connect only when you'd like to — a request is private until they answer.</Muted>}
      </ViewHeader>
      {attendees ? (
        <AttendeeList attendees={attendees} />
      ) : (
        <Card>
          <p>Open an event first to see who is there.</p>
          <Button onClick={() => app.send({ type: 'view.opened', view: 'events' })}>Back to events</Button>
        </Card>
      )}
    </Page>
  );
}

function AttendeeList({ attendees }: { attendees: AttendeesActorRef }) {
  const status = useSelector(attendees, selectAttendeesStatus);
  const slots = useSelector(attendees, (s) => s.context.slots);
  const hasMore = useSelector(attendees, (s) => s.context.hasMore && s.matches('ready'));
  const loadingMore = useSelector(attendees, (s) => s.matches('loadingMore'));
  if (status === 'loading') return <Status role="status">Loading attendees…</Status>;
  if (status === 'failed' && slots.length === 0) {
    return (
      <Card>
        <p>We couldn't load the attendees just now.</p>
        <Button onClick={() => attendees.send({ type: 'attendees.reloaded' })}>Try again</Button>
      </Card>
    );
  }
  if (slots.length === 0) return <Status>Nobody else is here yet. That's fine — take your time.</Status>;
  return (
    <>
      <PlainList aria-label="Attendees">
        {slots.map((slot) => (
          <li key={slot.attendee.id}>
            <AttendeeCard slot={slot} />
          </li>
        ))}
      </PlainList>
      {(hasMore || loadingMore) && (
        <Button $variant="secondary" disabled={loadingMore} onClick={() => attendees.send({ type: 'attendees.moreRequested' })}>
          {loadingMore ? 'Loading…' : 'Show more people'}
        </Button>
      )}
    </>
  );
}
