import type { Database } from '../../db/client';
import type { MediaStore } from '../../lib/media-store';
import { probeWrite, STORAGE_CODES, storageFault, storageMessage } from '../../lib/storage-errors';

/** Each check gets this long; a store slower than that is as good as unreachable for a request. */
const CHECK_TIMEOUT_MS = 2000;
/**
 * A disk's verdict (a probe file written and removed) is kept this long, an S3 bucket's (a HEAD)
 * longer: however often a load balancer polls, the stores see at most one probe per period.
 */
const DISK_CHECK_TTL_MS = 2000;
const S3_CHECK_TTL_MS = 5000;

export interface Problem {
  path: 'database' | 'media' | 'data';
  message: string;
  /** `storage.full` or `storage.readOnly` when a disk refused the probe. */
  code?: 'storage.full' | 'storage.readOnly';
}

async function within(ms: number, check: (signal: AbortSignal) => Promise<void>): Promise<void> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error('timeout'));
    }, ms);
  });
  try {
    await Promise.race([check(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One check remembered for `ttl` ms, with concurrent polls sharing the one running: at most one
 * probe at a time, whatever the polling rate.
 */
function remembered(
  ttl: number,
  now: () => number,
  check: () => Promise<Problem | null>,
): () => Promise<Problem | null> {
  let verdict: { at: number; problem: Problem | null } | null = null;
  let running: Promise<Problem | null> | null = null;
  return () => {
    if (verdict && now() - verdict.at < ttl) return Promise.resolve(verdict.problem);
    running ??= check().then((problem) => {
      verdict = { at: now(), problem };
      running = null;
      return problem;
    });
    return running;
  };
}

/** A disk that refused the probe, in words: full and read-only are named, anything else is general. */
function diskProblem(path: 'media' | 'data', err: unknown): Problem {
  const fault = storageFault(err, true);
  if (fault) return { path, message: storageMessage(fault, path), code: STORAGE_CODES[fault] };
  return {
    path,
    message:
      path === 'media'
        ? 'The media directory cannot be written'
        : "The server's data folder cannot be written",
  };
}

/**
 * What GET /api/ready checks: the database answers (every time: it is cheap and every request needs
 * it); the media store can take a write (in the local directory a probe file is written and removed,
 * so a full or read-only disk shows; on S3 a HEAD of the bucket); and with PGlite, whose files live
 * in DATA_DIR, that DATA_DIR takes a write too. The stores' verdicts are remembered for a few seconds.
 */
export function readinessChecks(
  database: Pick<Database, 'ping' | 'engine'>,
  media: Pick<MediaStore, 'check' | 'kind'>,
  dataDir: string,
  now: () => number = () => performance.now(),
): () => Promise<Problem[]> {
  const checkMedia = remembered(media.kind === 's3' ? S3_CHECK_TTL_MS : DISK_CHECK_TTL_MS, now, () =>
    within(CHECK_TIMEOUT_MS, (signal) => media.check(signal)).then(
      () => null,
      (err: unknown): Problem =>
        media.kind === 's3'
          ? { path: 'media', message: 'The media store (S3 bucket) cannot be reached' }
          : diskProblem('media', err),
    ),
  );
  const checkData =
    database.engine === 'pglite'
      ? remembered(DISK_CHECK_TTL_MS, now, () =>
          within(CHECK_TIMEOUT_MS, () => probeWrite(dataDir)).then(
            () => null,
            (err: unknown) => diskProblem('data', err),
          ),
        )
      : () => Promise.resolve(null);

  const checkDatabase = (): Promise<Problem | null> =>
    within(CHECK_TIMEOUT_MS, () => database.ping()).then(
      () => null,
      () => ({ path: 'database', message: 'The database is not answering' }),
    );

  return async () =>
    (await Promise.all([checkDatabase(), checkMedia(), checkData()])).filter((p): p is Problem => p !== null);
}
