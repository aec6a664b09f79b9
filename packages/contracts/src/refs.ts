import { z } from 'zod';
import { MESSAGES } from './constants';

const MAX_ID = 2_147_483_647;
const blankToUndefined = (v: unknown) =>
  v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v;

const idNumber = (requiredMessage: string) =>
  z
    .number({
      error: (issue) => (issue.input === undefined ? requiredMessage : 'must be a positive whole number'),
    })
    .int('must be a positive whole number')
    .positive('must be a positive whole number')
    .max(MAX_ID, 'is too large');

/** A required reference to another record in a body (a choice field); empty says "This field is required". */
export const RefSchema = z.preprocess(blankToUndefined, idNumber(MESSAGES.required));

/** An optional reference filter in a query string; empty means no filter. */
export const OptionalRefSchema = z.preprocess(blankToUndefined, idNumber(MESSAGES.required).optional());

/** An optional reference in a body: empty or null means none. */
export const NullableRefSchema = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
  idNumber(MESSAGES.required).nullable(),
);

/** A search box value; empty means no search. */
export const SearchQuerySchema = z
  .string()
  .trim()
  .max(200, 'must be at most 200 characters')
  .optional()
  .transform((v) => (v ? v : undefined));

/** Optional free text: trimmed, bounded; empty becomes null. */
/**
 * Optional text on an update, for a field added after clients of the first API were written: left
 * out, it keeps its stored value (undefined); empty or null clears it.
 */
export const keptText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

export const optionalText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
