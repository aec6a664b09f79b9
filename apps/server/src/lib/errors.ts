export interface Detail {
  path: string;
  message: string;
}

/** An expected outcome (not found, conflict, bad row...) that maps to a 4xx in one place. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly details?: Detail[],
    public readonly headers?: Record<string, string>,
    /** A stable code a client can act on or translate (`storage.full`), beside the English message. */
    public readonly code?: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const badRequest = (message: string, details?: Detail[]) => new HttpError(400, message, details);
export const conflict = (message: string) => new HttpError(409, message);

/**
 * An expected problem with one body field: the message names the field, and `details` lets a form
 * show it next to that field (same shape as validation errors).
 */
export const fieldError = (statusCode: 400 | 409, field: string, message: string) =>
  new HttpError(statusCode, `${field}: ${message}`, [{ path: `body.${field}`, message }]);

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
