import sharp from 'sharp';
import type { ImageCounts, ImageFileReport } from '@dalil/contracts/image-upload';
import { IMAGE_FILE_STATUSES } from '@dalil/contracts/image-upload';
import { HttpError } from '../../lib/errors';
import { contentName, inspectImage } from '../media/media.service';
import type { FileEntry } from './image-entries';
import { isJunk, type ProductIndex } from './image-match';

const THUMBNAIL = 96;

/** The report line of one file, and (for the files to store) its content name. */
export interface Judged {
  report: ImageFileReport;
  name?: string;
}

/**
 * Judges one file: invalid when it is not an image we accept (by content), else unmatched or
 * ambiguous by its name, else new, replace or unchanged against the product's current image. A
 * second file for the same product and slot is invalid: the first one wins.
 */
export async function judge(
  entry: FileEntry,
  index: ProductIndex,
  claimed: Map<string, string>,
  withThumbnail: boolean,
): Promise<Judged | null> {
  if (isJunk(entry.name)) return null;
  const base = { name: entry.name, slot: null, product: null, reason: null };
  if ('problem' in entry) return { report: { ...base, status: 'invalid', reason: entry.problem } };
  try {
    await inspectImage(entry.data);
  } catch (err) {
    const reason = err instanceof HttpError ? err.message : 'The image could not be read';
    return { report: { ...base, status: 'invalid', reason } };
  }
  const match = index.match(entry.name);
  if (match.kind !== 'product') {
    return { report: { ...base, status: match.kind, slot: match.slot, reason: match.reason } };
  }
  const { product, slot } = match;
  const current = product[slot];
  const report: ImageFileReport = {
    ...base,
    slot,
    status: 'new',
    product: {
      id: product.id,
      family: product.familyId,
      nameAr: product.nameAr,
      nameEn: product.nameEn,
      current,
    },
  };
  const key = `${product.id}:${slot}`;
  const first = claimed.get(key);
  if (first !== undefined) {
    return { report: { ...report, status: 'invalid', reason: `${first} in this upload already sets it` } };
  }
  claimed.set(key, entry.name);
  const name = contentName(entry.data);
  if (withThumbnail) {
    try {
      const thumb = await sharp(entry.data, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(THUMBNAIL, THUMBNAIL, { fit: 'inside' })
        .webp({ quality: 60 })
        .toBuffer();
      report.thumbnail = `data:image/webp;base64,${thumb.toString('base64')}`;
    } catch {
      return {
        report: { ...report, status: 'invalid', reason: 'The image could not be read: it may be damaged' },
      };
    }
  }
  if (current === name) return { report: { ...report, status: 'unchanged' } };
  return { report: { ...report, status: current ? 'replace' : 'new' }, name };
}

export function countStatuses(files: ImageFileReport[]): ImageCounts {
  const counts = Object.fromEntries(IMAGE_FILE_STATUSES.map((s) => [s, 0])) as ImageCounts;
  for (const f of files) counts[f.status]++;
  return counts;
}
