/**
 * Where image files live (docs/decisions/0026-media-storage.md). Keys are ASCII and never a user's
 * file name: `<content hash>.webp` for the stored image, `w<width>/<content hash>.webp` for its
 * widths and `og/<content hash>.jpg` for its link preview (a JPEG, which every preview reader shows).
 * An object never changes once written, so it can be cached forever.
 */
export interface StoredObject {
  key: string;
  size: number;
  modified: Date;
}

export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** Writes the whole object or nothing: a reader never sees half a file. */
  put(key: string, data: Buffer): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
  /** Removes the objects; a key that is already gone is not an error. */
  remove(keys: string[]): Promise<void>;
  /** Every object, in no particular order. */
  list(): AsyncIterable<StoredObject>;
  /** Throws when the store cannot take a write now (readiness); `signal` ends a slow check. */
  check(signal: AbortSignal): Promise<void>;
  close(): void;
}

/** A stored image name: a content hash (or an older random id) plus `.webp`. */
export const MEDIA_NAME = /^[A-Za-z0-9_-]{8,64}\.webp$/;
/** Any key the stores accept: a stored image, one of its widths or its link preview. */
export const MEDIA_KEY = /^((w[0-9]{2,4}\/)?[A-Za-z0-9_-]{8,64}\.webp|og\/[A-Za-z0-9_-]{8,64}\.jpg)$/;

/** The folders of a stored image's other files: its widths and its link preview. */
export const MEDIA_FOLDER = /^(w[0-9]{2,4}|og)$/;

export function assertKey(key: string): void {
  if (!MEDIA_KEY.test(key)) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
}

export const variantKey = (name: string, width: number) => `w${width}/${name}`;

/** The link preview JPEG of a stored image (`abc.webp` has `og/abc.jpg`). */
export const previewKey = (name: string) => `og/${name.replace(/\.webp$/, '.jpg')}`;

/** The stored image a key belongs to (`w320/abc.webp` and `og/abc.jpg` belong to `abc.webp`). */
export const baseName = (key: string) => key.slice(key.lastIndexOf('/') + 1).replace(/\.jpg$/, '.webp');

/** The content type of a key's bytes. */
export const mediaType = (key: string) => (key.endsWith('.jpg') ? 'image/jpeg' : 'image/webp');
