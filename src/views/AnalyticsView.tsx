import { useSelector } from '@xstate/react';
import { selectAnalyticsStatus, type AnalyticsActorRef } from '../../machines/analytics.machine';
import { AppActor } from '../appContext';
import { AnalyticsFigures, CompatibilityChart, ConnectionsByHourChart } from '../components/AnalyticsCharts';
import { LoadState } from '../components/LoadState';
import { Button, Card, Muted, Row } from '../components/ui';
import { ViewPage } from '../components/ViewPage';
import { chartOf } from '../../machines/lazy-charts';

/** analytics: the event's figures (SPEC 3 "Event analytics") and two charts of them. */
export function AnalyticsView() {
  const analytics = AppActor.useSelector((s) => chartOf(s, 'analytics'));
  const inEvent = AppActor.useSelector((s) => s.context.currentEvent !== null);
  return (
    <ViewPage back={inEvent ? 'event' : 'events'} title="Analytics">
      {analytics && <AnalyticsBody analytics={analytics} />}
    </ViewPage>
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
      <LoadState
        status={status}
        empty={!data}
        loading="Loading analytics…"
        failed="We couldn't load the analytics just now."
        retry={() => analytics.send({ type: 'analytics.reloaded' })}
        retryVariant="secondary"
        failedWithContent="above"
      >
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
      </LoadState>
    </>
  );
}
