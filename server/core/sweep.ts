/**
 * A job every instance runs on a timer (ending breaks, meeting reminders, reports about
 * deleted people): a slow run is never overtaken by the next, a failure is logged and the
 * next run tries again. Answers how to stop, which waits for a run under way.
 */
export function sweepEvery(ms: number, run: () => Promise<unknown>, failed: (err: unknown) => void): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= run()
      .catch(failed)
      .finally(() => {
        running = null;
      });
  }, ms);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
