import { z } from 'zod';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from './constants';
import { ERROR_CODES } from './error-codes';

/**
 * Every error body has this shape (docs/architecture.md, "Errors"); `details` lists field or row
 * problems.
 */
const ErrorParamsSchema = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .describe("The code's params by name (`{}` when it has none), for a client's own sentence.");
/** The catalogue's codes; a client meets a code it does not know when the server is newer. */
const ErrorCodeSchema = z.string().meta({
  description: `A stable code from the error catalogue (packages/contracts/src/error-codes.ts), one of: ${ERROR_CODES.join(', ')}.`,
  examples: ['gtin.checkDigit', 'field.required', 'request.notFound'],
});
const ErrorDetailSchema = z.object({
  path: z.string(),
  code: ErrorCodeSchema,
  params: ErrorParamsSchema,
  message: z.string(),
});
export const ErrorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  /** A stable code for a client to act on or translate (`family.nameTaken`, `storage.full`). */
  code: ErrorCodeSchema,
  params: ErrorParamsSchema,
  message: z.string(),
  details: z.array(ErrorDetailSchema).optional(),
  /** The request's id, also in the `x-request-id` header and in every log line of the request. */
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** `limit` is clamped to 1..100 and `skip` to >= 0 instead of being rejected. */
const clampedInt = (min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    z
      .number({ error: 'must be a number' })
      .finite('must be a number')
      .optional()
      .transform((n) => (n === undefined ? fallback : Math.min(max, Math.max(min, Math.trunc(n))))),
  );

export const PagingQuerySchema = z.object({
  limit: clampedInt(1, MAX_LIST_LIMIT, DEFAULT_LIST_LIMIT),
  skip: clampedInt(0, Number.MAX_SAFE_INTEGER, 0),
});

export const IdSchema = z.coerce
  .number({ error: 'must be a positive whole number' })
  .int('must be a positive whole number')
  .positive('must be a positive whole number')
  .max(2_147_483_647, 'is too large');
export const IdParamsSchema = z.object({ id: IdSchema });

export const BilingualNameSchema = z.object({ ar: z.string(), en: z.string() });

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), count: z.number().int() });
}

/** Required text in a form or body: trimmed, non-empty, bounded. An empty value says "This field is required". */
export const requiredText = (max = 200) =>
  z
    .string({ error: 'This field is required' })
    .trim()
    .min(1, 'This field is required')
    .max(max, `must be at most ${max} characters`);

/** A body's names in both languages, which every catalogue form starts with. */
export const NamesBodySchema = z.object({ nameEn: requiredText(), nameAr: requiredText() });

/** A stored text the record may lack. */
export const NullableTextSchema = z.string().nullable();

/** What every catalogue record answers first: its id and its names, together and apart. */
export const NamedRecordSchema = z.object({
  id: z.number().int(),
  name: BilingualNameSchema,
  nameAr: z.string(),
  nameEn: z.string(),
});
