/** The rows of a raw `execute` result: both drivers (PGlite and node-postgres) answer `{ rows }`. */
export const resultRows = <T>(result: unknown) => (result as { rows: T[] }).rows;
