import { useSelector } from '@xstate/react';
import { memo, useDeferredValue, useEffect } from 'react';
import styled from 'styled-components';
import { EVENT_FILTERS, type EventFilter, type EventType } from '../../contract/constants';
import type { Event } from '../../contract/events';
import {
  selectEventsStatus,
  selectHiddenCount,
  selectHiddenEvents,
  selectVisibleEvents,
  type EventsActorRef,
  type EventsSnapshot,
} from '../../machines/event/events.machine';
import { AppActor } from '../appContext';
import { AvailabilityToggle } from '../components/AvailabilityToggle';
import { EnergyMeter } from '../components/EnergyMeter';
import { attendanceLine, featureLabel, typeLabel } from '../components/format';
import { EventWhen } from '../components/EventWhen';
import { LoadState } from '../components/LoadState';
import { SafeZoneBanner } from '../components/SafeZoneBanner';
import { Page as BasePage, Button, Card, CardGrid, Muted, Row, Status, Tag, TagList } from '../components/ui';
import { Choice } from '../components/form';
import { chartOf } from '../../machines/lazy-charts';
import { handOnFocus, viewTitle } from '../components/focus';
import { words } from '../i18n/i18n';
import { EVENTS } from '../i18n/en/events';

/** events: the event list (SPEC 2 "Events list"). */
export function EventsView() {
  const events = AppActor.useSelector((s) => chartOf(s, 'events'));
  const availability = AppActor.useSelector((s) => chartOf(s, 'availability'));
  const battery = AppActor.useSelector((s) => chartOf(s, 'battery'));
  const app = AppActor.useActorRef();
  const w = words(EVENTS);
  useWarmEventView();
  return (
    <Page $wide>
      <h1 {...viewTitle}>{w.title}</h1>
      <SafeZoneBanner />
      {/* Profile, search, notifications and privacy live in the bottom navigation (issue 13). */}
      <Nav aria-label={w.actions}>
        <Button $small onClick={() => app.send({ type: 'view.opened', view: 'create-event' })}>
          {w.createEvent}
        </Button>
        <Button $small $variant="purple" onClick={() => app.send({ type: 'plans.opened' })}>
          {w.upgrade}
        </Button>
      </Nav>

      {(availability || battery) && (
        <Card aria-label={w.feeling}>
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

/** How long the events list settles (its own data first) before the event view is warmed. */
const WARM_AFTER_MS = 2_000;

/**
 * On the events list, the event view (the next screen nearly everyone opens) is loaded
 * once the list has settled and the browser is idle, so opening an event waits for
 * neither the network nor the code. (Here, not in App, so the entry does not carry it.)
 */
function useWarmEventView() {
  useEffect(() => {
    let idle: number | undefined;
    const warm = () => void import('./EventView').catch(() => undefined);
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(warm, { timeout: 5_000 });
      else warm();
    }, WARM_AFTER_MS);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, []);
}

/** The filter chips and the events they find (exported for its test). */
export function EventList({ events }: { events: EventsActorRef }) {
  const snapshot = useSelector(events, (s) => s);
  // The cards are drawn from a deferred copy of the list's state: React draws them in
  // short slices after the chips, so a cheap phone stays responsive while a long list
  // appears (and a filter chip shows itself pressed at once).
  const shown = useDeferredValue(snapshot);
  const { filter } = snapshot.context;
  const w = words(EVENTS);

  return (
    <>
      <Filters role="group" aria-label={w.filterGroup}>
        {EVENT_FILTERS.map((f) => (
          <FilterChip key={f} type="button" aria-pressed={filter === f} $on={filter === f} onClick={() => events.send({ type: 'events.filterChanged', filter: f })}>
            {w.filters[f]}
          </FilterChip>
        ))}
      </Filters>
      <Choice
        id="show-hidden"
        label={w.showHidden(selectHiddenCount(snapshot))}
        checked={snapshot.context.showHidden}
        onChange={() => events.send({ type: 'events.showHiddenToggled' })}
      />
      <EventCards snapshot={shown} events={events} />
    </>
  );
}

/** The cards of one state of the list (memo: drawn again only when that state changes). */
const EventCards = memo(function EventCards({ snapshot, events }: { snapshot: EventsSnapshot; events: EventsActorRef }) {
  const status = selectEventsStatus(snapshot);
  const visible = selectVisibleEvents(snapshot);
  const { filter, showHidden } = snapshot.context;
  const w = words(EVENTS);
  return (
    /* Until the list has loaded there is nothing to show; its own empty lines are below. */
    <LoadState
      status={status}
      empty={status !== 'ready'}
      loading={w.loading}
      failed={w.failed}
      retry={() => events.send({ type: 'events.reloaded' })}
      failedRole="alert"
    >
      {snapshot.context.events.length === 0 ? (
        <Status>{w.noEvents}</Status>
      ) : visible.length === 0 ? (
        <Status>{w.noneToShow(filter)}</Status>
      ) : (
        <CardGrid aria-label={w.list}>
          {visible.map((e) => (
            <li key={e.id}>
              <EventCard event={e} events={events} hidden={false} />
            </li>
          ))}
        </CardGrid>
      )}
      {showHidden && <HiddenCards hidden={selectHiddenEvents(snapshot)} filter={filter} events={events} />}
    </LoadState>
  );
});

function HiddenCards({ hidden, filter, events }: { hidden: Event[]; filter: EventFilter; events: EventsActorRef }) {
  const w = words(EVENTS);
  return (
    <section aria-labelledby="hidden-events-title">
      <h2 id="hidden-events-title">{w.hiddenTitle}</h2>
      {hidden.length === 0 ? (
        <Muted>{w.noneHidden(filter)}</Muted>
      ) : (
        <CardGrid aria-label={w.hiddenTitle}>
          {hidden.map((e) => (
            <li key={e.id}>
              <EventCard event={e} events={events} hidden />
            </li>
          ))}
        </CardGrid>
      )}
    </section>
  );
}

function EventCard({ event, events, hidden }: { event: Event; events: EventsActorRef; hidden: boolean }) {
  const joining = useSelector(events, (s) => s.context.joiningId === event.id);
  const busy = useSelector(events, (s) => s.context.joiningId !== null);
  const titleId = `event-${event.id}`;
  const w = words(EVENTS);
  return (
    <Card as="article" aria-labelledby={titleId} ref={handOnFocus}>
      <EventTitle id={titleId}>{event.name}</EventTitle>
      <Facts>
        <li>
          <span className="visually-hidden">{w.type}</span>
          {w.types[event.event_type as EventType] ?? w.filters[event.event_type as EventFilter] ?? typeLabel(event.event_type)}
        </li>
        <li>
          <span className="visually-hidden">{w.when}</span>
          <EventWhen event={event} />
        </li>
        <li>
          <span className="visually-hidden">{w.where}</span>
          {event.location}
        </li>
        <li>{attendanceLine(event, w)}</li>
      </Facts>
      {event.anxiety_friendly_features.length > 0 && (
        <TagList aria-label={w.featuresLabel}>
          {event.anxiety_friendly_features.map((f) => (
            <Tag key={f}>{w.features[f] ?? featureLabel(f)}</Tag>
          ))}
        </TagList>
      )}
      <Row>
        <Button disabled={busy} onClick={() => events.send({ type: 'events.eventChosen', eventId: event.id })}>
          {joining ? w.joining : event.is_attending ? w.open : w.join}
        </Button>
        <Button $variant="secondary" onClick={() => events.send({ type: 'events.hideToggled', eventId: event.id })}>
          {hidden ? w.show : w.hide}
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
