import { useSelector } from '@xstate/react';
import { selectAnalyticsStatus, type AnalyticsActorRef } from '../../machines/event/analytics.machine';
import { AppActor } from '../appContext';
import { AnalyticsFigures, CompatibilityChart, ConnectionsByHourChart } from '../components/AnalyticsCharts';
import { LoadState } from '../components/LoadState';
import { Button, Card, Muted, Row } from '../components/ui';
import { ViewPage } from '../components/ViewPage';
import { chartOf } from '../../machines/lazy-charts';
import { words } from '../i18n/i18n';
import { EVENT_ANALYTICS } from '../i18n/en/analytics';

/** analytics: the event's figures (SPEC 3 "Event analytics") and two charts of them. */
export function AnalyticsView() {
  const analytics = AppActor.useSelector((s) => chartOf(s, 'analytics'));
  const inEvent = AppActor.useSelector((s) => s.context.currentEvent !== null);
  return (
    <ViewPage back={inEvent ? 'event' : 'events'} title={words(EVENT_ANALYTICS).title}>
      {analytics && <AnalyticsBody analytics={analytics} />}
    </ViewPage>
  );
}

function AnalyticsBody({ analytics }: { analytics: AnalyticsActorRef }) {
  const status = useSelector(analytics, selectAnalyticsStatus);
  const data = useSelector(analytics, (s) => s.context.analytics);
  const eventName = useSelector(analytics, (s) => s.context.event?.name);
  const w = words(EVENT_ANALYTICS);
  if (status === 'noEvent') {
    return (
      <Card>
        <p>{w.openFirst}</p>
      </Card>
    );
  }
  return (
    <>
      {eventName && <Muted>{w.howGoing(eventName)}</Muted>}
      <LoadState
        status={status}
        empty={!data}
        loading={w.loading}
        failed={w.failed}
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
                {status === 'loading' ? w.refreshing : w.refresh}
              </Button>
            </Row>
          </>
        )}
      </LoadState>
    </>
  );
}
