import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { HttpError } from './errors';

/**
 * A disk that is full or cannot be written: not the client's fault and not a bug of ours, but a
 * fault an operator fixes (free space, remount). Answered 503 with a stable code and `Retry-After`,
 * after the write path has removed what it had begun, so nothing changed.
 */
export type StorageFault = 'full' | 'readOnly';
/**
 * Which storage: the media store, DATA_DIR (uploads spooled under tmp/, PGlite's files), the
 * database, or a disk the error does not name.
 */
export type StorageWhere = 'media' | 'data' | 'database' | 'storage';

export const STORAGE_CODES: Record<StorageFault, 'storage.full' | 'storage.readOnly'> = {
  full: 'storage.full',
  readOnly: 'storage.readOnly',
};

/** How long a client waits before trying again: freeing space or remounting takes a person. */
const STORAGE_RETRY_AFTER_S = 60;

const FULL = new Set(['ENOSPC', 'EDQUOT']);
/** Refused permission: a fault of the storage only when it refused a write (see `storageWrite`). */
const DENIED = new Set(['EACCES', 'EPERM']);

function codes(err: unknown): string[] {
  const out: string[] = [];
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') out.push(code);
    e = (e as { cause?: unknown }).cause;
  }
  return out;
}

/**
 * The storage fault an error reports, if any. ENOSPC, EDQUOT and EROFS mean a full or read-only disk
 * wherever they come from; EACCES and EPERM only when `writing` says the error came from a write (a
 * read refused for permission is not a read-only disk).
 */
export function storageFault(err: unknown, writing = false): StorageFault | undefined {
  for (const code of codes(err)) {
    if (FULL.has(code) || code === STORAGE_CODES.full) return 'full';
    if (code === 'EROFS' || code === STORAGE_CODES.readOnly || (writing && DENIED.has(code))) {
      return 'readOnly';
    }
  }
  return undefined;
}

const WHAT: Record<StorageWhere, string> = {
  media: 'The media storage',
  data: "The server's data folder",
  database: "The database's storage",
  storage: "The server's storage",
};

/** The sentence for a fault of one storage: "The media storage is full". */
export const storageMessage = (fault: StorageFault, where: StorageWhere) =>
  `${WHAT[where]} is ${fault === 'full' ? 'full' : 'read-only'}`;

/** The 503 a storage fault is answered with: nothing was saved, try again later. */
export function storageError(fault: StorageFault, where: StorageWhere, cause?: unknown): HttpError {
  const storage = WHAT[where];
  const error = new HttpError(
    503,
    STORAGE_CODES[fault],
    { storage },
    {
      details: [
        {
          path: where,
          code: fault === 'full' ? 'storage.isFull' : 'storage.isReadOnly',
          params: { storage },
        },
      ],
      headers: { 'retry-after': String(STORAGE_RETRY_AFTER_S) },
    },
  );
  error.cause = cause;
  return error;
}

/**
 * Runs a write to disk: a full or read-only disk (permission refused included) becomes the storage
 * 503; any other error goes on as it came.
 */
export async function storageWrite<T>(where: StorageWhere, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const fault = storageFault(err, true);
    throw fault ? storageError(fault, where, err) : err;
  }
}

/**
 * Creates a folder and its missing parents. Node's own recursive mkdir reports ENOENT when a missing
 * parent cannot be made on a read-only disk; made one level at a time, the level that fails says
 * why (EROFS, ENOSPC).
 */
export async function makeDir(dir: string): Promise<void> {
  const make = (d: string) =>
    mkdir(d, { mode: 0o700 }).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
  try {
    await make(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(dir) === dir) throw err;
    await makeDir(dirname(dir));
    await make(dir);
  }
}

/**
 * Writes and removes a small file in `dir` (created if missing): throws as a real write there would,
 * so readiness finds a full or read-only disk before an upload does. The name is random so that
 * two processes sharing the folder never remove each other's probe; a probe left by a crash between
 * the write and the remove is a few bytes that no listing of the stores reads.
 */
export async function probeWrite(dir: string): Promise<void> {
  await makeDir(dir);
  const file = join(dir, `.ready-probe-${randomBytes(6).toString('hex')}`);
  try {
    await writeFile(file, 'ready\n', { mode: 0o600 });
  } finally {
    await rm(file, { force: true });
  }
}
