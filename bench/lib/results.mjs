/**
 * What the benchmarks share in reporting: percentiles, the machine line, and appending a
 * run to bench/RESULTS.md under its heading (newest run last in that section, the other
 * sections left where they are).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

const RESULTS = new URL('../RESULTS.md', import.meta.url);

/** Appends a run under `heading` in bench/RESULTS.md, making the heading if new. */
export function appendResults(section, heading) {
  const text = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '# Benchmark results\n';
  const at = text.indexOf(heading);
  if (at === -1) {
    writeFileSync(RESULTS, `${text.trimEnd()}\n\n${heading}\n\n${section}`);
    return;
  }
  const next = text.indexOf('\n## ', at + heading.length);
  const end = next === -1 ? text.length : next + 1;
  writeFileSync(RESULTS, `${text.slice(0, end).trimEnd()}\n\n${section}${next === -1 ? '' : `\n${text.slice(end)}`}`);
}

/** Writes the section unless BENCH_NO_WRITE=1; prints it either way. */
export function report(section, heading) {
  console.log(`\n${section}`);
  if (process.env.BENCH_NO_WRITE === '1') return;
  appendResults(section, heading);
  console.log('appended to bench/RESULTS.md');
}

/** The q-quantile (0..1) of ascending `sorted`, nearest rank; NaN when empty. */
export const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] : NaN);

/** count, p50, p99 and max of some latencies in ms. */
export function summarize(latencies) {
  const s = Float64Array.from(latencies).sort();
  return { count: s.length, p50: quantile(s, 0.5), p99: quantile(s, 0.99), max: s.length ? s[s.length - 1] : NaN };
}

export const ms = (x) => (Number.isFinite(x) ? x.toFixed(1) : '–');
export const loadAverage = () => os.loadavg().map((x) => x.toFixed(1)).join(' / ');

/** "2 cores (nproc), <cpu>, Node v…, linux …" */
export const machine = () =>
  `${os.availableParallelism()} cores (nproc), ${os.cpus()[0]?.model?.trim() ?? 'unknown CPU'}, Node ${process.version}, ${os.platform()} ${os.release()}`;

/** The command as run: `A=1 B=2 node --import tsx bench/x.mjs`, naming the options of `names` that were set. */
export const commandLine = (script, names) =>
  [...names.filter((n) => process.env[n] !== undefined).map((n) => `${n}=${process.env[n]}`), `node --import tsx ${script}`].join(' ');
