import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import type { BatteryActorRef } from '../../machines/presence/battery.machine';
import { selectEventOver, selectVisiting, type EventActorRef } from '../../machines/event/event.machine';
import { AppActor } from '../appContext';
import { selectRequestCount } from '../../machines/people/connection-requests.machine';
import { CountBadge } from '../components/CountBadge';
import { EventFeed } from '../components/EventFeed';
import { SafeZoneBanner } from '../components/SafeZoneBanner';
import { Button, Card, Columns, Page, ViewHeader } from '../components/ui';
import { viewTitle } from '../components/focus';
import { chartOf } from '../../machines/lazy-charts';
import { words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';
import { EVENT } from '../i18n/en/event';
import { EventTabs, TabPanel } from './EventTabs';
import { PeoplePanel } from './EventPeople';
import { Communities, GroupChats } from './EventGroups';
import { Zones } from './EventZones';
import { EventFacts, EventVisit } from './EventVisit';
// "Find a small group" (issue 43) while the event is on: in the event view's own chunk, as it
// is the largest text a person sees first there (Lighthouse's LCP); a chunk of its own was
// fetched only after the event arrived and drew it 0.5-0.9 s later on a slow phone (issue 44).
import PodSection from '../components/PodSection';

// An ended event's recap (issue 43): a chunk of its own, fetched only once the event is over.
const RecapSection = lazy(() => import('../components/RecapSection'));

// Where these lived before: importers (tests among them) still take them from here.
export { tabAfterKey } from './EventTabs';
export { People } from './EventPeople';

/**
 * event: one event (SPEC 2 "Event view"). People come first; groups, zones and the
 * event's details are one tab away (issue 13 item 3). The root chart owns which tab is
 * open, so Back from a chat or the photos returns to it and the address can name it.
 */
export function EventView() {
  const event = AppActor.useSelector((s) => chartOf(s, 'event'));
  const battery = AppActor.useSelector((s) => chartOf(s, 'battery'));
  const app = AppActor.useActorRef();
  const w = words(EVENT);
  return (
    <Page $wide>
      <ViewHeader>
        <Button $variant="secondary" $small onClick={() => app.send({ type: 'view.opened', view: 'events' })}>
          {words(SHELL).back}
        </Button>
        {!event && <h1 {...viewTitle}>{w.title}</h1>}
      </ViewHeader>
      {event ? (
        <EventBody event={event} battery={battery} />
      ) : (
        <Card>
          <p>{w.chooseEvent}</p>
        </Card>
      )}
    </Page>
  );
}

/** The event's name, where the person is, the two actions that stay, then the tabs. */
function EventBody({ event, battery }: { event: EventActorRef; battery: BatteryActorRef | undefined }) {
  const name = useSelector(event, (s) => s.context.event.name);
  const selected = AppActor.useSelector((s) => s.context.eventTab);
  const visiting = useSelector(event, selectVisiting);
  const over = useSelector(event, selectEventOver);
  const started = useSelector(event, (s) => Date.parse(s.context.event.start_time) <= Date.now());
  const eventId = useSelector(event, (s) => s.context.event.id);
  if (visiting) return <EventVisit event={event} />;
  return (
    <>
      <Title {...viewTitle}>{name}</Title>
      <SafeZoneBanner />
      {over ? (
        <Suspense fallback={null}>
          <RecapSection eventId={eventId} eventName={name} />
        </Suspense>
      ) : (
        started && <PodSection event={event} />
      )}
      <EventActions event={event} />
      <EventTabs selected={selected} />
      <TabPanel tab="people" selected={selected}>
        <PeoplePanel event={event} battery={battery} />
      </TabPanel>
      <TabPanel tab="groups" selected={selected}>
        <Columns>
          <GroupChats event={event} />
          <Communities event={event} />
        </Columns>
      </TabPanel>
      <TabPanel tab="zones" selected={selected}>
        <Measure>
          <Zones event={event} />
        </Measure>
      </TabPanel>
      <TabPanel tab="about" selected={selected}>
        <AboutPanel event={event} />
      </TabPanel>
    </>
  );
}

/**
 * Connect (everyone here, to ask), Requests (with how many wait), Connect by code, and for
 * its organizers their tools: on every tab, at the top (issue 39).
 */
function EventActions({ event }: { event: EventActorRef }) {
  const organizer = useSelector(event, (s) => Boolean(s.context.event.organizer_role));
  const requests = AppActor.useSelector((s) => chartOf(s, 'requests'));
  const waiting = useSelector(requests, (s) => (s ? selectRequestCount(s) : 0));
  const app = AppActor.useActorRef();
  const w = words(EVENT);
  return (
    <Actions aria-label={w.actions}>
      <Button $small onClick={() => app.send({ type: 'view.opened', view: 'attendees' })}>
        {w.connect}
      </Button>
      <Button $small $variant="secondary" onClick={() => app.send({ type: 'view.opened', view: 'connection-requests' })}>
        {w.requests}
        <CountBadge count={waiting} what={w.waiting} />
      </Button>
      <Button $small $variant="secondary" onClick={() => app.send({ type: 'view.opened', view: 'connect' })}>
        {w.connectByCode}
      </Button>
      {organizer && (
        <Button $small $variant="purple" onClick={() => app.send({ type: 'view.opened', view: 'organizer' })}>
          {w.organize}
        </Button>
      )}
    </Actions>
  );
}

/** About: the event's facts, its photos and analytics, and what is happening there. */
function AboutPanel({ event }: { event: EventActorRef }) {
  const e = useSelector(event, (s) => s.context.event);
  const app = AppActor.useActorRef();
  const w = words(EVENT);
  return (
    <Columns>
      <div>
        <Card aria-label={w.details}>
          <EventFacts event={e} />
        </Card>
        <Actions aria-label={w.more}>
          <Button $small $variant="secondary" onClick={() => app.send({ type: 'view.opened', view: 'photo-gallery' })}>
            {w.photos}
          </Button>
          <Button $small $variant="secondary" onClick={() => app.send({ type: 'view.opened', view: 'analytics' })}>
            {w.analytics}
          </Button>
        </Actions>
      </div>
      <EventFeed />
    </Columns>
  );
}

const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  overflow-wrap: anywhere;
`;

/** Two buttons side by side on a phone (one above the other at large text); on a large screen they keep their own width. */
const Actions = styled.nav`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 9rem), 1fr));
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  ${({ theme }) => theme.media.wide} {
    display: flex;
    flex-wrap: wrap;
    button { min-width: 10rem; }
  }
`;

/** A reading measure for prose on a large screen (the zones' descriptions). */
const Measure = styled.div`
  max-width: ${({ theme }) => theme.maxWidth};
`;
