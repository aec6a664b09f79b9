import {
  errorMessage,
  readError,
  type AnyErrorParams,
  type ErrorCode,
  type ErrorParams,
} from '@dalil/contracts/error-codes';

/** One field's or row's problem in an error answer: where, its code and params, and the English. */
export interface Detail {
  path: string;
  code: string;
  params: AnyErrorParams;
  message: string;
}

/**
 * A detail as a throw site gives it: a code with its params, or a sentence written from the
 * catalogue's templates (a contract's zod message, an import reason), read back to its code.
 */
export type DetailInput =
  | { path: string; message: string }
  | { path: string; code: ErrorCode; params?: AnyErrorParams; message?: string };

export function toDetail(input: DetailInput): Detail {
  if ('code' in input) {
    const params = input.params ?? {};
    // A given English (a contract's own sentence that only a general code covers) is kept as it is.
    return {
      path: input.path,
      code: input.code,
      params,
      message: input.message ?? errorMessage(input.code, params),
    };
  }
  return { path: input.path, ...readError(input.message), message: input.message };
}

/**
 * A zod issue's code and params: the contracts' own messages are written from the error catalogue
 * and read back to their code; zod's built-in sentences get theirs from the issue itself.
 */
export function issueDetail(path: string, message: string, issue: unknown): Detail {
  const read = toDetail({ path, message });
  if (read.code !== 'problem') return read;
  const i = (issue ?? {}) as {
    code?: string;
    origin?: string;
    maximum?: unknown;
    minimum?: unknown;
    input?: unknown;
  };
  const bound = (v: unknown) => (typeof v === 'bigint' ? Number(v) : typeof v === 'number' ? v : undefined);
  const max = bound(i.maximum);
  const min = bound(i.minimum);
  const coded = (input: { path: string; code: ErrorCode; params?: AnyErrorParams }) =>
    toDetail({ ...input, message });
  if (i.code === 'invalid_type' && i.input === undefined) return coded({ path, code: 'field.required' });
  if (i.code === 'too_big' && max !== undefined) {
    return coded({ path, code: i.origin === 'string' ? 'field.tooLong' : 'field.tooBig', params: { max } });
  }
  if (i.code === 'too_small' && min !== undefined) {
    return coded({
      path,
      code: i.origin === 'string' ? 'field.tooShort' : 'field.tooSmall',
      params: { min },
    });
  }
  return coded({ path, code: 'field.invalid' });
}

interface HttpErrorOptions {
  details?: DetailInput[];
  headers?: Record<string, string>;
  /** The English when it is more than the code's template (a field's name before it). */
  message?: string;
}

/**
 * An expected outcome (not found, conflict, bad row...) that maps to a 4xx in one place. It carries
 * a stable code from the catalogue (packages/contracts/src/error-codes.ts) and that code's params;
 * the English message is written from the code's template.
 */
/** A code with its own params' shape (and the options), as one argument list per code. */
type CodeArgs = {
  [C in ErrorCode]: [code: C, params: ErrorParams<C>, options?: HttpErrorOptions];
}[ErrorCode];

export class HttpError extends Error {
  public readonly code: ErrorCode;
  public readonly params: AnyErrorParams;
  public readonly details?: Detail[];
  public readonly headers?: Record<string, string>;

  constructor(
    public readonly statusCode: number,
    ...[code, params, options = {}]: CodeArgs
  ) {
    const values: AnyErrorParams = params;
    super(options.message ?? errorMessage(code, values));
    this.code = code;
    this.params = values;
    if (options.details) this.details = options.details.map(toDetail);
    if (options.headers) this.headers = options.headers;
  }
}

/** The arguments of a code whose params the caller has checked against it (a generic helper's). */
const checked = (code: ErrorCode, params: AnyErrorParams, options?: HttpErrorOptions) =>
  [code, params, options] as CodeArgs;

/** An answer for a code and params read back from a sentence (`readError`), so checked by the catalogue. */
export const readBackError = (
  statusCode: number,
  read: { code: ErrorCode; params: AnyErrorParams },
  options?: HttpErrorOptions,
) => new HttpError(statusCode, ...checked(read.code, read.params, options));

export const notFound = (what: string) => new HttpError(404, 'request.notFound', { what });
export const badRequest = <C extends ErrorCode>(code: C, params: ErrorParams<C>, details?: DetailInput[]) =>
  new HttpError(400, ...checked(code, params, details ? { details } : {}));
export const conflict = <C extends ErrorCode>(code: C, params: ErrorParams<C>) =>
  new HttpError(409, ...checked(code, params));

/**
 * An expected problem with one body field: the message names the field, and `details` lets a form
 * show it next to that field (same shape as validation errors). The answer's code is the field's.
 */
export function fieldError<C extends ErrorCode>(
  statusCode: 400 | 409,
  field: string,
  code: C,
  params: ErrorParams<C>,
): HttpError {
  const values: AnyErrorParams = params;
  return new HttpError(
    statusCode,
    ...checked(code, values, {
      message: `${field}: ${errorMessage(code, values)}`,
      details: [{ path: `body.${field}`, code, params: values }],
    }),
  );
}

/** `fieldError` for a sentence made elsewhere from the catalogue (an outbound address's refusal). */
export function fieldProblem(statusCode: 400 | 409, field: string, sentence: string): HttpError {
  const { code, params } = readError(sentence);
  return new HttpError(
    statusCode,
    ...checked(code, params, {
      message: `${field}: ${sentence}`,
      details: [{ path: `body.${field}`, code, params }],
    }),
  );
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};
export const statusText = (code: number) =>
  STATUS_TEXT[code] ?? (code >= 500 ? 'Internal Server Error' : 'Bad Request');

/** 409 naming the fields someone changed after the entry: reverting would undo their change too. */
export function changedSince(fields: string[]): HttpError {
  return new HttpError(
    409,
    'record.changedSince',
    { fields: fields.join(', ') },
    { details: fields.map((path) => ({ path, code: 'record.changedAfter' as const })) },
  );
}
