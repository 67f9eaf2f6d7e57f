/**
 * The chart loader as QA's model: the code of a part of the app on its way, out of reach
 * (offline before the app was stored) with Try again, and arrived. The login form's code,
 * which the app waits for as it opens, stands for every part's (a view's says the same
 * with a way back to the events list: tests/components/App.lazy.test.tsx).
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { chartLoaderMachine } from '../../../machines/app/chart-loader.machine';
import type { Chunk } from '../../../machines/lazy-charts';
import { chunkCharts } from '../../machines/charts.fakes';
import { invocationEvent, type ChartModel } from '../harness';

export const CHUNK_DONE = invocationEvent(chartLoaderMachine, 'chartLoader.fetching', 'done');
export const CHUNK_ERROR = invocationEvent(chartLoaderMachine, 'chartLoader.fetching', 'error');
/** How a chunk that cannot be fetched fails (offline before the app was stored). */
export const CHUNK_FAILED = new TypeError('Failed to fetch dynamically imported module');

const chunkOf = (s: AnyMachineSnapshot) => (s.context as { chunk: Chunk }).chunk;

function events(type: string, s: AnyMachineSnapshot): AnyEventObject[] | undefined {
  switch (type) {
    case CHUNK_DONE:
      return [{ type, output: chunkCharts(chunkOf(s)) }];
    case CHUNK_ERROR:
      return [{ type, error: CHUNK_FAILED }];
    // Try again, on the calm "could not load".
    case 'code.retried':
      return [{ type }];
    default:
      return undefined;
  }
}

export const chartLoaderModel: ChartModel = {
  name: 'chart loader',
  machine: chartLoaderMachine,
  starts: [{ label: 'Ada opens Wallflower, signed out', input: { chunk: 'login' } }],
  events,
  serializeState: (s) => JSON.stringify(s.value),
  say: (e) => {
    switch (e.type) {
      case CHUNK_DONE:
        return 'the code of the login form arrives';
      case CHUNK_ERROR:
        return 'the code of the login form cannot be fetched (offline)';
      default:
        return 'Ada presses Try again';
    }
  },
  see: {
    fetching: () => 'Loading…',
    unavailable: () => 'Wallflower could not load, with Try again',
    arrived: () => 'the login view',
  },
  about:
    'The chart that fetches a part’s chunk of charts for the root (the login form’s, the signed-in app’s, each view’s, ' +
    'the plan chooser’s, the report sheet’s). The chunk is a double the path settles; everything else is msw. The ' +
    'sheets’ loaders, which close their sheet and say so instead of offering Try again, are the root’s paths.',
};
