/**
 * A setup file of the projects that run the charts (machines, ui). The app only logs some
 * failures (SPEC 8, machines/log.ts: "[wallflower] <what>: <why>"), and the tests that make
 * calls fail on purpose would print one for each: lines a reader of the suite's output
 * would have to learn to ignore. They are kept for the test instead (loggedFailures());
 * everything else written to the console still shows.
 */
import { beforeEach, vi } from 'vitest';

const kept: string[] = [];
// The console's own, as each file starts (tests/reset-between-files.ts restores it first).
const warn = console.warn.bind(console);
/** What the app logged as failed during this test, in order. */
export const loggedFailures = (): readonly string[] => kept;

beforeEach(() => {
  kept.length = 0;
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('[wallflower] ')) kept.push(args.map(String).join(' '));
    else warn(...args);
  });
});
