/** Cell separators an uploaded CSV may use: spreadsheets in Arabic locales write ';'. */
const CSV_DELIMITERS = [',', ';', '\t'] as const;

/**
 * The separator of a CSV file: the most frequent of `CSV_DELIMITERS` outside quotes on its first line
 * (a comma when none appears). The server parses uploads with it and the web app previews them with it,
 * so both read a file the same way.
 */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(CSV_DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const d of CSV_DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}
