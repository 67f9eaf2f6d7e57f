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

const CHART_W = 320;
const CHART_H = 130;
const EMPTY_CHART_H = 44;
const AXIS_H = 20;
const TOP_PAD = 14;

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

/** One row of bars: what they count, their colour, and a value per slot. */
export interface BarSeries {
  name: string;
  color: string;
  values: readonly number[];
}

interface BarChartProps {
  caption: string;
  /** A quiet line under the caption: the span, or that there is nothing yet. */
  note: string;
  /** The chart's name for screen readers: what it shows, in a sentence. */
  summary: string;
  /** The bars' places, oldest first: a short label for the axis, a full one for the table. */
  slots: ReadonlyArray<{ key: string; axis: string; label: string }>;
  /** One series, or several side by side in each slot (with a legend). */
  series: readonly BarSeries[];
  /** Every how many slots the axis is labelled, counting back from the latest so it always is. */
  labelEvery: number;
  tableCaption: string;
  slotHeading: string;
}

/** Above this many slots, bars are too thin for their values: the table under the chart has them. */
const MAX_VALUE_LABELS = 14;

/**
 * Bars per slot in plain SVG, an image named by its summary, with every value in a
 * table only screen readers see. A slot with nothing gets a stub, so a quiet hour or
 * day still reads as one.
 */
export function BarChart({ caption, note, summary, slots, series, labelEvery, tableCaption, slotHeading }: BarChartProps) {
  const theme = useTheme();
  const total = series.reduce((n, s) => n + s.values.reduce((m, v) => m + v, 0), 0);
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const slot = CHART_W / Math.max(1, slots.length);
  const barW = (slot * 0.7) / series.length;
  // With nothing to draw the chart is just its axis, kept short.
  const chartH = total === 0 ? EMPTY_CHART_H : CHART_H;
  const plotH = chartH - AXIS_H - TOP_PAD;
  const base = chartH - AXIS_H;
  return (
    <ChartFigure>
      <figcaption>{caption}</figcaption>
      <Muted>{note}</Muted>
      {series.length > 1 && (
        <SeriesLegend aria-hidden="true">
          {series.map((s) => (
            <li key={s.name}>
              <SeriesSwatch $color={s.color} />
              {s.name}
            </li>
          ))}
        </SeriesLegend>
      )}
      <svg viewBox={`0 0 ${CHART_W} ${chartH}`} width="100%" role="img" aria-label={summary}>
        <line x1="0" x2={CHART_W} y1={base} y2={base} stroke={theme.colors.border} />
        {slots.map((place, i) => {
          const x = i * slot + slot * 0.15;
          const values = series.map((s) => s.values[i] ?? 0);
          return (
            <g key={place.key}>
              {values.some((v) => v > 0) ? (
                values.map((v, k) => {
                  const h = (v / max) * plotH;
                  const bx = x + k * barW;
                  return (
                    v > 0 && (
                      <g key={series[k]!.name}>
                        <rect x={bx} y={base - h} width={barW} height={h} rx={Math.min(3, barW / 2)} fill={series[k]!.color} />
                        {slots.length <= MAX_VALUE_LABELS && (
                          <text x={bx + barW / 2} y={base - h - 3} textAnchor="middle" fontSize="10" fill={theme.colors.text}>
                            {v}
                          </text>
                        )}
                      </g>
                    )
                  );
                })
              ) : (
                <line
                  x1={x}
                  x2={x + slot * 0.7}
                  y1={base - 2}
                  y2={base - 2}
                  stroke={theme.colors.empty}
                  strokeWidth={Math.min(3, slot * 0.5)}
                  strokeLinecap="round"
                />
              )}
              {(slots.length - 1 - i) % labelEvery === 0 && (
                // The latest label ends at the chart's edge rather than running past it.
                <text
                  x={i === slots.length - 1 ? CHART_W : x + slot * 0.35}
                  y={chartH - 5}
                  textAnchor={i === slots.length - 1 ? 'end' : 'middle'}
                  fontSize="10"
                  fill={theme.colors.textMuted}
                >
                  {place.axis}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {/* In a box of its own: a table keeps its rows' height whatever its own height says, and would lengthen the page. */}
      <div className="visually-hidden">
        <table>
          <caption>{tableCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{slotHeading}</th>
              {series.map((s) => (
                <th key={s.name} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {slots.map((place, i) => (
              <tr key={place.key}>
                <td>{place.label}</td>
                {series.map((s) => (
                  <td key={s.name}>{s.values[i] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ChartFigure>
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

const ChartFigure = styled.figure`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.large};
  box-shadow: ${({ theme }) => theme.shadow};
  figcaption {
    font-size: ${({ theme }) => theme.font.size.large};
    font-weight: ${({ theme }) => theme.font.weight.bold};
    margin-bottom: ${({ theme }) => theme.space(1)};
  }
  svg {
    display: block;
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
  margin: 0 0 ${({ theme }) => theme.space(3)};
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

const SeriesLegend = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  margin: 0 0 ${({ theme }) => theme.space(2)};
  padding: 0;
  font-size: ${({ theme }) => theme.font.size.small};
  li { display: flex; align-items: center; gap: ${({ theme }) => theme.space(2)}; }
`;

const SeriesSwatch = styled.span<{ $color: string }>`
  background: ${({ $color }) => $color};
  width: 12px;
  height: 12px;
  border-radius: ${({ theme }) => theme.radius.small};
`;

const Swatch = styled.span<{ $level: Level }>`
  flex: none;
  background: ${({ theme, $level }) => theme.colors.level[$level].fill};
  width: 12px;
  height: 12px;
  border-radius: ${({ theme }) => theme.radius.small};
`;
