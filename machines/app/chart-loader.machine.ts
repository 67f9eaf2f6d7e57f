/**
 * Fetches the chunk a part of the app keeps its charts in (issue 15, lazy-charts.ts) and
 * hands the charts to the root chart, which starts them. While the chunk is on its way it
 * says so ('loadingCode'); when it cannot be fetched, as offline before the app was
 * stored, it says so calmly ('codeUnavailable'), tells the root (`charts.unavailable`) and
 * waits for the person to try again. The root runs one for each part on screen: the
 * login form, the signed-in session, a view, the plan chooser, the report sheet.
 */
import { assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { loadChunk, type Chunk, type LoadedCharts } from '../lazy-charts';

/** Told to the root: the chunk could not be fetched (a sheet closes and says so; a view shows Try again). */
export type ChartsUnavailable = { type: 'charts.unavailable'; chunk: Chunk };

export const chartLoaderMachine = setup({
  types: {
    input: {} as { chunk: Chunk },
    context: {} as { chunk: Chunk; charts: LoadedCharts },
    events: {} as { type: 'code.retried' },
    output: {} as LoadedCharts,
    tags: {} as 'loadingCode' | 'codeUnavailable',
  },
  actors: {
    // The browser keeps a chunk once fetched, so a second time is immediate.
    loadCharts: fromPromise<LoadedCharts, { chunk: Chunk }>(({ input }) => loadChunk(input.chunk)),
  },
  actions: {
    tellUnavailable: sendParent(({ context }): ChartsUnavailable => ({ type: 'charts.unavailable', chunk: context.chunk })),
  },
}).createMachine({
  id: 'chartLoader',
  context: ({ input }) => ({ chunk: input.chunk, charts: {} }),
  initial: 'fetching',
  states: {
    fetching: {
      tags: 'loadingCode',
      invoke: {
        src: 'loadCharts',
        input: ({ context }) => ({ chunk: context.chunk }),
        onDone: { target: 'arrived', actions: assign({ charts: ({ event }) => event.output }) },
        onError: 'unavailable',
      },
    },
    unavailable: {
      tags: 'codeUnavailable',
      entry: 'tellUnavailable',
      on: { 'code.retried': 'fetching' },
    },
    arrived: { type: 'final' },
  },
  output: ({ context }) => context.charts,
});

export type ChartLoaderActorRef = ActorRefFrom<typeof chartLoaderMachine>;
export type ChartLoaderSnapshot = SnapshotFrom<typeof chartLoaderMachine>;

/** Where the code of what should be on screen stands: arriving, or out of reach (offline); null once here. */
export const selectCodeState = (s: ChartLoaderSnapshot | undefined): 'loading' | 'unavailable' | null =>
  s?.hasTag('codeUnavailable') ? 'unavailable' : s?.hasTag('loadingCode') ? 'loading' : null;
