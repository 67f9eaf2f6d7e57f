/**
 * A job run every `everyMs` on this instance (breaks that run out, meeting reminders, recap
 * nudges): a slow run is not overtaken by the next one, a failure is logged, and stopping
 * waits for a run under way. Each job decides by its own claims which instance does what.
 */
export function sweepEvery(log: { warn: (o: object, msg: string) => void }, everyMs: number, failed: string, run: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= run()
      .catch((err: unknown) => log.warn({ err }, failed))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
