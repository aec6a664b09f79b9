import type { FastifyInstance } from 'fastify';

/** Where a loop's waits come from: the real timers, or a clock a test moves by hand. */
export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** Node's timers, unref'd: a waiting loop never keeps the process up. */
const realTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface LoopOptions<T> {
  /** How long after `start()` the first run begins: 0 runs at once. */
  firstRunMs: number;
  /** The wait after each run ends before the next, or that wait computed from the run's result. */
  everyMs: number | ((result: T | undefined) => number);
  task: () => Promise<T>;
  /** Logged with the error when a run fails; the schedule goes on. */
  failure: string;
  /** Where a failed run is logged (none: the failure is dropped, the next run tries again). */
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  level?: 'warn' | 'error';
  timers?: Timers;
}

export interface Loop {
  /** Starts the schedule: the first run `firstRunMs` from now. */
  start(): void;
  /**
   * Runs now, or right after the run under way ends; answers once a run that began after this call
   * (or one that took the request, `takeRequests`) has ended. A stopped loop answers at once.
   */
  runNow(): Promise<void>;
  /**
   * For the task: whether a run was asked for since this run began (or since the last call), taking
   * those requests into this run. A task that looks again after calling it spares the extra run.
   */
  takeRequests(): boolean;
  /** Stops the schedule and waits for the run under way (at most `waitMs`, when given). */
  stop(waitMs?: number): Promise<void>;
}

/**
 * One background loop: runs `task`, waits, runs it again, never two runs at once. `runNow` wakes it
 * early; `stop` ends it. Every periodic loop of the server is one of these (app loops through
 * `periodicTask`, per-job heartbeats directly), so tests can move its clock or ask for a run.
 */
export function loop<T>(options: LoopOptions<T>): Loop {
  const timers = options.timers ?? realTimers;
  let timer: unknown;
  let running: Promise<void> | undefined;
  let started = false;
  let stopped = false;
  let requested = false;
  /** Waiting for the run under way (requests it took) and for the next one. */
  let thisRun: (() => void)[] = [];
  let nextRun: (() => void)[] = [];

  const wait = (ms: number) => {
    if (stopped) return;
    timers.clear(timer);
    timer = timers.set(() => {
      timer = undefined;
      run();
    }, ms);
  };
  const run = () => {
    if (stopped || running) return;
    timers.clear(timer);
    timer = undefined;
    requested = false;
    thisRun = nextRun;
    nextRun = [];
    let result: T | undefined;
    running = options
      .task()
      .then((value) => {
        result = value;
      })
      .catch((err: unknown) => options.log?.[options.level ?? 'warn']({ err }, options.failure))
      .finally(() => {
        running = undefined;
        const waiting = thisRun;
        thisRun = [];
        for (const done of waiting) done();
        if (stopped) return;
        if (requested) run();
        else wait(typeof options.everyMs === 'number' ? options.everyMs : options.everyMs(result));
      });
  };

  return {
    start() {
      if (started || stopped) return;
      started = true;
      if (options.firstRunMs <= 0) run();
      else wait(options.firstRunMs);
    },
    runNow() {
      if (stopped) return Promise.resolve();
      const done = new Promise<void>((resolve) => nextRun.push(resolve));
      if (running) requested = true;
      else run();
      return done;
    },
    takeRequests() {
      const was = requested;
      requested = false;
      thisRun.push(...nextRun);
      nextRun = [];
      return was;
    },
    async stop(waitMs?: number) {
      stopped = true;
      timers.clear(timer);
      timer = undefined;
      for (const done of nextRun.splice(0)) done();
      if (!running) return;
      if (waitMs === undefined) {
        await running;
        return;
      }
      // A real deadline, whatever clock the loop waits by: closing must not hang on a stuck run.
      let cap: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise<void>((resolve) => (cap = setTimeout(resolve, waitMs)))]);
      clearTimeout(cap);
    },
  };
}

/**
 * Runs `task` in this process a while after the server starts listening (so a long first run never
 * holds back the start; `startOn: 'ready'` starts it when the app is ready, listening or not), then
 * again `everyMs` after each run ends. Closing the server stops the schedule and waits for a run under
 * way, so the task never meets a closed database. A failed run is logged as `failure` and the schedule
 * goes on. Answers the loop, whose `runNow` runs it at once.
 */
export function periodicTask(
  app: FastifyInstance,
  { startOn = 'listen', ...options }: Omit<LoopOptions<unknown>, 'log'> & { startOn?: 'listen' | 'ready' },
): Loop {
  const task = loop({ ...options, log: app.log });
  if (startOn === 'listen') app.addHook('onListen', () => task.start());
  else app.addHook('onReady', () => task.start());
  // preClose runs before the plugins' onClose hooks, so the database is still open for a run to end.
  app.addHook('preClose', () => task.stop());
  return task;
}
