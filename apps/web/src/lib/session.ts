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

/** The app shell subscribes once and navigates to the matching login; lib code never imports the router. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function scopeOfPath(pathname: string): SessionScope {
  return pathname === '/admin' || pathname.startsWith('/admin/') ? 'admin' : 'user';
}

export function signalUnauthorized(): void {
  clearToken();
  const scope = scopeOfPath(window.location.pathname);
  listeners.forEach((listener) => listener(scope));
}
