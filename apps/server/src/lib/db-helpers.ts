import { pgErrorCode } from './errors';

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

/** An ILIKE / LIKE pattern matching `text` anywhere, with the pattern characters escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
