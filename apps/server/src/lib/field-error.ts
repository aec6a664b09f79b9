import { HttpError } from './errors';

/**
 * An expected problem with one body field: the message names the field, and `details` lets a form
 * show it next to that field (same shape as validation errors).
 */
export const fieldError = (statusCode: 400 | 409, field: string, message: string) =>
  new HttpError(statusCode, `${field}: ${message}`, [{ path: `body.${field}`, message }]);
