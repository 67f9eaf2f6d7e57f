import { useSelector } from '@xstate/react';
import styled, { useTheme } from 'styled-components';
import type { AnalyticsDay } from '../../contract/admin-events';
import {
  ANALYTICS_SPANS,
  analyticsTotals,
  axisLabelEvery,
  selectAnalyticsStatus,
  type AdminAnalyticsActorRef,
  type AnalyticsSpan,
} from '../../machines/admin-analytics.machine';
import { counted } from '../../machines/admin-pages';
import { BarChart, type BarSeries } from '../components/AnalyticsCharts';
import { SelectField } from '../components/form';
import { LoadState } from '../components/LoadState';
import { Button, Muted, Status } from '../components/ui';
import { AdminActor } from './adminContext';
import { WidePage } from './AdminTable';
import { formatDay } from './format';
import { StatGrid } from './StatGrid';

const SPAN_OPTIONS = ANALYTICS_SPANS.map((days) => ({ value: String(days), label: `${days} days` }));

/** admin-analytics (issue 16): the figures per day, as charts, over a span the admin chooses. */
export function AdminAnalyticsView() {
  const screen = AdminActor.useSelector((s) => s.children.analytics);
  return (
    <WidePage>
      <h1>Analytics</h1>
      {screen ? <AnalyticsBody screen={screen} /> : <Status role="status">Loading analytics…</Status>}
    </WidePage>
  );
}

function AnalyticsBody({ screen }: { screen: AdminAnalyticsActorRef }) {
  const status = useSelector(screen, selectAnalyticsStatus);
  const days = useSelector(screen, (s) => s.context.days);
  const perDay = useSelector(screen, (s) => s.context.perDay);
  return (
    <>
      <Controls>
        <SelectField
          id="admin-analytics-span"
          label="Show the last"
          value={String(days)}
          options={SPAN_OPTIONS}
          onChange={(value) => screen.send({ type: 'analytics.spanChosen', days: Number(value) as AnalyticsSpan })}
        />
        <Button $variant="secondary" disabled={status === 'loading'} onClick={() => screen.send({ type: 'view.reloaded' })}>
          {status === 'loading' ? 'Refreshing…' : 'Refresh'}
        </Button>
      </Controls>
      <Muted>Per day in UTC, oldest first, today last.</Muted>
      <LoadState
        status={status}
        empty={!perDay}
        loading="Loading analytics…"
        failed="We couldn't load the analytics just now."
        retry={() => screen.send({ type: 'view.reloaded' })}
        retryVariant="secondary"
        failedWithContent="above"
      >
        {perDay && <Charts perDay={perDay} />}
      </LoadState>
    </>
  );
}

/** The span's figures, then one chart per thing counted. */
function Charts({ perDay }: { perDay: readonly AnalyticsDay[] }) {
  const theme = useTheme();
  const totals = analyticsTotals(perDay);
  const span = `the last ${counted(perDay.length, 'day', 'days')}`;
  const slots = perDay.map((d) => ({ key: d.date, axis: formatDay(d.date), label: formatDay(d.date, true) }));
  const values = (key: keyof Omit<AnalyticsDay, 'date'>) => perDay.map((d) => d[key]);
  const chart = (caption: string, series: BarSeries[], summary: string) => (
    <BarChart
      caption={caption}
      note={`Over ${span}.`}
      summary={summary}
      slots={slots}
      series={series}
      labelEvery={axisLabelEvery(perDay.length)}
      tableCaption={`${caption}, day by day`}
      slotHeading="Day"
    />
  );
  const busiest = (key: keyof Omit<AnalyticsDay, 'date'>) => {
    const top = perDay.reduce<AnalyticsDay | null>((best, d) => (d[key] > (best?.[key] ?? 0) ? d : best), null);
    return top && `the most, ${top[key]}, on ${formatDay(top.date, true)}`;
  };
  const summed = (key: 'sign_ups' | 'reports', what: string, one: string, many: string) => {
    const most = busiest(key);
    return most ? `${what} over ${span}: ${counted(totals[key], one, many)} in all; ${most}.` : `No ${many} over ${span}.`;
  };
  const activeMost = busiest('active_people');
  return (
    <>
      <StatGrid
        label={`Figures over ${span}`}
        items={[
          { label: 'Sign-ups', value: totals.sign_ups },
          { label: 'Most active in a day', value: totals.most_active },
          { label: 'Requests sent', value: totals.requests_sent },
          { label: 'Requests accepted', value: totals.requests_accepted },
          { label: 'Reports', value: totals.reports },
        ]}
      />
      <ChartGrid>
        {chart(
          'Sign-ups per day',
          [{ name: 'Sign-ups', color: theme.colors.primary, values: values('sign_ups') }],
          summed('sign_ups', 'Sign-ups', 'sign-up', 'sign-ups'),
        )}
        {chart(
          'Active people per day',
          [{ name: 'Active people', color: theme.colors.purple, values: values('active_people') }],
          activeMost ? `People active each day over ${span}: ${activeMost}.` : `Nobody was active over ${span}.`,
        )}
        {chart(
          'Connection requests per day',
          [
            { name: 'Sent', color: theme.colors.primary, values: values('requests_sent') },
            { name: 'Accepted', color: theme.colors.level.green.fill, values: values('requests_accepted') },
          ],
          `Connection requests over ${span}: ${totals.requests_sent} sent, ${totals.requests_accepted} accepted.`,
        )}
        {chart(
          'Reports per day',
          [{ name: 'Reports', color: theme.colors.level.yellow.fill, values: values('reports') }],
          summed('reports', 'Reports', 'report', 'reports'),
        )}
      </ChartGrid>
    </>
  );
}

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  > div { margin-bottom: 0; min-width: 10rem; }
`;

/** Two charts side by side on a large screen, one under another on a phone. */
const ChartGrid = styled.div`
  ${({ theme }) => theme.media.wide} {
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: ${({ theme }) => theme.space(4)};
    > figure { margin-bottom: 0; }
  }
`;
