import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Account } from '@dalil/contracts/auth';
import { errorMessage } from '@dalil/contracts/error-codes';
import type { FeedOutcome } from '@dalil/contracts/feeds';
import type { ImportReport } from '@dalil/contracts/imports';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { feeds } from '../../db/schema';
import type { AppContext } from '../../core/context';
import { HttpError } from '../../lib/errors';
import { historyRecording } from '../../core/history';
import { outboundRequest } from '../../lib/outbound';
import {
  detectUploadFormat,
  fixedNames,
  importTempDir,
  keepImportReport,
  recordFailedImportRun,
  runImport,
} from '../imports/imports.service';
import { shownAddress } from '../../lib/shown-address';

/** A feed as stored. */
export type FeedRow = typeof feeds.$inferSelect;

/** A feed's file is one family's categories with their products, like an upload to that family. */
const KIND = 'categories';
/** How long the file may take to arrive, headers and body together. */
const FETCH_TIMEOUT_MS = 5 * 60_000;
/** Redirects followed, each checked like the first address. */
const MAX_REDIRECTS = 3;

/** Why a run failed, said to the admin in the feed's last run and in the import list. */
class FeedFailure extends Error {
  constructor(
    message: string,
    /** The report of a file whose rows were refused. */
    readonly report: ImportReport | null = null,
  ) {
    super(message);
  }
}

/**
 * Who a feed's imports name: the account that set the feed up (whose import list shows them), as
 * "feed: <host>", limited to the feed's family.
 */
const feedCaller = (feed: FeedRow): Account => ({
  id: feed.createdById ?? 0,
  firstName: feed.createdByUsername,
  lastName: '',
  username: `feed: ${new URL(feed.url).host}`,
  role: 'editor',
  families: [feed.familyId],
});

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));
const tooLarge = (maxBytes: number) =>
  new FeedFailure(errorMessage('import.fileTooLarge', { size: megabytes(maxBytes) }));

/** The counts of an import in one sentence (with the row problems a valid-rows run left out). */
function summary(report: ImportReport): string {
  const counts = {
    rows: report.rows,
    categoriesCreated: report.categories.created,
    categoriesUpdated: report.categories.updated,
    productsCreated: report.products.created,
    productsUpdated: report.products.updated,
  };
  return report.problemCount > 0
    ? errorMessage('feed.importedLeftOut', { ...counts, problems: report.problemCount })
    : errorMessage('feed.imported', counts);
}

/** A counter that fails the download once more than `maxBytes` have arrived. */
const byteLimit = (maxBytes: number) => {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) done(tooLarge(maxBytes));
      else done(null, chunk);
    },
  });
};

interface Fetched {
  status: 'unchanged' | 'file';
  etag: string | null;
  lastModified: string | null;
}

/**
 * Fetches the feed's file into `path`, sending the last import's validators: a 304 means unchanged.
 * Every connection goes through the outbound rules (docs/decisions/0050-outbound-addresses.md).
 */
async function fetchFile(
  ctx: AppContext,
  feed: FeedRow,
  path: string,
  signal: AbortSignal,
): Promise<Fetched> {
  const headers: Record<string, string> = {
    accept: 'text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, */*',
  };
  if (feed.etag) headers['if-none-match'] = feed.etag;
  if (feed.lastModified) headers['if-modified-since'] = feed.lastModified;
  const res = await outboundRequest(feed.url, {
    headers,
    allowedHosts: ctx.config.outbound.feedAllowedHosts,
    maxRedirects: MAX_REDIRECTS,
    timeoutMs: FETCH_TIMEOUT_MS,
    signal,
  });
  const header = (name: string) => {
    const value = res.headers[name];
    return typeof value === 'string' && value.length <= 1000 ? value : null;
  };
  const validators = { etag: header('etag'), lastModified: header('last-modified') };
  if (res.status === 304) {
    res.body.resume();
    return { status: 'unchanged', ...validators };
  }
  if (res.status !== 200) {
    res.body.resume();
    throw new FeedFailure(errorMessage('feed.httpStatus', { status: res.status }));
  }
  const maxBytes = ctx.config.csvMaxBytes;
  if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
    res.body.destroy();
    throw tooLarge(maxBytes);
  }
  await pipeline(res.body, byteLimit(maxBytes), createWriteStream(path), { signal });
  return { status: 'file', ...validators };
}

interface RunEnd {
  outcome: FeedOutcome;
  importId: number | null;
  message: string;
  /** The validators to send next time: kept only when a file was imported. */
  validators?: { etag: string | null; lastModified: string | null };
}

/** Fetches and imports, or says why not. Throws only FeedFailure for what the admin should read. */
async function fetchAndImport(ctx: AppContext, feed: FeedRow, signal: AbortSignal): Promise<RunEnd> {
  const dir = await importTempDir(ctx.config.dataDir);
  try {
    const path = join(dir, 'upload');
    const fetched = await fetchFile(ctx, feed, path, signal);
    if (fetched.status === 'unchanged') {
      return {
        outcome: 'unchanged',
        importId: null,
        message: errorMessage('feed.unchanged', {}),
      };
    }
    const format = await detectUploadFormat(path);
    const started = performance.now();
    const report = await runImport(ctx, {
      kind: KIND,
      fixed: await fixedNames(ctx.database, KIND, feed.familyId),
      path,
      format,
      maxBytes: ctx.config.csvMaxBytes,
      dryRun: false,
      family: feed.familyId,
      fileName: shownAddress(feed.url).slice(0, 200),
      caller: feedCaller(feed),
      validRows: feed.mode === 'valid-rows',
      feed: feed.id,
    });
    ctx.metrics.jobs.importTimed('import', (performance.now() - started) / 1000, report.rows);
    if (!report.imported) {
      throw new FeedFailure(errorMessage('feed.rejected', { count: report.problemCount }), report);
    }
    if (report.importId !== undefined) await keepImportReport(ctx.db, report.importId, report);
    return {
      outcome: 'imported',
      importId: report.importId ?? null,
      message: summary(report),
      validators: { etag: fetched.etag, lastModified: fetched.lastModified },
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The words of a failure: ours, a 4xx of the import's checks with its details, or the network's. */
function reasonOf(error: unknown): string {
  if (error instanceof HttpError) {
    const details = error.details?.map((d) => `${d.path}: ${d.message}`).join('; ');
    return details && !error.message.includes(details) ? `${error.message} (${details})` : error.message;
  }
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (error.name === 'AbortError' || error.name === 'TimeoutError') return errorMessage('feed.stopped', {});
    return code && !error.message.includes(code) ? `${error.message} (${code})` : error.message;
  }
  return String(error);
}

/**
 * One run of a feed the caller has claimed (docs/decisions/0052-scheduled-feeds.md): fetch, check and
 * import like an upload; a failure is recorded with its reason as an import run of its own, which
 * ends through finishImportRun like any other. The feed's last run is set, and its lease let go, at the
 * end.
 */
export async function runFeed(
  ctx: AppContext,
  feed: FeedRow,
  options: { now: Date; signal: AbortSignal; log: FastifyBaseLogger },
): Promise<RunEnd> {
  let end: RunEnd;
  try {
    end = await fetchAndImport(ctx, feed, options.signal);
    if (end.outcome === 'imported') ctx.metrics.importRun(KIND, 'imported');
  } catch (error) {
    if (!(error instanceof FeedFailure) && !(error instanceof HttpError)) {
      options.log.warn({ err: error, feed: feed.id }, 'feed run failed');
    }
    ctx.metrics.importRun(KIND, error instanceof FeedFailure && error.report ? 'rejected' : 'failed');
    const message = reasonOf(error);
    const report = error instanceof FeedFailure ? error.report : null;
    // With history off, imports are neither listed nor undoable: a failed run is kept on the feed only.
    const importId = historyRecording()
      ? await recordFailedImportRun(
          ctx.db,
          feedCaller(feed),
          {
            kind: KIND,
            fileName: shownAddress(feed.url).slice(0, 200),
            family: feed.familyId,
            feed: feed.id,
            failure: message,
          },
          report,
        ).catch((err: unknown) => {
          options.log.error({ err, feed: feed.id }, 'could not record a failed feed run');
          return null;
        })
      : null;
    end = { outcome: 'failed', importId, message };
  }
  ctx.metrics.jobs.feedRuns.inc({ outcome: end.outcome });
  await ctx.db
    .update(feeds)
    .set({
      lastRunAt: options.now,
      lastOutcome: end.outcome,
      lastImportId: end.importId,
      lastMessage: end.message.slice(0, 2000),
      leaseUntil: null,
      ...(end.validators ?? {}),
    })
    // A run whose lease another process took over (this one stalled past it) leaves the feed to that run.
    .where(and(eq(feeds.id, feed.id), eq(feeds.leaseOwner, ctx.leaseOwner)));
  options.log.info({ feed: feed.id, outcome: end.outcome, importId: end.importId }, 'feed run');
  return end;
}
