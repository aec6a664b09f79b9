import { setTimeout as pause } from 'node:timers/promises';
import type { Timers } from '../src/lib/periodic-task';

/**
 * Waits until `condition` holds (answers true, or a value that is not false/null/undefined), asking
 * again every `interval` ms; fails after `timeout` ms with `message`. Answers what the condition
 * answered. The one way tests wait for something that happens in its own time (another process, a
 * socket, a background round): never a fixed sleep.
 */
export async function waitFor<T>(
  condition: () => T | Promise<T>,
  {
    timeout = 10_000,
    interval = 20,
    message = 'the condition never held',
  }: { timeout?: number; interval?: number; message?: string | (() => string) } = {},
): Promise<NonNullable<Exclude<T, false>>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await condition();
    if (value !== false && value !== null && value !== undefined)
      return value as NonNullable<Exclude<T, false>>;
    if (Date.now() > deadline) {
      throw new Error(`${typeof message === 'string' ? message : message()} (waited ${timeout} ms)`);
    }
    await pause(interval);
  }
}

/** Timers a test moves by hand (for `loop` and `periodicTask`): nothing fires until `advance`. */
export class ManualTimers implements Timers {
  private now = 0;
  private nextId = 0;
  private readonly due = new Map<number, { at: number; run: () => void }>();

  set(run: () => void, ms: number): unknown {
    const id = ++this.nextId;
    this.due.set(id, { at: this.now + ms, run });
    return id;
  }

  clear(handle: unknown): void {
    this.due.delete(handle as number);
  }

  /** How many timers wait to fire. */
  get pending(): number {
    return this.due.size;
  }

  /** Moves the clock on by `ms`, firing each timer that falls due, in order. */
  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const [id, next] = [...this.due].sort((a, b) => a[1].at - b[1].at)[0] ?? [];
      if (id === undefined || !next || next.at > until) break;
      this.due.delete(id);
      this.now = next.at;
      next.run();
    }
    this.now = until;
  }
}
