import type { HttpError } from './errors';

/** What one upload route answers to each kind of multipart problem, in the words of that route. */
export interface MultipartAnswers {
  /** A file past the route's size limit (413). */
  tooLarge: () => HttpError;
  /** More files, parts or fields than the route takes (413). */
  tooMany: () => HttpError;
  /** A body that is not readable multipart (400): no boundary, cut short, a forbidden field name. */
  malformed: () => HttpError;
}

const TOO_MANY = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);
const MALFORMED = new Set([
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_MP_PREMATURE_CLOSE',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_JSON_FIELD_ERROR',
]);

/**
 * An error thrown while reading a multipart body, as the answer a person can act on: @fastify/multipart's
 * own errors (its terse "reach files limit" and a 406 for a body that is not multipart) become the
 * route's answers; anything else is returned as it came, for the error handler.
 */
export function multipartError(err: unknown, answers: MultipartAnswers): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return err;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return answers.tooLarge();
  if (TOO_MANY.has(code)) return answers.tooMany();
  if (MALFORMED.has(code)) return answers.malformed();
  return err;
}
