// npm run media:check [-- --dry-run]: lists images no row references and removes those past the
// upload grace period and not named by the history (with --dry-run, only lists), and lists rows
// that name a missing image.
// With the embedded database, stop the server first (one process per data directory).
import { ConfigError, loadConfig } from '../config/config';
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { createMediaStore } from '../lib/media-store-factory';
import { inspectMedia } from '../modules/media/media-sweep';

async function main() {
  const dryRun = process.argv.includes('--dry-run');
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const store = createMediaStore(config);
  try {
    const report = await inspectMedia(database.db, store);
    console.log(
      `Media store: ${config.media.store === 's3' ? `S3 bucket ${config.media.s3!.bucket}` : config.mediaDir}`,
    );
    console.log(`Orphaned files (no row names them): ${report.orphans.length}`);
    for (const key of report.orphans) console.log(`  ${dryRun ? 'orphan ' : 'removed'} ${key}`);
    console.log(`Unsaved uploads younger than 24 hours, kept: ${report.recent.length}`);
    console.log(`Files only the history names (kept for a revert or an undo): ${report.history.length}`);
    console.log(`Rows naming a missing image: ${report.missing.length}`);
    for (const m of report.missing) console.log(`  ${m.table} ${m.id} ${m.field}: ${m.name}`);
    if (!dryRun) await store.remove(report.orphans);
    process.exitCode = report.missing.length > 0 ? 2 : 0;
  } finally {
    store.close();
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
