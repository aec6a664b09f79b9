import type { ErrorBody } from '@dalil/contracts/common';

export type ApiErrorKind = 'http' | 'timeout' | 'network';

/** Every failed API call rejects with this: a non-2xx status, a timeout or an unreachable server. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly body: ErrorBody | null;
  /** The server's id for the request (its `x-request-id`), which names it in the server's log. */
  readonly requestId: string | null;

  constructor(
    kind: ApiErrorKind,
    status: number,
    body: ErrorBody | null,
    message: string,
    requestId: string | null = body?.requestId ?? null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.body = body;
    this.requestId = requestId;
  }
}

/** The request id of a failed call, for a person to quote to whoever reads the server's log. */
export const requestIdOf = (error: unknown): string | null =>
  error instanceof ApiError ? error.requestId : null;

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body.message === 'string' && typeof body.statusCode === 'number';
}

export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: ErrorBody | null = null;
  try {
    const parsed: unknown = await response.json();
    if (isErrorBody(parsed)) body = parsed;
  } catch {
    // Not JSON (a proxy page, an empty body): fall back to the status text.
  }
  const message = body?.message ?? (response.statusText || `HTTP ${response.status}`);
  const requestId = body?.requestId ?? response.headers.get('x-request-id');
  return new ApiError('http', response.status, body, message, requestId);
}
