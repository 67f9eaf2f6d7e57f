import { useSelector } from '@xstate/react';
import { chartOf } from '../../machines/lazy-charts';
import { selectPage } from '../../machines/organizer/organizer.machine';
import { AppActor } from '../appContext';
import { Button, Card, Muted, Row } from '../components/ui';
import { ViewPage } from '../components/ViewPage';
import { words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';
import { ORGANIZER } from '../i18n/en/organizer';
import { Section, type Props } from './OrganizerSection';
import { DetailsSection } from './OrganizerDetails';
import { ZonesSection } from './OrganizerZones';
import { GroupsSection } from './OrganizerGroups';
import { OrganizersSection } from './OrganizerCoOrganizers';
import { AnnouncementsSection } from './OrganizerAnnouncements';
import { CancelSection } from './OrganizerCancel';

/**
 * organizer (issue 17): an event's organizer tools, for its organizer and co-organizers:
 * its details, safe zones, interest groups, co-organizers, announcements, analytics and,
 * last, cancelling it. Each section loads, fails and is tried again on its own.
 */
export function OrganizerView() {
  const organizer = AppActor.useSelector((s) => chartOf(s, 'organizer'));
  const inEvent = AppActor.useSelector((s) => s.context.currentEvent !== null);
  const app = AppActor.useActorRef();
  const w = words(ORGANIZER);
  return (
    <ViewPage back={inEvent ? 'event' : 'events'} title={w.title}>
      {organizer ? (
        <OrganizerPage organizer={organizer} />
      ) : (
        !inEvent && (
          <Card>
            <p>{w.openFirst}</p>
            <Button onClick={() => app.send({ type: 'view.opened', view: 'events' })}>{words(SHELL).backToEvents}</Button>
          </Card>
        )
      )}
    </ViewPage>
  );
}

function OrganizerPage({ organizer }: Props) {
  const page = useSelector(organizer, selectPage);
  const name = useSelector(organizer, (s) => s.context.event.name);
  const role = useSelector(organizer, (s) => s.context.event.organizer_role);
  const app = AppActor.useActorRef();
  const w = words(ORGANIZER);
  if (page === 'forbidden') {
    return (
      <Card role="status">
        <p>{w.onlyOrganizers}</p>
        <Row>
          <Button onClick={() => app.send({ type: 'view.opened', view: 'event' })}>{w.backToEvent}</Button>
          <Button $variant="secondary" onClick={() => app.send({ type: 'view.opened', view: 'events' })}>
            {words(SHELL).backToEvents}
          </Button>
        </Row>
      </Card>
    );
  }
  if (page === 'gone') {
    return (
      <Card role="status">
        <p>{w.gone}</p>
        <Button onClick={() => app.send({ type: 'view.opened', view: 'events' })}>{words(SHELL).backToEvents}</Button>
      </Card>
    );
  }
  return (
    <>
      <Muted>
        {name} · {role === 'organizer' ? w.youOrganize : w.youHelp} {w.onlyTheySee}
      </Muted>
      <DetailsSection organizer={organizer} />
      <ZonesSection organizer={organizer} />
      <GroupsSection organizer={organizer} />
      <OrganizersSection organizer={organizer} />
      <AnnouncementsSection organizer={organizer} />
      <Section title={w.analytics} id="organizer-analytics">
        <Muted>{w.analyticsAbout}</Muted>
        <Button $variant="secondary" onClick={() => app.send({ type: 'view.opened', view: 'analytics' })}>
          {w.openAnalytics}
        </Button>
      </Section>
      <CancelSection organizer={organizer} />
    </>
  );
}
