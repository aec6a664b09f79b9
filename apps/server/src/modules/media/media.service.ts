import { randomBytes } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { MEDIA_WIDTHS } from '@dalil/contracts/constants';
import { HttpError } from '../../lib/errors';

/** About 40 megapixels: larger images are refused before they are decoded (decompression bombs). */
export const MAX_PIXELS = 40_000_000;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
const STORED_WIDTH = 1600;
export const MEDIA_NAME = /^[A-Za-z0-9_-]{8,64}\.webp$/;

export interface StoredImage {
  public_id: string;
  format: 'webp';
}

/**
 * Validates an image by its content (never its name or declared type), applies its orientation,
 * strips metadata and stores it as WebP under a random name.
 */
export async function storeImage(mediaDir: string, input: Buffer): Promise<StoredImage> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, 'The file is not an image we accept (JPEG, PNG, WebP, AVIF or GIF)');
  }
  // AVIF is reported as heif by libvips; compression tells AVIF from HEIC.
  const isAvif = meta.format === 'heif' && meta.compression === 'av1';
  if (!meta.format || !ACCEPTED.has(meta.format) || (meta.format === 'heif' && !isAvif)) {
    throw new HttpError(415, 'The file is not an image we accept (JPEG, PNG, WebP, AVIF or GIF)');
  }
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
  if (pixels > MAX_PIXELS) {
    throw new HttpError(422, `The image is too large: at most ${MAX_PIXELS / 1_000_000} megapixels`);
  }
  let output: Buffer;
  try {
    output = await sharp(input, { limitInputPixels: MAX_PIXELS, animated: false })
      .rotate()
      .resize({ width: STORED_WIDTH, height: STORED_WIDTH, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new HttpError(422, 'The image could not be read: it may be damaged');
  }
  const publicId = randomBytes(12).toString('base64url');
  await mkdir(mediaDir, { recursive: true, mode: 0o700 });
  const file = join(mediaDir, `${publicId}.webp`);
  await writeFile(`${file}.tmp`, output);
  await rename(`${file}.tmp`, file);
  return { public_id: publicId, format: 'webp' };
}

const exists = (path: string) =>
  stat(path).then(
    (s) => s.isFile(),
    () => false,
  );

/**
 * The file to send for a stored image at an optional width; widths come from a fixed set and are
 * generated once, then kept on disk. Null when no such image exists.
 */
export async function resolveImage(mediaDir: string, name: string, width?: number): Promise<string | null> {
  if (!MEDIA_NAME.test(name)) return null;
  const original = join(mediaDir, name);
  if (!(await exists(original))) return null;
  if (width === undefined) return original;
  if (!(MEDIA_WIDTHS as readonly number[]).includes(width)) return original;
  const dir = join(mediaDir, `w${width}`);
  const variant = join(dir, name);
  if (await exists(variant)) return variant;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const data = await sharp(original)
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  const tmp = `${variant}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, variant);
  return variant;
}
