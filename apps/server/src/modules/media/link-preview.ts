import sharp, { type OutputInfo } from 'sharp';
import { MEDIA_NAME, type MediaStore, previewKey } from '../../lib/media-store';

/**
 * Link previews (docs/decisions/0047-visitor-page-heads.md): WhatsApp, Slack, X and the like show a
 * page's `og:image` only when it is a JPEG (or PNG) of modest size, so each stored image gets one
 * JPEG at most 1200 px wide and 300 KB, made on the first page (or preview) request that needs it and
 * kept in the media store beside the image's widths.
 */
const PREVIEW_LIMITS = { width: 1200, bytes: 300 * 1024 } as const;
/** Tried in turn until the JPEG fits in PREVIEW_LIMITS.bytes; the last falls back to a narrower width. */
const QUALITIES = [82, 72, 62, 50] as const;
const FALLBACK_WIDTH = 800;

export interface LinkPreview {
  /** The store key, `og/<content hash>.jpg`: served as /media/og/<content hash>.jpg. */
  key: string;
  width: number;
  height: number;
  bytes: number;
}

/** Previews this process has made or read, by image name: a page's head needs only their size. */
const known = new Map<string, LinkPreview>();
const KNOWN_MAX = 5000;
/** Previews being made or read now: a second request for the same image waits for the first. */
const pending = new Map<string, Promise<LinkPreview | null>>();
/** Encodings run one at a time: each decodes an image of up to 1280 px, which costs tens of MB. */
let encoding: Promise<unknown> = Promise.resolve();

async function encodePreview(original: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  let last: { data: Buffer; info: OutputInfo } | null = null;
  for (const [i, quality] of QUALITIES.entries()) {
    const width = i === QUALITIES.length - 1 ? FALLBACK_WIDTH : PREVIEW_LIMITS.width;
    last = await sharp(original)
      .resize({ width, withoutEnlargement: true })
      // JPEG has no transparency: a transparent logo shows on white, as on the catalogue's cards.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    if (last.data.length <= PREVIEW_LIMITS.bytes) break;
  }
  if (!last) throw new Error('no preview quality to try');
  return { data: last.data, width: last.info.width, height: last.info.height };
}

async function makeOrRead(store: MediaStore, name: string): Promise<LinkPreview | null> {
  const key = previewKey(name);
  const stored = await store.get(key);
  if (stored) {
    const meta = await sharp(stored).metadata();
    return { key, width: meta.width ?? 0, height: meta.height ?? 0, bytes: stored.length };
  }
  const original = await store.get(name);
  if (!original) return null;
  const run = encoding.then(() => encodePreview(original));
  encoding = run.catch(() => undefined);
  const { data, width, height } = await run;
  await store.put(key, data);
  return { key, width, height, bytes: data.length };
}

/**
 * The bytes of a stored image's link preview, made now if no page has asked for it yet (or the
 * sweep removed it with its image and the image came back); null when there is no such image.
 */
export async function readPreview(store: MediaStore, name: string): Promise<Buffer | null> {
  if (!MEDIA_NAME.test(name)) return null;
  const stored = await store.get(previewKey(name));
  if (stored) return stored;
  known.delete(name);
  const made = await linkPreview(store, name);
  return made && store.get(made.key);
}

/**
 * The link preview JPEG of a stored image, made and stored on first use; null when the image is not
 * in the store (or cannot be decoded). Each image is encoded once: later calls find it in the store.
 */
export async function linkPreview(store: MediaStore, name: string): Promise<LinkPreview | null> {
  if (!MEDIA_NAME.test(name)) return null;
  const cached = known.get(name);
  if (cached) return cached;
  let inFlight = pending.get(name);
  if (!inFlight) {
    inFlight = makeOrRead(store, name)
      .catch(() => null)
      .finally(() => pending.delete(name));
    pending.set(name, inFlight);
  }
  const preview = await inFlight;
  if (preview) {
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(name, preview);
  }
  return preview;
}
