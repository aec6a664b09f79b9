// npm run media:copy: copies every image in DATA_DIR/media into the object store that
// MEDIA_STORE=s3 and the S3_* settings name. Objects already there are skipped, so it can be re-run.
import { loadConfig } from '../config/config';
import { createMediaStore } from '../lib/media-store-factory';
import { localMediaStore } from '../lib/media-store-local';

const CONCURRENCY = 8;

async function main() {
  const config = loadConfig();
  if (config.media.store !== 's3') {
    console.error('Set MEDIA_STORE=s3 and the S3_* settings to name the object store to copy into.');
    process.exit(1);
  }
  const source = localMediaStore(config.mediaDir);
  const target = createMediaStore(config);
  let copied = 0;
  let skipped = 0;
  const queue: string[] = [];
  for await (const o of source.list()) queue.push(o.key);
  const widths = queue.filter((k) => k.includes('/'));
  const names = queue.filter((k) => !k.includes('/'));
  // Widths first, each stored image last: a reader never finds an image without its widths.
  for (const batch of [widths, names]) {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < batch.length) {
          const key = batch[next++]!;
          if (await target.has(key)) {
            skipped++;
            continue;
          }
          const data = await source.get(key);
          if (data) await target.put(key, data);
          copied++;
        }
      }),
    );
  }
  target.close();
  console.log(
    `Copied ${copied} files into bucket ${config.media.s3!.bucket}; ${skipped} were already there.`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
