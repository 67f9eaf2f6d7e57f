/**
 * The analytics figures and charts, drawn from one EventAnalytics answer in plain SVG.
 * Each chart is an image with a summary for screen readers and its values in text
 * beside it (a legend, or a table only screen readers see).
 */
import styled, { useTheme } from 'styled-components';
import { compatibilityLevel, compatibilityPercent, type Level } from '../../contract/constants';
import type { EventAnalytics } from '../../contract/media';
import { distributionSlices, hourBars, percentText } from '../../machines/event/analytics.machine';
import { shownLanguage, words } from '../i18n/i18n';
import { EVENT_ANALYTICS } from '../i18n/en/analytics';
import { localeFor } from './format';
import { BarChart, ChartFigure, Muted } from './BarChart';

// The bar chart lives in BarChart.tsx; its importers still take it from here.
export { BarChart, type BarSeries } from './BarChart';

/** An hour's start, short for the axis ("14") and whole for the table ("14:00"), in the language shown. */
function hourFormats() {
  const locale = localeFor(shownLanguage());
  return {
    axis: new Intl.DateTimeFormat(locale, { hour: 'numeric' }),
    whole: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }),
  };
}

/** The six figures of SPEC 3, the two scores as percentages with a bar each. */
export function AnalyticsFigures({ analytics: a }: { analytics: EventAnalytics }) {
  const theme = useTheme();
  const rate = a.engagement_metrics.connection_rate;
  const average = a.average_compatibility_score;
  const w = words(EVENT_ANALYTICS);
  return (
    <Figures>
      <div>
        <dt>{w.attendees}</dt>
        <dd>{a.total_attendees}</dd>
      </div>
      <div>
        <dt>{w.activeConversations}</dt>
        <dd>{a.active_conversations}</dd>
      </div>
      <div>
        <dt>{w.successfulConnections}</dt>
        <dd>{a.successful_connections}</dd>
      </div>
      <div>
        <dt>{w.photosShared}</dt>
        <dd>{a.photos_shared}</dd>
      </div>
      <div>
        <dt>{w.averageCompatibility}</dt>
        <dd>
          {percentText(average)}
          <Bar share={average} fill={theme.colors.level[compatibilityLevel(average)].fill} />
        </dd>
      </div>
      <div>
        <dt>{w.connectionRate}</dt>
        <dd>
          {percentText(rate)}
          <Bar share={rate} fill={theme.colors.primary} />
        </dd>
      </div>
    </Figures>
  );
}

/** A thin bar under a percentage; the number beside it says the same, so it is hidden from screen readers. */
function Bar({ share, fill }: { share: number; fill: string }) {
  const theme = useTheme();
  const width = Math.max(0, Math.min(1, share)) * 100;
  return (
    <svg className="bar" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width="100" height="6" rx="3" fill={theme.colors.surfaceMuted} />
      {width > 0 && <rect x="0" y="0" width={width} height="6" rx="3" fill={fill} />}
    </svg>
  );
}

const RADIUS = 60;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A ring of the compatibility bands in SPEC 1's colours, the average in its middle. */
export function CompatibilityChart({ analytics: a }: { analytics: EventAnalytics }) {
  const theme = useTheme();
  const w = words(EVENT_ANALYTICS);
  const slices = distributionSlices(a).map((s) => ({ ...s, label: w.bands[s.level] }));
  const total = slices.reduce((n, s) => n + s.count, 0);
  const made = a.successful_connections > 0;
  const summary = w.matchedSummary(total, made, slices, percentText(a.average_compatibility_score));
  let offset = 0;
  return (
    <ChartFigure>
      <figcaption>{w.matchedCaption}</figcaption>
      <Muted>{w.matchedNote(total, made)}</Muted>
      <RingRow>
        <svg viewBox="0 0 160 160" width="160" height="160" role="img" aria-label={summary}>
          <circle cx="80" cy="80" r={RADIUS} fill="none" stroke={theme.colors.surfaceMuted} strokeWidth="24" />
          {total > 0 &&
            slices.map((s) => {
              const length = s.share * CIRCUMFERENCE;
              const dash = (
                <circle
                  key={s.level}
                  cx="80"
                  cy="80"
                  r={RADIUS}
                  fill="none"
                  stroke={theme.colors.level[s.level].fill}
                  strokeWidth="24"
                  strokeDasharray={`${length} ${CIRCUMFERENCE - length}`}
                  strokeDashoffset={-offset}
                  transform="rotate(-90 80 80)"
                />
              );
              offset += length;
              return s.count > 0 ? dash : null;
            })}
          <text x="80" y="78" textAnchor="middle" fontSize="26" fontWeight="650" fill={theme.colors.text}>
            {percentText(a.average_compatibility_score)}
          </text>
          <text x="80" y="100" textAnchor="middle" fontSize="12" fill={theme.colors.textMuted}>
            {w.average}
          </text>
        </svg>
        <Legend aria-label={w.bandsLabel}>
          {slices.map((s) => (
            <li key={s.level}>
              <Swatch $level={s.level} aria-hidden="true" />
              <span>
                {s.label}: <strong>{s.count}</strong>
                {total > 0 && ` (${compatibilityPercent(s.share)}%)`}
              </span>
            </li>
          ))}
        </Legend>
      </RingRow>
    </ChartFigure>
  );
}

/** Connections made per hour over the last twelve hours, oldest first. */
export function ConnectionsByHourChart({ analytics }: { analytics: EventAnalytics }) {
  const theme = useTheme();
  const bars = hourBars(analytics);
  const total = bars.reduce((n, b) => n + b.count, 0);
  const busiest = bars.reduce<(typeof bars)[number] | null>((best, b) => (b.count > (best?.count ?? 0) ? b : best), null);
  const w = words(EVENT_ANALYTICS);
  const hour = hourFormats();
  const summary = w.byHourSummary(total, bars.length, busiest?.count ?? 0, busiest ? hour.whole.format(new Date(busiest.hour)) : '');
  return (
    <BarChart
      caption={w.byHourCaption}
      note={w.byHourNote(total, bars.length)}
      summary={summary}
      slots={bars.map((b) => ({ key: b.hour, axis: hour.axis.format(new Date(b.hour)), label: hour.whole.format(new Date(b.hour)) }))}
      series={[{ name: w.series, color: theme.colors.primary, values: bars.map((b) => b.count) }]}
      labelEvery={3}
      tableCaption={w.byHourTable}
      slotHeading={w.hourFrom}
    />
  );
}

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  > div {
    padding: ${({ theme }) => theme.space(3)};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.medium};
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.small};
  }
  dd {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    font-size: ${({ theme }) => theme.font.size.title};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
  .bar {
    display: block;
    width: 100%;
    height: 6px;
    margin-top: ${({ theme }) => theme.space(1)};
  }
`;

const RingRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
  svg {
    flex: none;
  }
`;

const Legend = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  flex: 1 1 10rem;
  li {
    display: flex;
    align-items: baseline;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(1)} 0;
  }
`;

const Swatch = styled.span<{ $level: Level }>`
  flex: none;
  background: ${({ theme, $level }) => theme.colors.level[$level].fill};
  width: 12px;
  height: 12px;
  border-radius: ${({ theme }) => theme.radius.small};
`;
