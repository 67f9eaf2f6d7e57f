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
} from '../../machines/admin/admin-analytics.machine';
import { BarChart, type BarSeries } from '../components/AnalyticsCharts';
import { SelectField } from '../components/form';
import { LoadState } from '../components/LoadState';
import { Button, Muted, Status } from '../components/ui';
import { AdminActor } from './adminContext';
import { WidePage } from './AdminTable';
import { formatDay } from './format';
import { StatGrid } from './StatGrid';
import { words } from '../i18n/i18n';
import { ADMIN } from '../i18n/en/admin';
import { ADMIN_ANALYTICS, type Busiest } from '../i18n/en/admin-analytics';

/** admin-analytics (issue 16): the figures per day, as charts, over a span the admin chooses. */
export function AdminAnalyticsView() {
  const screen = AdminActor.useSelector((s) => s.children.analytics);
  return (
    <WidePage>
      <h1>{words(ADMIN).views['admin-analytics']}</h1>
      {screen ? <AnalyticsBody screen={screen} /> : <Status role="status">{words(ADMIN_ANALYTICS).loading}</Status>}
    </WidePage>
  );
}

function AnalyticsBody({ screen }: { screen: AdminAnalyticsActorRef }) {
  const status = useSelector(screen, selectAnalyticsStatus);
  const days = useSelector(screen, (s) => s.context.days);
  const perDay = useSelector(screen, (s) => s.context.perDay);
  const w = words(ADMIN_ANALYTICS);
  return (
    <>
      <Controls>
        <SelectField
          id="admin-analytics-span"
          label={w.span}
          value={String(days)}
          options={ANALYTICS_SPANS.map((n) => ({ value: String(n), label: w.spanOption(n) }))}
          onChange={(value) => screen.send({ type: 'analytics.spanChosen', days: Number(value) as AnalyticsSpan })}
        />
        <Button $variant="secondary" disabled={status === 'loading'} onClick={() => screen.send({ type: 'view.reloaded' })}>
          {status === 'loading' ? w.refreshing : words(ADMIN).refresh}
        </Button>
      </Controls>
      <Muted>{w.perDay}</Muted>
      <LoadState
        status={status}
        empty={!perDay}
        loading={w.loading}
        failed={w.failed}
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
  const days = perDay.length;
  const w = words(ADMIN_ANALYTICS);
  const slots = perDay.map((d) => ({ key: d.date, axis: formatDay(d.date), label: formatDay(d.date, true) }));
  const values = (key: keyof Omit<AnalyticsDay, 'date'>) => perDay.map((d) => d[key]);
  const chart = (caption: string, series: BarSeries[], summary: string) => (
    <BarChart
      caption={caption}
      note={w.over(days)}
      summary={summary}
      slots={slots}
      series={series}
      labelEvery={axisLabelEvery(perDay.length)}
      tableCaption={w.dayByDay(caption)}
      slotHeading={w.day}
    />
  );
  /** The day with the most of `key`, if any had some. */
  const busiest = (key: keyof Omit<AnalyticsDay, 'date'>): Busiest | null => {
    const top = perDay.reduce<AnalyticsDay | null>((best, d) => (d[key] > (best?.[key] ?? 0) ? d : best), null);
    return top && { value: top[key], day: formatDay(top.date, true) };
  };
  return (
    <>
      <StatGrid
        label={w.figures(days)}
        items={[
          { label: w.signUps, value: totals.sign_ups },
          { label: w.mostActive, value: totals.most_active },
          { label: w.requestsSent, value: totals.requests_sent },
          { label: w.requestsAccepted, value: totals.requests_accepted },
          { label: w.reports, value: totals.reports },
        ]}
      />
      <ChartGrid>
        {chart(
          w.signUpsPerDay,
          [{ name: w.signUps, color: theme.colors.primary, values: values('sign_ups') }],
          w.signUpsSummary(days, totals.sign_ups, busiest('sign_ups')),
        )}
        {chart(
          w.activePerDay,
          [{ name: w.activePeople, color: theme.colors.purple, values: values('active_people') }],
          w.activeSummary(days, busiest('active_people')),
        )}
        {chart(
          w.requestsPerDay,
          [
            { name: w.sent, color: theme.colors.primary, values: values('requests_sent') },
            { name: w.accepted, color: theme.colors.level.green.fill, values: values('requests_accepted') },
          ],
          w.requestsSummary(days, totals.requests_sent, totals.requests_accepted),
        )}
        {chart(
          w.reportsPerDay,
          [{ name: w.reports, color: theme.colors.level.yellow.fill, values: values('reports') }],
          w.reportsSummary(days, totals.reports, busiest('reports')),
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
