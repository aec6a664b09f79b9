// Images are encoded here, off the main thread (docs/decisions/0028-image-encoding.md): the decoded
// pixels of each image (about 5 MB at 1280 px) are allocated and freed in this thread's small heap,
// so the server's larger main heap is not collected over and over during a bulk import, and the
// main thread stays free for requests. Plain JavaScript: the same file runs under tests (no build)
// and from dist (copied).
import { parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';

/** @type {{ width: number, quality: number, effort: number, widths: number[], maxPixels: number }} */
const settings = workerData;
// Every image is new to this process: libvips' operation cache would only hold memory.
sharp.cache(false);
const webp = { quality: settings.quality, effort: settings.effort };

/**
 * Decodes the image once (turned upright, metadata stripped, fitted inside the stored width), then
 * encodes the stored image and every smaller width from those pixels, one after another.
 * @param {Uint8Array} input
 */
async function encode(input) {
  const { data, info } = await sharp(input, { limitInputPixels: settings.maxPixels, animated: false })
    .rotate()
    .resize({ width: settings.width, height: settings.width, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const stored = await sharp(data, raw).webp(webp).toBuffer();
  const widths = [];
  for (const w of settings.widths) {
    widths.push(w >= info.width ? stored : await sharp(data, raw).resize({ width: w }).webp(webp).toBuffer());
  }
  return { stored, widths };
}

parentPort?.on('message', (/** @type {{ id: number, input: Uint8Array }} */ { id, input }) => {
  encode(input).then(
    (result) => parentPort?.postMessage({ id, ...result }),
    () => parentPort?.postMessage({ id, failed: true }),
  );
});
