// PGlite runs here, off the main thread, so a slow query never blocks the event loop
// (docs/decisions/0002-pglite-in-a-worker.md). Plain JavaScript: the same file runs under tests (no build) and from dist (copied).
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** Same parsers drizzle's PGlite driver passes: dates stay strings, drizzle maps them. */
const identity = (/** @type {unknown} */ value) => value;
const parsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [
    t,
    identity,
  ]),
);

/** @type {{ dataDir?: string, template?: string }} */
const options = workerData ?? {};

const loadDataDir = options.template ? new Blob([await readFile(options.template)]) : undefined;
const db = await PGlite.create({
  dataDir: options.dataDir,
  // btree_gin: the family id and the search trigrams share one GIN index (migration 0004).
  extensions: { pg_trgm, btree_gin },
  loadDataDir,
  // Without a cap the WAL grows the data directory to about 4x the data.
  startParams: [...PGlite.defaultStartParams, '-c', 'max_wal_size=64MB'],
});

/** @param {unknown} error */
function serializeError(error) {
  const e = /** @type {Record<string, unknown>} */ (error ?? {});
  return {
    message: String(e.message ?? error),
    code: typeof e.code === 'string' ? e.code : undefined,
    constraint: typeof e.constraint === 'string' ? e.constraint : undefined,
    detail: typeof e.detail === 'string' ? e.detail : undefined,
    table: typeof e.table === 'string' ? e.table : undefined,
    column: typeof e.column === 'string' ? e.column : undefined,
  };
}

/**
 * @param {{ op: string, sql?: string, params?: unknown[], rowMode?: 'array' | 'object' }} msg
 */
async function handle(msg) {
  switch (msg.op) {
    case 'query': {
      const r = await db.query(msg.sql ?? '', msg.params ?? [], {
        rowMode: msg.rowMode ?? 'object',
        parsers,
      });
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows ?? 0 };
    }
    case 'exec':
      await db.exec(msg.sql ?? '');
      return null;
    case 'dump': {
      const file = await db.dumpDataDir('none');
      return new Uint8Array(await file.arrayBuffer());
    }
    case 'close':
      await db.exec('CHECKPOINT').catch(() => undefined);
      await db.close();
      return null;
    default:
      throw new Error(`unknown op ${msg.op}`);
  }
}

parentPort?.on('message', (/** @type {{ id: number }} */ msg) => {
  handle(/** @type {any} */ (msg)).then(
    (result) => parentPort?.postMessage({ id: msg.id, ok: true, result }),
    (error) => parentPort?.postMessage({ id: msg.id, ok: false, error: serializeError(error) }),
  );
});
parentPort?.postMessage({ ready: true });
