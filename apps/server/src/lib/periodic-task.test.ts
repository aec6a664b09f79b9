import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { periodicTask } from './periodic-task';

it('runs only once the server listens, again after each run, and goes on after a failed run', async () => {
  const runs: number[] = [];
  const app = Fastify({ logger: false });
  periodicTask(app, {
    firstRunMs: 0,
    everyMs: 5,
    failure: 'test task failed',
    task: () => {
      runs.push(Date.now());
      return runs.length === 1 ? Promise.reject(new Error('first run fails')) : Promise.resolve();
    },
  });
  await app.ready();
  await new Promise((r) => setTimeout(r, 30));
  expect(runs).toHaveLength(0);
  await app.listen({ port: 0, host: '127.0.0.1' });
  await expect.poll(() => runs.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
  await app.close();
});

it('closing waits for a run under way and starts no other', async () => {
  const events: string[] = [];
  let release!: () => void;
  const app = Fastify({ logger: false });
  periodicTask(app, {
    firstRunMs: 0,
    everyMs: 0,
    failure: 'test task failed',
    task: async () => {
      events.push('start');
      await new Promise<void>((r) => (release = r));
      events.push('end');
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await expect.poll(() => events).toEqual(['start']);
  const closed = app.close().then(() => events.push('closed'));
  await new Promise((r) => setTimeout(r, 50));
  expect(events).toEqual(['start']);
  release();
  await closed;
  await new Promise((r) => setTimeout(r, 20));
  expect(events).toEqual(['start', 'end', 'closed']);
});
