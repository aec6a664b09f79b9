import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { ManualTimers, waitFor } from '../../test/wait';
import { loop, periodicTask } from './periodic-task';

it('runs only once the server listens, again after each run, and goes on after a failed run', async () => {
  const timers = new ManualTimers();
  let runs = 0;
  const app = Fastify({ logger: false });
  const task = periodicTask(app, {
    firstRunMs: 100,
    everyMs: 5,
    failure: 'test task failed',
    timers,
    task: () => (++runs === 1 ? Promise.reject(new Error('first run fails')) : Promise.resolve()),
  });
  await app.ready();
  expect(timers.pending).toBe(0);
  await app.listen({ port: 0, host: '127.0.0.1' });
  timers.advance(99);
  expect(runs).toBe(0);
  timers.advance(1);
  expect(runs).toBe(1);
  // The next run waits `everyMs` from the failed run's end.
  await waitFor(() => timers.pending === 1);
  timers.advance(5);
  expect(runs).toBe(2);
  await waitFor(() => timers.pending === 1);
  await task.runNow();
  expect(runs).toBe(3);
  await app.close();
  expect(timers.pending).toBe(0);
});

it("starts on 'ready' when asked, whether or not the server listens", async () => {
  const timers = new ManualTimers();
  let runs = 0;
  const app = Fastify({ logger: false });
  periodicTask(app, {
    startOn: 'ready',
    firstRunMs: 10,
    everyMs: 10,
    failure: 'test task failed',
    timers,
    task: () => Promise.resolve(runs++),
  });
  await app.ready();
  timers.advance(10);
  expect(runs).toBe(1);
  await app.close();
});

it('closing waits for a run under way and starts no other', async () => {
  const events: string[] = [];
  let release!: () => void;
  const timers = new ManualTimers();
  const app = Fastify({ logger: false });
  periodicTask(app, {
    firstRunMs: 0,
    everyMs: 0,
    failure: 'test task failed',
    timers,
    task: async () => {
      events.push('start');
      await new Promise<void>((r) => (release = r));
      events.push('end');
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  expect(events).toEqual(['start']);
  let closed = false;
  const closing = app.close().then(() => (closed = true));
  // The close has reached the loop (its timer is gone) and waits for the run.
  await waitFor(() => timers.pending === 0 && events.length === 1);
  await Promise.resolve();
  expect(closed).toBe(false);
  release();
  await closing;
  timers.advance(1000);
  expect(events).toEqual(['start', 'end']);
});

it('runNow during a run runs once more right after it; a request the task took is served by its run', async () => {
  const timers = new ManualTimers();
  const gates: (() => void)[] = [];
  let runs = 0;
  let took = false;
  const task = loop({
    firstRunMs: 1000,
    everyMs: 1000,
    failure: 'test task failed',
    timers,
    task: async () => {
      runs++;
      await new Promise<void>((r) => gates.push(r));
      if (took) took = task.takeRequests();
    },
  });
  task.start();
  const first = task.runNow();
  const again = task.runNow();
  expect(runs).toBe(1);
  gates.shift()!();
  await first;
  await waitFor(() => runs === 2);
  gates.shift()!();
  await again;
  // A request taken by the run under way needs no run of its own.
  await waitFor(() => timers.pending === 1);
  const third = task.runNow();
  took = true;
  const taken = task.runNow();
  gates.shift()!();
  await Promise.all([third, taken]);
  expect(runs).toBe(3);
  expect(timers.pending).toBe(1);
  await task.stop();
});

it('waits as long as the run asks when the wait is computed from its result', async () => {
  const timers = new ManualTimers();
  let runs = 0;
  const task = loop({
    firstRunMs: 0,
    everyMs: (next: number | undefined) => next ?? 0,
    failure: 'test task failed',
    timers,
    task: () => Promise.resolve(++runs * 100),
  });
  task.start();
  await waitFor(() => timers.pending === 1);
  timers.advance(99);
  expect(runs).toBe(1);
  timers.advance(1);
  expect(runs).toBe(2);
  await waitFor(() => timers.pending === 1);
  timers.advance(199);
  expect(runs).toBe(2);
  await task.stop();
});
