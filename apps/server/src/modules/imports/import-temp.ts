import { randomBytes } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { imageJobs } from '../../db/schema';
import { makeDir } from '../../lib/storage-errors';

/** Everything the server spools lives under DATA_DIR/tmp: imports in `imports`, image jobs in `images`. */
const tempRoot = (dataDir: string) => join(dataDir, 'tmp');
const importsRoot = (dataDir: string) => join(tempRoot(dataDir), 'imports');

/**
 * A new private folder for one upload, named after this process (`<pid>-<random>`), so a later start
 * can tell the leftovers of a dead process from the work of a live one sharing the data directory.
 */
export async function importTempDir(dataDir: string): Promise<string> {
  const dir = join(importsRoot(dataDir), `${process.pid}-${randomBytes(8).toString('hex')}`);
  await makeDir(dir);
  return dir;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as { code?: string }).code === 'EPERM';
  }
}

/** Entries of a folder changed before `before` (ms since the epoch); none when it does not exist. */
async function olderEntries(dir: string, before: number): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const old: string[] = [];
  for (const name of names) {
    const info = await stat(join(dir, name)).catch(() => null);
    if (info && info.mtimeMs < before) old.push(name);
  }
  return old;
}

/** An image job still queued or running with a recent heartbeat (in this or another process). */
async function imageJobRunning(db: Db, staleSeconds: number): Promise<boolean> {
  const [row] = await db
    .select({ id: imageJobs.id })
    .from(imageJobs)
    .where(
      and(
        inArray(imageJobs.state, ['queued', 'running']),
        gt(imageJobs.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Removes what a stopped process left in DATA_DIR/tmp (a crash, a kill, a power cut skip every
 * `finally`): import folders older than this process whose owner is gone, or is this pid reused by a
 * restart; and image job uploads older than this process when no image job is running anywhere (a
 * job reads its uploads after the request that sent them has ended). Run once at start, before
 * anything is received. Returns how many entries went.
 */
export async function sweepTemporary(options: {
  dataDir: string;
  db: Db;
  imageJobStaleSeconds: number;
  /** When this process started (ms since the epoch). */
  startedAt?: number;
}): Promise<number> {
  const startedAt = options.startedAt ?? performance.timeOrigin;
  let removed = 0;
  const imports = importsRoot(options.dataDir);
  for (const name of await olderEntries(imports, startedAt)) {
    const pid = Number(/^(\d+)-/.exec(name)?.[1] ?? NaN);
    if (Number.isInteger(pid) && pid !== process.pid && processAlive(pid)) continue;
    await rm(join(imports, name), { recursive: true, force: true });
    removed++;
  }
  const images = join(tempRoot(options.dataDir), 'images');
  const leftovers = await olderEntries(images, startedAt);
  if (leftovers.length > 0 && !(await imageJobRunning(options.db, options.imageJobStaleSeconds))) {
    for (const name of leftovers) await rm(join(images, name), { recursive: true, force: true });
    removed += leftovers.length;
  }
  return removed;
}
