import { ImageNameSchema, UploadedImageSchema } from '@dalil/contracts/media';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { API_PATHS } from '@dalil/contracts/api-paths';

/**
 * An image field holds the stored name ('publicid.webp'), a newly chosen File (uploaded on submit), or
 * null. The body schema's ImageNameSchema, widened to accept a File before it is uploaded.
 */
export const ImageInputSchema = z.union([z.instanceof(File), ImageNameSchema]);

/** Replaces File values by their uploaded names. */
export type Uploaded<T> = { [K in keyof T]: Exclude<T[K], File> };

/** POST /upload/image with a `file` field; the stored name is `public_id.format`. */
async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = UploadedImageSchema.parse(
    await apiRequest<unknown>(API_PATHS.uploadImage, { method: 'POST', body: form }),
  );
  return `${answer.public_id}.${answer.format}`;
}

/**
 * Uploads each new file before the record is saved, and reports each stored name through `onUploaded`, so a
 * failed save that follows does not upload the same file again.
 */
export async function uploadImages<T extends Record<string, unknown>>(
  values: T,
  keys: readonly (keyof T & string)[],
  onUploaded: (key: keyof T & string, name: string) => void,
): Promise<Uploaded<T>> {
  const result: Record<string, unknown> = { ...values };
  for (const key of keys) {
    const value = values[key];
    if (value instanceof File) {
      const name = await uploadImage(value);
      result[key] = name;
      onUploaded(key, name);
    }
  }
  return result as Uploaded<T>;
}
