/**
 * Reading the errors both database engines raise (node-postgres and PGlite report the same SQLSTATE
 * codes, sometimes wrapped in a `cause`).
 */

/** PostgreSQL error codes that mean the client sent something impossible, not that we failed. */
export const PG_CLIENT_ERRORS: Record<string, number> = {
  '22P02': 400, // invalid text representation
  '22003': 400, // numeric value out of range
  '22001': 400, // string too long
  '22021': 400, // invalid byte sequence (NUL)
  '23505': 409, // unique violation
  '23503': 400, // foreign key violation
  '23514': 400, // check violation
};

/**
 * The database is down or restarting, or out of a resource (53xxx: memory, connections; a full disk,
 * 53100, is answered as a storage fault): a 503 the client may retry, not our failure to hide.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (/^(08|57P0|53)/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code))
    ) {
      return true;
    }
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|database is closed|encountered a connection error and is not queryable/.test(
        message,
      )
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The unique constraint (or index) a write broke, when it broke one; both engines report it. */
export function violatedUnique(err: unknown): string | undefined {
  if (pgErrorCode(err) !== '23505') return undefined;
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
