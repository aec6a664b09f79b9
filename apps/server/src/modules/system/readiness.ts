import type { Database } from '../../db/client';
import type { MediaStore } from '../../lib/media-store';

/** Each check gets this long; a store slower than that is as good as unreachable for a request. */
const CHECK_TIMEOUT_MS = 2000;
/** The media store is asked at most this often, however often a load balancer polls. */
const MEDIA_CHECK_TTL_MS = 5000;

export interface Problem {
  path: 'database' | 'media';
  message: string;
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
 * What GET /api/ready checks: the database answers (every time: it is cheap and every request needs
 * it), and the media store can take a write (a local directory that exists and is writable, or a HEAD
 * of the bucket), remembered for a few seconds so that polling costs the store almost nothing.
 */
export function readinessChecks(
  database: Pick<Database, 'ping'>,
  media: Pick<MediaStore, 'check' | 'kind'>,
  now: () => number = () => performance.now(),
): () => Promise<Problem[]> {
  let mediaVerdict: { at: number; problem: Problem | null } | null = null;
  let mediaRunning: Promise<Problem | null> | null = null;

  const checkMedia = (): Promise<Problem | null> => {
    if (mediaVerdict && now() - mediaVerdict.at < MEDIA_CHECK_TTL_MS) {
      return Promise.resolve(mediaVerdict.problem);
    }
    // Concurrent polls share one check.
    mediaRunning ??= within(CHECK_TIMEOUT_MS, (signal) => media.check(signal))
      .then(
        () => null,
        (): Problem => ({
          path: 'media',
          message:
            media.kind === 's3'
              ? 'The media store (S3 bucket) cannot be reached'
              : 'The media directory cannot be written',
        }),
      )
      .then((problem) => {
        mediaVerdict = { at: now(), problem };
        mediaRunning = null;
        return problem;
      });
    return mediaRunning;
  };

  const checkDatabase = (): Promise<Problem | null> =>
    within(CHECK_TIMEOUT_MS, () => database.ping()).then(
      () => null,
      () => ({ path: 'database', message: 'The database is not answering' }),
    );

  return async () =>
    (await Promise.all([checkDatabase(), checkMedia()])).filter((p): p is Problem => p !== null);
}
