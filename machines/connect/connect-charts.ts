/** The charts of "Connect by code" (issue 19): one chunk, by the root's child id (see lazy-charts.ts). */
import { connectCodeMachine } from './connect-code.machine';
import { scannerMachine } from './scanner.machine';

export const connectCharts = { connectCode: connectCodeMachine, scanner: scannerMachine };
