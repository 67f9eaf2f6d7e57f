/**
 * The shapes the root chart's view states share: a view is entered with its address
 * written and the switchboard told; its charts, when they are in a chunk of their own,
 * are fetched by a chart loader and started as they arrive; a view about a chosen event
 * or person says so when none is chosen.
 */
import type { DoneActorEvent } from 'xstate';
import { CHUNK_CHARTS, type Chunk, type LoadedCharts } from '../lazy-charts';
import type { UserView } from '../views';
import { enterView } from './routes';

/** The chart loader of a part of the app (lazy-charts.ts), and what the root does as the charts arrive. */
export function chartsOf(chunk: Chunk, id: 'charts' | 'pwaLoader' = 'charts') {
  return {
    src: 'chartLoader' as const,
    id,
    input: { chunk },
    onDone: { actions: { type: 'startCharts' as const, params: ({ event }: { event: DoneActorEvent<LoadedCharts> }) => ({ charts: event.output }) } },
  };
}

/** The actions that end a part's charts as it is left. */
export const stopCharts = (chunk: Chunk) => CHUNK_CHARTS[chunk].map((id) => ({ type: 'stopChart' as const, params: { id } }));

/** A part's charts, loaded as it is entered and ended as it is left. */
export const withCharts = (chunk: Chunk) => ({ invoke: chartsOf(chunk), exit: stopCharts(chunk) });

/** A view with charts of its own. */
export const chartedView = (view: UserView & Chunk) => ({ entry: enterView(view), ...withCharts(view) });

/** A view about a chosen event or person: its charts run once one is chosen; without, it asks to choose first. */
export const choosingView = (view: UserView & Chunk, chosen: 'hasCurrentEvent' | 'hasPartner') => ({
  entry: enterView(view),
  initial: 'choosing' as const,
  states: {
    choosing: { always: [{ guard: chosen, target: 'open' as const }, { target: 'none' as const }] },
    open: withCharts(view),
    none: {},
  },
});
