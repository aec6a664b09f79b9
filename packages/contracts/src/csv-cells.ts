/**
 * CSV cells as the project writes them. The server's streamed files go through csv-stringify; what is
 * built in one piece, in the browser or on the server (the import templates, the web app's
 * invalid-rows download, the tests' files), goes through `csvText`. Exports guard formulas with
 * `escapeCsvCell` either way.
 */

/** A cell holding a quote, a separator any upload may use (, ; tab) or a line break is quoted. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** One cell as CSV text: quoted, with its quotes doubled, when it needs quotes; as is otherwise. */
export const quoteCsvCell = (value: string) =>
  NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/**
 * Rows as a CSV file: cells quoted as needed and joined by `delimiter`, CRLF after every line, and a
 * byte order mark first when asked (Excel then shows the Arabic). Cells are written as given: formula
 * escaping is the caller's choice (`escapeCsvCell`).
 */
export function csvText(
  rows: readonly (readonly string[])[],
  options: { bom?: boolean; delimiter?: string } = {},
) {
  const delimiter = options.delimiter ?? ',';
  const body = rows.map((row) => row.map(quoteCsvCell).join(delimiter)).join('\r\n') + '\r\n';
  return options.bom ? `\uFEFF${body}` : body;
}

/**
 * Spreadsheet formula injection: an exported cell that begins with
 * = + - @, a tab or a carriage return, after any leading apostrophes, gets one more apostrophe in
 * front, so a spreadsheet shows it as text. The import removes exactly that apostrophe, so every value
 * survives the round trip, including one that itself begins with apostrophes.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'+[=+\-@\t\r]/;
export const escapeCsvCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);
export const unescapeCsvCell = (value: string) => (ESCAPED_FORMULA.test(value) ? value.slice(1) : value);
