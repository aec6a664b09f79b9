/** What the session guard hands the login screen: the page to come back to after signing in. */
export interface LoginReturn {
  from: string;
}

/**
 * Where a sign-in lands: the page the session guard sent the visitor away from (a shared product
 * link, a scanned QR code, the printable catalogue), when it belongs to the same area as the
 * login's own landing page and is not a login page; otherwise that landing page.
 */
export function returnPath(state: unknown, landing: string): string {
  const from =
    typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string'
      ? state.from
      : null;
  const area = landing.startsWith('/admin') ? '/admin/' : '/catalog/';
  if (!from || !from.startsWith(area) || from.startsWith(`${area}login`)) return landing;
  return from;
}
