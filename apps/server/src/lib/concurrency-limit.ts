import { HttpError } from './errors';

/**
 * Runs at most `concurrency` tasks at once; the rest wait in arrival order, at most `maxWaiting` of
 * them (a newcomer past that gets 503 with Retry-After). A waiting task costs no CPU, so a cap keeps
 * the event loop from queueing a burst of finished database answers in front of everything else.
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
    /** Who is too many, for the 503: `Too many searches` (at once; try again in a moment). */
    private readonly busyMessage: string,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) {
        throw new HttpError(
          503,
          'server.busy',
          { what: this.busyMessage },
          { headers: { 'retry-after': '1' } },
        );
      }
      await new Promise<void>((start) => this.waiting.push(start));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so `running` stays counted.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
