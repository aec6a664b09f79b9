import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` in this process a while after the server starts listening (so a long first run never
 * holds back the start), then again `everyMs` after each run ends. Closing the server stops the
 * schedule and waits for a run under way, so the task never meets a closed database. A failed run is
 * logged as `failure` and the schedule goes on.
 */
export function periodicTask(
  app: FastifyInstance,
  {
    firstRunMs,
    everyMs,
    failure,
    task,
  }: { firstRunMs: number; everyMs: number; failure: string; task: () => Promise<void> },
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const next = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = task()
        .catch((err: unknown) => app.log.warn({ err }, failure))
        .finally(() => {
          running = undefined;
          next(everyMs);
        });
    }, ms).unref();
  };
  app.addHook('onListen', () => next(firstRunMs));
  // preClose runs before the plugins' onClose hooks, so the database is still open for a run to end.
  app.addHook('preClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
