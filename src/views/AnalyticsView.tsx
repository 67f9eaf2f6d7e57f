import { useSelector } from '@xstate/react';
import { selectAnalyticsStatus, type AnalyticsActorRef } from '../../machines/analytics.machine';
import { AppActor } from '../appContext';
import { AnalyticsFigures, CompatibilityChart, ConnectionsByHourChart } from '../components/AnalyticsCharts';
import { Button, Card, Muted, Page, Row, Status, ViewHeader } from '../components/ui';

/** analytics: the event's figures (SPEC 3 "Event analytics") and two charts of them. */
export function AnalyticsView() {
  const analytics = AppActor.useSelector((s) => s.children.analytics as AnalyticsActorRef | undefined);
  const app = AppActor.useActorRef();
  const inEvent = AppActor.useSelector((s) => s.context.currentEvent !== null);
  return (
    <Page>
      <ViewHeader>
        <Button $variant="secondary" $small onClick={() => app.send({ type: 'view.opened', view: inEvent ? 'event' : 'events' })}>
          Back
        </Button>
        <h1>Analytics</h1>
      </ViewHeader>
      {analytics && <AnalyticsBody analytics={analytics} />}
    </Page>
  );
}

function AnalyticsBody({ analytics }: { analytics: AnalyticsActorRef }) {
  const status = useSelector(analytics, selectAnalyticsStatus);
  const data = useSelector(analytics, (s) => s.context.analytics);
  const eventName = useSelector(analytics, (s) => s.context.event?.name);
  if (status === 'noEvent') {
    return (
      <Card>
        <p>Open an event first to see how it is going.</p>
      </Card>
    );
  }
  return (
    <>
      {eventName && <Muted>How {eventName} is going, from what its attendees do here.</Muted>}
      {status === 'loading' && !data && <Status role="status">Loading analytics…</Status>}
      {status === 'failed' && (
        <Card>
          <p>We couldn't load the analytics just now.</p>
          <Button $variant="secondary" onClick={() => analytics.send({ type: 'analytics.reloaded' })}>
            Try again
          </Button>
        </Card>
      )}
      {data && (
        <>
          <AnalyticsFigures analytics={data} />
          <CompatibilityChart analytics={data} />
          <ConnectionsByHourChart analytics={data} />
          <Row>
            <Button $variant="secondary" disabled={status === 'loading'} onClick={() => analytics.send({ type: 'analytics.reloaded' })}>
              {status === 'loading' ? 'Refreshing…' : 'Refresh'}
            </Button>
          </Row>
        </>
      )}
    </>
  );
}
