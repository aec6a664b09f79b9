import { TOKEN_STORAGE_KEY } from '@dalil/contracts/constants';
import { readString, writeString } from './storage';

/** Spec section 3: the session token lives in local storage under 'token'. */
export function getToken(): string | null {
  const token = readString(TOKEN_STORAGE_KEY);
  // The reference stored the literal "null" on logout; treat it as signed out.
  return token && token !== 'null' ? token : null;
}

export function setToken(token: string): void {
  writeString(TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  writeString(TOKEN_STORAGE_KEY, null);
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

export function scopeOfPath(pathname: string): SessionScope {
  return pathname === '/admin' || pathname.startsWith('/admin/') ? 'admin' : 'user';
}

/** The session a path's guard checks, or null for the login screens and unguarded paths. */
export function guardedScope(pathname: string): SessionScope | null {
  if (pathname === '/admin/login' || pathname === '/catalog/login') return null;
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'admin';
  return pathname.startsWith('/catalog/') ? 'user' : null;
}

export function signalUnauthorized(): void {
  clearToken();
  const scope = scopeOfPath(window.location.pathname);
  if (listeners.size === 0) missed = scope;
  listeners.forEach((listener) => listener(scope));
}
