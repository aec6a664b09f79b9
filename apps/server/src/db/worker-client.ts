import { Worker } from 'node:worker_threads';

interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows: number;
}
interface QueryOptions {
  rowMode?: 'array' | 'object';
}
type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

/** A database error from the worker, with the PostgreSQL fields our error mapping reads. */
class DatabaseError extends Error {
  code?: string;
  constraint?: string;
  detail?: string;
  constructor(fields: { message: string; code?: string; constraint?: string; detail?: string }) {
    super(fields.message);
    this.name = 'DatabaseError';
    Object.assign(this, fields);
  }
}

/** The part of PGlite's interface that drizzle's PGlite driver calls. */
export interface QueryClient {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  transaction<T>(fn: (tx: QueryClient) => Promise<T>): Promise<T>;
}

/** The database thread's name, as the operating system shows it (`top -H`; 15 characters at most). */
export const DATABASE_THREAD_NAME = 'pglite';

/**
 * The database thread's young generation, in MB (decision 0062). Each query's rows are made into
 * objects in this thread and copied to the main thread at once, so almost nothing here outlives a
 * query. With V8's default the thread's heap grew from about 50 MB to 160 MB under 20 000 distinct
 * searches and pages, and kept it; with 8 MB it stays near 35 MB, with no measured change in search
 * latency or import time (docs/performance.md, "Memory under made-up addresses").
 */
const DATABASE_THREAD_YOUNG_MB = 8;

/**
 * Talks to PGlite running in a worker thread. PGlite has one connection, so a transaction holds an
 * exclusive lock: other queries queue behind it instead of landing inside it.
 */
export class WorkerClient implements QueryClient {
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** Exclusive sections (queries, transactions) not yet started, and the one running. */
  private queued = 0;
  private running = 0;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (msg: { id: number; ok: boolean; result?: unknown; error?: DatabaseError }) => {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.ok) p.resolve(msg.result);
      else p.reject(new DatabaseError(msg.error ?? { message: 'unknown database error' }));
    });
    worker.on('error', (err: Error) => this.failAll(err));
    worker.on('exit', () => this.failAll(new Error('database worker stopped')));
  }

  static async start(options: { dataDir?: string; template?: string }): Promise<WorkerClient> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: options,
      name: DATABASE_THREAD_NAME,
      resourceLimits: { maxYoungGenerationSizeMb: DATABASE_THREAD_YOUNG_MB },
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (m: { ready?: boolean }) => {
        if (m.ready) {
          worker.off('error', reject);
          worker.off('message', onMessage);
          resolve();
        }
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    return new WorkerClient(worker);
  }

  private failAll(err: Error) {
    this.closed = true;
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  private send<T>(msg: Record<string, unknown>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('database is closed'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...msg, id });
    });
  }

  /** Queries and transactions waiting for the one connection. */
  get waiting(): number {
    return this.queued;
  }

  /** Whether a query or transaction holds the connection now. */
  get busy(): boolean {
    return this.running > 0;
  }

  /** Runs `fn` when every earlier exclusive section has finished. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    this.queued++;
    const counted = () => {
      this.queued--;
      this.running++;
      return fn().finally(() => this.running--);
    };
    const run = this.queue.then(counted, counted);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private direct(sql: string, params: unknown[] = [], options: QueryOptions = {}) {
    return this.send<QueryResult>({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object' });
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryResult> {
    return this.exclusive(() => this.direct(sql, params, options));
  }

  transaction<T>(fn: (tx: QueryClient) => Promise<T>): Promise<T> {
    const tx: QueryClient = {
      query: (sql, params, options) => this.direct(sql, params, options),
      transaction: () => Promise.reject(new Error('nested transactions use savepoints')),
    };
    return this.exclusive(async () => {
      await this.direct('BEGIN');
      try {
        const result = await fn(tx);
        await this.direct('COMMIT');
        return result;
      } catch (err) {
        await this.direct('ROLLBACK').catch(() => undefined);
        throw err;
      }
    });
  }

  /** A copy of the whole data directory (used to clone a migrated template in tests, and for backups). */
  dump(): Promise<Uint8Array> {
    return this.exclusive(() => this.send<Uint8Array>({ op: 'dump' }));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.exclusive(() => this.send({ op: 'close' }));
    this.closed = true;
    await this.worker.terminate();
  }
}
