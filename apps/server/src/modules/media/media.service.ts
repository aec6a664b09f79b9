import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { MEDIA_WIDTHS } from '@dalil/contracts/constants';
import { HttpError } from '../../lib/errors';
import { MEDIA_NAME, type MediaStore, variantKey } from '../../lib/media-store';
import { storageWrite } from '../../lib/storage-errors';
import { ENCODING } from './encoding';
import { imageEncoder, MAX_PIXELS, SMALLER_WIDTHS } from './image-encoder';

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
/** What the media check finds: rows naming a missing image, and images no row names. */
export { inspectMedia, UNATTACHED_GRACE_MS } from './media-sweep';
/** Link preview JPEGs for visitor pages' heads. */
export { linkPreview, readPreview } from './link-preview';

export interface StoredImage {
  public_id: string;
  format: 'webp';
}

/** The stored name of an upload: its content hash, so the same file always gets the same name. */
export function contentName(input: Buffer): string {
  return `${createHash('sha256').update(input).digest('hex').slice(0, 32)}.webp`;
}

/** Checks an image by its content (never its name or declared type) without decoding its pixels. */
export async function inspectImage(input: Buffer): Promise<Metadata> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, 'image.notAccepted', {});
  }
  // AVIF is reported as heif by libvips; compression tells AVIF from HEIC.
  const isAvif = meta.format === 'heif' && meta.compression === 'av1';
  if (!meta.format || !ACCEPTED.has(meta.format) || (meta.format === 'heif' && !isAvif)) {
    throw new HttpError(415, 'image.notAccepted', {});
  }
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
  if (pixels > MAX_PIXELS) {
    throw new HttpError(422, 'image.tooManyPixels', { max: MAX_PIXELS / 1_000_000 });
  }
  return meta;
}

export interface EncodedImage {
  name: string;
  /** Every width first, the stored image last: once the last is stored the image is complete. */
  files: { key: string; data: Buffer }[];
}

/**
 * Decodes the image once (orientation applied, metadata stripped), then encodes the stored size
 * and every smaller display width from those pixels, in the encoding thread (`image-encoder.ts`).
 */
export async function encodeImage(input: Buffer, name = contentName(input)): Promise<EncodedImage> {
  try {
    const { stored, widths } = await imageEncoder.encode(input);
    const files = SMALLER_WIDTHS.map((w, i) => ({ key: variantKey(name, w), data: widths[i]! }));
    return { name, files: [...files, { key: name, data: stored }] };
  } catch {
    throw new HttpError(422, 'image.unreadable', {});
  }
}

/** A write to the store, where a full or read-only disk (whatever the store) is the storage 503. */
const put = (store: MediaStore, key: string, data: Buffer) =>
  storageWrite('media', () => store.put(key, data));

/**
 * Writes an encoded image, the stored size last (see EncodedImage). When a write fails (a full disk),
 * the widths already written go again, so a failed upload leaves nothing behind; a width another
 * upload of the same content wrote meanwhile is made again on its first request.
 */
export async function putImage(store: MediaStore, image: EncodedImage): Promise<void> {
  const written: string[] = [];
  try {
    for (const f of image.files) {
      await put(store, f.key, f.data);
      written.push(f.key);
    }
  } catch (err) {
    await store.remove(written).catch(() => {});
    throw err;
  }
}

/** Validates, encodes and stores an upload under its content hash. */
export async function storeImage(store: MediaStore, input: Buffer): Promise<StoredImage> {
  await inspectImage(input);
  const name = contentName(input);
  const existing = await store.get(name);
  // The same content is already stored, widths and all: nothing to encode. Writing the stored
  // image again restarts its grace period, so the orphan sweep leaves it for the form to save.
  if (existing) await put(store, name, existing);
  else await putImage(store, await encodeImage(input, name));
  return { public_id: name.slice(0, -'.webp'.length), format: 'webp' };
}

/**
 * The bytes of a stored image at an optional width; widths come from a fixed set. A width at or
 * above the image's own is the image itself. Images stored before widths were written up front get
 * theirs made on first request, then kept. Null when no such image exists.
 */
export async function readImage(store: MediaStore, name: string, width?: number): Promise<Buffer | null> {
  if (!MEDIA_NAME.test(name)) return null;
  if (width === undefined || !(MEDIA_WIDTHS as readonly number[]).includes(width)) return store.get(name);
  // The width's own file: written with the image for the smaller widths (and for the largest too,
  // for images stored before the largest width became the stored image itself).
  const key = variantKey(name, width);
  const cached = await store.get(key);
  if (cached) return cached;
  const original = await store.get(name);
  if (!original) return null;
  if (width >= ((await sharp(original).metadata()).width ?? 0)) return original;
  const data = await sharp(original)
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: ENCODING.quality, effort: ENCODING.effort })
    .toBuffer();
  // Kept for the next request when the store takes it; a full disk still gets the image served.
  await store.put(key, data).catch(() => {});
  return data;
}
