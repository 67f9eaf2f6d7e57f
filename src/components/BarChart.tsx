/** The bar chart in plain SVG that the analytics share (by hour, and the admin's by day), and the figure that frames a chart. */
import styled, { useTheme } from 'styled-components';

const CHART_W = 320;
const CHART_H = 130;
const EMPTY_CHART_H = 44;
const AXIS_H = 20;
const TOP_PAD = 14;

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

export const ChartFigure = styled.figure`
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

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
  margin: 0 0 ${({ theme }) => theme.space(3)};
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
