import { z } from 'zod';
import { NullableTextSchema } from './common';

/** Stored image names: a random public id plus `.webp` (see the server's media service). */
const IMAGE_NAME_PATTERN = /^[A-Za-z0-9_-]{8,64}\.webp$/;

/**
 * An image field in a body: the 'publicid.format' name returned by POST /api/upload/image, or
 * null / empty / missing for no image.
 */
export const ImageNameSchema = z
  .string({ error: 'must be the name of an uploaded image' })
  .trim()
  .refine((v) => v === '' || IMAGE_NAME_PATTERN.test(v), 'must be the name of an uploaded image')
  .nullish()
  .transform((v) => (v ? v : null));

/** The logo and image fields of a form body, in the order the forms show them. */
export const imageBodyFields = { logo: ImageNameSchema, image: ImageNameSchema };

/** The logo and image a record answers with (stored names, or null). */
export const imageRecordFields = { logo: NullableTextSchema, image: NullableTextSchema };

/** POST /api/upload/image: the stored image; save it as `${public_id}.${format}`. */
export const UploadedImageSchema = z.object({
  public_id: z.string(),
  format: z.literal('webp'),
});
