import { useSelector } from '@xstate/react';
import { selectAttendeesStatus, type AttendeesActorRef } from '../../machines/event/attendees.machine';
import { AppActor } from '../appContext';
import { AttendeeCard } from '../components/AttendeeCard';
import { LoadState } from '../components/LoadState';
import { Button, Card, CardGrid, Muted } from '../components/ui';
import { ViewPage } from '../components/ViewPage';
import { chartOf } from '../../machines/lazy-charts';
import { words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';
import { ATTENDEES } from '../i18n/en/attendees';

/** attendees: everyone at the event the viewer may see, each with the way to connect (SPEC 2). */
export function AttendeesView() {
  const attendees = AppActor.useSelector((s) => chartOf(s, 'attendees'));
  const eventName = AppActor.useSelector((s) => s.context.currentEvent?.name ?? null);
  const app = AppActor.useActorRef();
  const w = words(ATTENDEES);
  return (
    <ViewPage
      wide
      back={eventName ? 'event' : 'events'}
      title={w.title}
      intro={eventName && <Muted>{w.intro(eventName)}</Muted>}
    >
      {attendees ? (
        <AttendeeList attendees={attendees} />
      ) : (
        <Card>
          <p>{w.noEvent}</p>
          <Button onClick={() => app.send({ type: 'view.opened', view: 'events' })}>{words(SHELL).backToEvents}</Button>
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
  const w = words(ATTENDEES);
  return (
    <LoadState
      status={status}
      empty={slots.length === 0}
      loading={w.loading}
      failed={w.failed}
      retry={() => attendees.send({ type: 'attendees.reloaded' })}
      emptyText={w.empty}
    >
      <CardGrid aria-label={w.list}>
        {slots.map((slot) => (
          <li key={slot.attendee.id}>
            <AttendeeCard slot={slot} />
          </li>
        ))}
      </CardGrid>
      {(hasMore || loadingMore) && (
        <Button $variant="secondary" disabled={loadingMore} onClick={() => attendees.send({ type: 'attendees.moreRequested' })}>
          {loadingMore ? words(SHELL).loading : w.showMore}
        </Button>
      )}
    </LoadState>
  );
}
