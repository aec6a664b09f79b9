// The requests of the history property test (not a test file itself): who calls, how a write is
// checked and noted for taking back, and how model and database are compared after each step.
import { expect } from 'vitest';
import { bearer, type TestApp } from './harness';
import { delivered, replay, type EventLog } from './history-model-events';
import {
  cloneModel,
  comparable,
  readModel,
  type Catalogue,
  type DeletedKind,
  type Model,
} from './history-model';

export type Actor = 'admin' | 'editor';
export interface Real {
  t: TestApp;
  tokens: Record<Actor, string>;
  /** The one company the editor manages. */
  editorFamily: number;
  counter: { n: number };
  /** A subscriber to every record event, whose replay must hold what the database holds. */
  events: EventLog;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export const call = (r: Real, who: Actor, method: Method, url: string, payload?: object) =>
  r.t.app.inject({ method, url, headers: bearer(r.tokens[who]), ...(payload ? { payload } : {}) });

// Out of an editor's companies: forbidden (403), not there (404), or, for a company named in the
// body, a field error saying no such company (400), as if it did not exist.
export const REFUSED = [400, 403, 404];
export const mayWrite = (r: Real, who: Actor, family: number) => who === 'admin' || family === r.editorFamily;
export const pick = <T>(items: T[], n: number): T | undefined =>
  items.length ? items[n % items.length] : undefined;
export const next = (r: Real) => ++r.counter.n;

export async function newestId(r: Real, path: '/api/activity' | '/api/import'): Promise<number> {
  const res = await call(r, 'admin', 'GET', `${path}?limit=1`);
  return res.json<{ data: { id: number }[] }>().data[0]?.id ?? 0;
}

/** History entries added since `since`, newest first. */
async function entriesSince(r: Real, since: number): Promise<number[]> {
  const res = await call(r, 'admin', 'GET', '/api/activity?limit=100');
  return res
    .json<{ data: { id: number }[] }>()
    .data.map((e) => e.id)
    .filter((id) => id > since);
}

/**
 * The database holds what the model expects, and what a webhook subscriber replaying the events
 * delivered so far holds.
 */
export async function agree(m: Model, r: Real) {
  const stored = comparable(await readModel(r.t.database));
  expect(stored).toEqual(comparable(m));
  const events = await delivered(r.t, r.events);
  expect(comparable(replay(events, r.events.subscription.secret)), 'the events replayed').toEqual(stored);
}

/**
 * Runs one write: expects `status`, and on success pushes how to take it back and applies `change`
 * to the model; a refused write changes nothing.
 */
export async function write(
  m: Model,
  r: Real,
  request: () => Promise<{ statusCode: number; body: string; json: <T>() => T }>,
  expected: number | number[],
  change: (id: number | undefined) => void,
  deleted?: { entity: DeletedKind; id: number },
) {
  const before = cloneModel(m);
  const since = await newestId(r, '/api/activity');
  const res = await request();
  const statuses = Array.isArray(expected) ? expected : [expected];
  expect(statuses, res.body).toContain(res.statusCode);
  if (res.statusCode < 300) {
    const id = res.statusCode === 201 ? res.json<{ id: number }>().id : undefined;
    change(id);
    const entries = await entriesSince(r, since);
    expect(entries.length).toBeGreaterThan(0);
    m.stack.push({ takeBack: { kind: 'entries', entries, ...(deleted ? { deleted } : {}) }, before });
  }
  await agree(m, r);
}

export const topCategories = (m: Catalogue, family?: number) =>
  [...m.categories].filter(([, c]) => c.parent === null && (family === undefined || c.family === family));
