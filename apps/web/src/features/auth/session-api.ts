import type { Account } from '@dalil/contracts/auth';
import { apiRequest } from '../../lib/api-client';
import { apiPaths } from '../../lib/paths';
import { getToken, guardedScope, type SessionScope } from '../../lib/session';

/** The guard only needs success or failure; the account is shown in the shell. */
export function checkSession(scope: SessionScope, signal?: AbortSignal): Promise<Account> {
  const path = scope === 'admin' ? apiPaths.adminAuth : apiPaths.userAuth;
  return apiRequest<Account>(path, { signal, unauthorized: 'ignore' });
}

interface EarlyCheck {
  scope: SessionScope;
  token: string;
  promise: Promise<Account>;
  /** Set once the check has succeeded. */
  account?: Account;
}

let early: EarlyCheck | null = null;

/**
 * Starts the session check of the page being opened before the app renders (main.tsx), so it runs
 * while the route code downloads instead of after it (docs/performance.md, "Lighthouse"). The guard
 * of that first page takes it over instead of asking again.
 */
export function startEarlySessionCheck(pathname: string): void {
  const scope = guardedScope(pathname);
  const token = getToken();
  if (!scope || !token) return;
  const check: EarlyCheck = { scope, token, promise: checkSession(scope) };
  check.promise.then(
    (account) => {
      check.account = account;
    },
    () => undefined,
  );
  early = check;
}

const matches = (check: EarlyCheck | null, scope: SessionScope): check is EarlyCheck =>
  check !== null && check.scope === scope && check.token === getToken();

/** The account of an early check that has already succeeded: the guard can render at once. */
export function earlyAccount(scope: SessionScope): Account | null {
  return matches(early, scope) ? (early.account ?? null) : null;
}

/** Hands the early check over to the guard, once; later mounts check again. */
export function takeEarlySessionCheck(scope: SessionScope): Promise<Account> | null {
  const check = early;
  early = null;
  return matches(check, scope) ? check.promise : null;
}
