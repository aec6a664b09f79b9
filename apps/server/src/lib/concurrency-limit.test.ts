import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from './concurrency-limit';
import { HttpError } from './errors';

/** A task that finishes when the test says so, recording when it started. */
function gate(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<string>((resolve) => (finish = () => resolve(name)));
  return { task: () => (started.push(name), done), finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ConcurrencyLimit', () => {
  it('runs at most the cap at once and starts the waiters in arrival order', async () => {
    const limit = new ConcurrencyLimit(2, 10, 'busy');
    const started: string[] = [];
    const gates = ['a', 'b', 'c', 'd'].map((n) => gate(started, n));
    const results = gates.map((g) => limit.run(g.task));
    await settle();
    expect(started).toEqual(['a', 'b']);
    gates[1]!.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    gates[0]!.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    gates[2]!.finish();
    gates[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('turns a newcomer away with 503 and Retry-After when the queue is full, and frees the slot on failure', async () => {
    const limit = new ConcurrencyLimit(1, 1, 'Too many searches');
    const started: string[] = [];
    const first = gate(started, 'first');
    const running = limit.run(first.task);
    const waiting = limit.run(() => Promise.reject(new Error('query failed')));
    const refused = limit.run(() => Promise.resolve('never'));
    await expect(refused).rejects.toMatchObject({
      statusCode: 503,
      code: 'server.busy',
      params: { what: 'Too many searches' },
      message: 'Too many searches at once; try again in a moment',
      headers: { 'retry-after': '1' },
    });
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    first.finish();
    expect(await running).toBe('first');
    await expect(waiting).rejects.toThrow('query failed');
    // Both slots are free again: a new task runs at once.
    expect(await limit.run(() => Promise.resolve('after'))).toBe('after');
  });
});
