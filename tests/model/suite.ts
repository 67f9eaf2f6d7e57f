/**
 * The vitest side of the model-based tests: one test per generated path, replayed on the
 * app step by step. After each step the transitions the app's chart took must be the
 * ones the model's step took (so a handler removed from the app fails at that step), and
 * the screen must show that state. Kept apart from harness.ts, which runs without vitest.
 */
import { act } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot, InspectionEvent } from 'xstate';
import {
  CoverageRecorder,
  chartTransitions,
  generatePaths,
  pathLines,
  plannedCoverage,
  uncheckedStates,
  type ChartModel,
  type ModelPath,
  type ModelStep,
} from './harness';

/** The least share of a chart's transitions its paths must take on the app (issue 14). */
export const MIN_COVERAGE = 0.9;

/** How long a step may take to reach the app's chart (a lazy view compiles on first use). */
const STEP_TIMEOUT_MS = 3_000;

/** How a chart's paths are played on the app. */
export interface Replay<T> {
  /**
   * Renders the app with the chart's edge actors replaced by doubles and brings it to
   * where the chart starts (`path.start`). `inspect` goes to the root actor's options.
   */
  start: (path: ModelPath, inspect: (e: InspectionEvent) => void) => Promise<T>;
  /** How each event of the model is caused on the app, by event type. */
  events: Record<string, (t: T, event: AnyEventObject, before: AnyMachineSnapshot) => Promise<void>>;
  /** What the screen (or, for charts without a screen of their own, their outputs) shows in each state. */
  states: Record<string, (t: T, step: ModelStep, path: ModelPath) => Promise<void>>;
  stop?: (t: T) => void;
}

/** The model's suite: the completeness checks, one test per path, and the coverage line. */
export function describeModel<T>(model: ChartModel, replay: Replay<T>): void {
  const paths = generatePaths(model);
  const recorder = new CoverageRecorder(model.name, model.counted ?? model.machine);

  describe(`${model.name}: paths generated from the production chart`, () => {
    it('has a check and words for every state its paths reach, and a way to cause every event', () => {
      expect(uncheckedStates(paths, replay.states), 'states without a check on the app').toEqual({ missing: [], stale: [] });
      expect(uncheckedStates(paths, model.see), 'states without words for the paths document').toEqual({ missing: [], stale: [] });
      const types = [...new Set(paths.flatMap((p) => p.steps.slice(1).map((s) => s.event.type)))];
      expect(types.filter((t) => !replay.events[t]), 'events the test cannot cause').toEqual([]);
    });

    it(`plans paths through at least ${MIN_COVERAGE * 100} % of the chart's transitions`, () => {
      const total = chartTransitions(model.counted ?? model.machine).length;
      expect(plannedCoverage(paths).size / total).toBeGreaterThanOrEqual(MIN_COVERAGE);
    });

    let replayed = 0;
    it.each(paths.map((p) => [p.title, p] as const))('%s', async (_, path) => {
      replayed += 1;
      recorder.mark();
      const t = await replay.start(path, recorder.observe);
      let at = 0;
      try {
        for (const [i, step] of path.steps.entries()) {
          at = i;
          if (i > 0) {
            const cause = replay.events[step.event.type];
            if (!cause) throw new Error(`no way to cause ${step.event.type}`);
            await cause(t, step.event, path.steps[i - 1]!.state);
          }
          const expected = [...new Set(step.fired)].sort();
          // The sync point: the app's chart has taken this step (answers arrive a tick later),
          // inside act, so the screen follows the answers as they come.
          await act(() =>
            vi.waitFor(() => expect(recorder.sinceMark(), 'the transitions the app took').toEqual(expected), { timeout: STEP_TIMEOUT_MS }),
          );
          recorder.mark();
          // What the chart now holds is drawn before the screen is read.
          await act(async () => {});
          const check = replay.states[step.key];
          if (!check) throw new Error(`no check on the app for state ${step.key}`);
          await check(t, step, path);
        }
      } catch (error) {
        const lines = pathLines(model, path).map((l, i) => `${i === at ? '✗' : ' '} ${l}`);
        if (error instanceof Error) error.message += `\n\nat step ${at + 1} of:\n${lines.join('\n')}`;
        throw error;
      } finally {
        replay.stop?.(t);
      }
    });

    afterAll(() => {
      console.log(recorder.line());
      // A run of some paths only (vitest -t) says its coverage but is not held to the bar.
      if (replayed === paths.length && recorder.all.size / recorder.total.length < MIN_COVERAGE)
        throw new Error(`${recorder.line()} is under ${MIN_COVERAGE * 100} %; not taken: ${recorder.uncovered().join(', ')}`);
    });
  });
}
