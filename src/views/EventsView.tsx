import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { EVENT_FILTERS, type EventFilter } from '../../contract/constants';
import type { Event } from '../../contract/events';
import {
  selectEventsStatus,
  selectHiddenCount,
  selectHiddenEvents,
  selectVisibleEvents,
  type EventsActorRef,
} from '../../machines/events.machine';
import { AppActor } from '../appContext';
import { AvailabilityToggle } from '../components/AvailabilityToggle';
import { EnergyMeter } from '../components/EnergyMeter';
import { attendeeCount, featureLabel, typeLabel } from '../components/format';
import { EventWhen } from '../components/EventWhen';
import { LoadState } from '../components/LoadState';
import { SafeZoneBanner } from '../components/SafeZoneBanner';
import { Page as BasePage, Button, Card, CardGrid, Muted, Row, Status, Tag, TagList } from '../components/ui';
import { Choice } from '../components/form';
import { chartOf } from '../../machines/lazy-charts';
import { handOnFocus, viewTitle } from '../components/focus';

const FILTER_LABELS: Record<EventFilter, string> = {
  all: 'All',
  networking: 'Networking',
  casual: 'Casual',
  professional: 'Professional',
  'interest-based': 'Interest-based',
};

/** events: the event list (SPEC 2 "Events list"). */
export function EventsView() {
  const events = AppActor.useSelector((s) => chartOf(s, 'events'));
  const availability = AppActor.useSelector((s) => chartOf(s, 'availability'));
  const battery = AppActor.useSelector((s) => chartOf(s, 'battery'));
  const app = AppActor.useActorRef();
  return (
    <Page $wide>
      <h1 {...viewTitle}>Events</h1>
      <SafeZoneBanner />
      {/* Profile, search, notifications and privacy live in the bottom navigation (issue 13). */}
      <Nav aria-label="Event actions">
        <Button $small onClick={() => app.send({ type: 'view.opened', view: 'create-event' })}>
          Create Event
        </Button>
        <Button $small $variant="purple" onClick={() => app.send({ type: 'plans.opened' })}>
          Upgrade
        </Button>
      </Nav>

      {(availability || battery) && (
        <Card aria-label="How you're feeling">
          {availability && <AvailabilityToggle availability={availability} />}
          {battery && (
            <MeterWrap>
              <EnergyMeter battery={battery} />
            </MeterWrap>
          )}
        </Card>
      )}

      {events && <EventList events={events} />}
    </Page>
  );
}

function EventList({ events }: { events: EventsActorRef }) {
  const status = useSelector(events, selectEventsStatus);
  const visible = useSelector(events, selectVisibleEvents);
  const hidden = useSelector(events, selectHiddenEvents);
  const hiddenCount = useSelector(events, selectHiddenCount);
  const filter = useSelector(events, (s) => s.context.filter);
  const showHidden = useSelector(events, (s) => s.context.showHidden);
  const total = useSelector(events, (s) => s.context.events.length);

  return (
    <>
      <Filters role="group" aria-label="Event type">
        {EVENT_FILTERS.map((f) => (
          <FilterChip key={f} type="button" aria-pressed={filter === f} $on={filter === f} onClick={() => events.send({ type: 'events.filterChanged', filter: f })}>
            {FILTER_LABELS[f]}
          </FilterChip>
        ))}
      </Filters>
      <Choice
        id="show-hidden"
        label={`Show hidden events (${hiddenCount})`}
        checked={showHidden}
        onChange={() => events.send({ type: 'events.showHiddenToggled' })}
      />

      {/* Until the list has loaded there is nothing to show; its own empty lines are below. */}
      <LoadState
        status={status}
        empty={status !== 'ready'}
        loading="Loading events…"
        failed="We couldn't load the events just now."
        retry={() => events.send({ type: 'events.reloaded' })}
        failedRole="alert"
      >
        {total === 0 ? (
          <Status>No events yet. Why not create the first one?</Status>
        ) : visible.length === 0 ? (
          <Status>No {filter === 'all' ? '' : `${FILTER_LABELS[filter].toLowerCase()} `}events to show right now.</Status>
        ) : (
          <CardGrid aria-label="Events">
            {visible.map((e) => (
              <li key={e.id}>
                <EventCard event={e} events={events} hidden={false} />
              </li>
            ))}
          </CardGrid>
        )}
        {showHidden && (
          <section aria-labelledby="hidden-events-title">
            <h2 id="hidden-events-title">Hidden events</h2>
            {hidden.length === 0 ? (
              <Muted>You haven't hidden any{filter === 'all' ? '' : ` ${FILTER_LABELS[filter].toLowerCase()}`} events.</Muted>
            ) : (
              <CardGrid aria-label="Hidden events">
                {hidden.map((e) => (
                  <li key={e.id}>
                    <EventCard event={e} events={events} hidden />
                  </li>
                ))}
              </CardGrid>
            )}
          </section>
        )}
      </LoadState>
    </>
  );
}

function EventCard({ event, events, hidden }: { event: Event; events: EventsActorRef; hidden: boolean }) {
  const joining = useSelector(events, (s) => s.context.joiningId === event.id);
  const busy = useSelector(events, (s) => s.context.joiningId !== null);
  const titleId = `event-${event.id}`;
  return (
    <Card as="article" aria-labelledby={titleId} ref={handOnFocus}>
      <EventTitle id={titleId}>{event.name}</EventTitle>
      <Facts>
        <li>
          <span className="visually-hidden">Type: </span>
          {typeLabel(event.event_type)}
        </li>
        <li>
          <span className="visually-hidden">When: </span>
          <EventWhen event={event} />
        </li>
        <li>
          <span className="visually-hidden">Where: </span>
          {event.location}
        </li>
        <li>{attendeeCount(event.attendee_count)}</li>
      </Facts>
      {event.anxiety_friendly_features.length > 0 && (
        <TagList aria-label="Anxiety-friendly features">
          {event.anxiety_friendly_features.map((f) => (
            <Tag key={f}>{featureLabel(f)}</Tag>
          ))}
        </TagList>
      )}
      <Row>
        <Button disabled={busy} onClick={() => events.send({ type: 'events.eventChosen', eventId: event.id })}>
          {joining ? 'Joining…' : event.is_attending ? 'Open' : 'Join'}
        </Button>
        <Button $variant="secondary" onClick={() => events.send({ type: 'events.hideToggled', eventId: event.id })}>
          {hidden ? 'Show' : 'Hide'}
        </Button>
      </Row>
    </Card>
  );
}

const Page = styled(BasePage)`
  h1 { margin-bottom: ${({ theme }) => theme.space(3)}; }
`;

const Nav = styled.nav`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 9rem), 12rem));
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  button {
    min-height: ${({ theme }) => theme.touchTarget};
    padding: 0 ${({ theme }) => theme.space(1)};
    font-size: ${({ theme }) => theme.font.size.small};
    white-space: nowrap;
  }
`;

const MeterWrap = styled.div`
  margin-top: ${({ theme }) => theme.space(3)};
`;

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(1)};
`;

const FilterChip = styled.button<{ $on: boolean }>`
  min-height: ${({ theme }) => theme.touchTarget};
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme, $on }) => ($on ? theme.colors.primary : theme.colors.textMuted)};
  background: ${({ theme, $on }) => ($on ? theme.colors.primary : theme.colors.surface)};
  color: ${({ theme, $on }) => ($on ? theme.colors.onPrimary : theme.colors.text)};
  cursor: pointer;
`;

const EventTitle = styled.h2`
  font-size: ${({ theme }) => theme.font.size.large};
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

const Facts = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(2)};
  padding: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  li { overflow-wrap: anywhere; }
`;
