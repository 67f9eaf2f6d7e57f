import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from 'styled-components';
import type { EventAnalytics } from '../../contract/media';
import { AnalyticsFigures, CompatibilityChart, ConnectionsByHourChart } from '../../src/components/AnalyticsCharts';
import { theme } from '../../src/theme/theme';
import { sampleAnalytics } from '../machines/media.fakes';

function renderCharts(a: EventAnalytics) {
  return render(
    <ThemeProvider theme={theme}>
      <AnalyticsFigures analytics={a} />
      <CompatibilityChart analytics={a} />
      <ConnectionsByHourChart analytics={a} />
    </ThemeProvider>,
  );
}

const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('analytics figures and charts', () => {
  it('shows the SPEC 3 counts, and the two scores as rounded percentages', () => {
    renderCharts(sampleAnalytics());
    expect(figure('Attendees')).toHaveTextContent('24');
    expect(figure('Active conversations')).toHaveTextContent('5');
    expect(figure('Successful connections')).toHaveTextContent('6');
    expect(figure('Photos shared')).toHaveTextContent('3');
    expect(figure('Average compatibility')).toHaveTextContent(/^63%$/);
    expect(figure('Connection rate')).toHaveTextContent(/^42%$/);
  });

  it('draws the compatibility bands in the SPEC colours, summarised for screen readers', () => {
    const { container } = renderCharts(sampleAnalytics());
    const ring = screen.getByRole('img', { name: /^Compatibility across 6 connections made here/ });
    expect(ring).toHaveAccessibleName(
      'Compatibility across 6 connections made here: 2 lots in common (over 70%), 3 some common ground (over 40%, up to 70%), 1 something to discover (40% or less). Average 63%.',
    );
    const strokes = [...ring.querySelectorAll('circle')].map((c) => c.getAttribute('stroke'));
    expect(strokes).toEqual([theme.colors.surfaceMuted, theme.colors.level.green.fill, theme.colors.level.yellow.fill, theme.colors.level.red.fill]);
    // Each band's arc is its share of the ring.
    const arcs = [...ring.querySelectorAll('circle')].slice(1).map((c) => Number(c.getAttribute('stroke-dasharray')!.split(' ')[0]));
    const whole = 2 * Math.PI * 60;
    expect(arcs.map((a) => Math.round((a / whole) * 600) / 100)).toEqual([2, 3, 1]);
    const legend = within(screen.getByRole('list', { name: 'Compatibility bands' })).getAllByRole('listitem');
    expect(legend.map((li) => li.textContent)).toEqual([
      'Lots in common (over 70%): 2 (33%)',
      'Some common ground (over 40%, up to 70%): 3 (50%)',
      'Something to discover (40% or less): 1 (17%)',
    ]);
    expect(container.querySelector('svg[role="img"] text')).toHaveTextContent('63%');
  });

  it('says when the pairs are a sample because nobody has connected yet', () => {
    renderCharts(sampleAnalytics({ successful_connections: 0, connections_by_hour: [] }));
    expect(screen.getByText('Across 6 pairs of attendees, before anyone has connected.')).toBeInTheDocument();
  });

  it('draws an empty ring when there is nobody to compare', () => {
    renderCharts(
      sampleAnalytics({
        successful_connections: 0,
        average_compatibility_score: 0,
        engagement_metrics: { connection_rate: 0, compatibility_distribution: { red: 0, yellow: 0, green: 0 } },
      }),
    );
    const ring = screen.getByRole('img', { name: 'Compatibility: no pairs to compare yet.' });
    expect(ring.querySelectorAll('circle')).toHaveLength(1);
  });

  it('draws a bar per hour with connections, with the values in a table for screen readers', () => {
    renderCharts(sampleAnalytics());
    const chart = screen.getByRole('img', { name: /^6 connections in the last 12 hours; the most, 3, in the hour from / });
    expect(chart.querySelectorAll('rect')).toHaveLength(3);
    const heights = [...chart.querySelectorAll('rect')].map((r) => Number(r.getAttribute('height')));
    // Bars are to scale: 1, 2 and 3 connections.
    expect(heights[1]! / heights[0]!).toBeCloseTo(2);
    expect(heights[2]! / heights[0]!).toBeCloseTo(3);
    const table = screen.getByRole('table', { name: 'Connections made in each hour' });
    const counts = within(table).getAllByRole('row').slice(1).map((r) => r.lastElementChild!.textContent);
    expect(counts).toEqual(['0', '0', '0', '0', '0', '0', '0', '1', '0', '2', '3', '0']);
  });

  it('says there were no connections rather than drawing nothing', () => {
    const quiet = sampleAnalytics();
    renderCharts({ ...quiet, connections_by_hour: quiet.connections_by_hour.map((h) => ({ ...h, count: 0 })) });
    expect(screen.getByRole('img', { name: 'No connections in the last 12 hours.' }).querySelectorAll('rect')).toHaveLength(0);
  });
});
