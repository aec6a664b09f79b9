import { paths } from './paths';
import { readString, writeString } from './storage';
import { STORAGE_KEYS } from './storage-keys';

/** The session token lives in local storage (STORAGE_KEYS.token), where boot.js looks for it too. */
export function getToken(): string | null {
  const token = readString(STORAGE_KEYS.token);
  // The reference stored the literal "null" on logout; treat it as signed out.
  return token && token !== 'null' ? token : null;
}

export function setToken(token: string): void {
  writeString(STORAGE_KEYS.token, token);
}

/**
 * A write answered with a `token` field hands the signed-in caller a fresh session (changing one's own
 * password signs out every other device of the account): it replaces the stored token before the next
 * request, so this device stays signed in.
 */
export function adoptFreshToken(answer: unknown): void {
  if (typeof answer !== 'object' || answer === null || !('token' in answer)) return;
  const { token } = answer;
  if (typeof token === 'string' && token !== '') setToken(token);
}

export function clearToken(): void {
  writeString(STORAGE_KEYS.token, null);
}

export type SessionScope = 'admin' | 'user';

type UnauthorizedListener = (scope: SessionScope) => void;
const listeners = new Set<UnauthorizedListener>();
/** A 401 that arrived before the app shell subscribed (a request started while the app loads). */
let missed: SessionScope | null = null;

/** The app shell subscribes once and navigates to the matching login; lib code never imports the router. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  listeners.add(listener);
  if (missed) {
    const scope = missed;
    missed = null;
    listener(scope);
  }
  return () => listeners.delete(listener);
}

const isAdminPath = (pathname: string) => pathname === paths.admin || pathname.startsWith(`${paths.admin}/`);

export function scopeOfPath(pathname: string): SessionScope {
  return isAdminPath(pathname) ? 'admin' : 'user';
}

/** The session a path's guard checks, or null for the login screens and unguarded paths. */
export function guardedScope(pathname: string): SessionScope | null {
  if (pathname === paths.adminLogin || pathname === paths.catalogLogin) return null;
  if (isAdminPath(pathname)) return 'admin';
  return pathname.startsWith(`${paths.catalog}/`) ? 'user' : null;
}

export function signalUnauthorized(): void {
  clearToken();
  const scope = scopeOfPath(window.location.pathname);
  if (listeners.size === 0) missed = scope;
  listeners.forEach((listener) => listener(scope));
}
