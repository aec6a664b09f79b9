/**
 * A stored web address as it is shown outside its own admin form: without user name, password, query
 * or fragment, where a feed's address may carry its credentials or token
 * (`https://erp.example/export.csv?…`). Any other text (an uploaded file's name) is shown as it is.
 */
export function shownAddress(text: string): string {
  if (!/^https?:\/\//i.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // Not an address after all: show it only up to where a query or credentials could start.
    return `${text.replace(/[?#@].*$/s, '')}…`;
  }
  const more = url.search !== '' || url.hash !== '' ? '?…' : '';
  return `${url.protocol}//${url.host}${url.pathname}${more}`;
}
