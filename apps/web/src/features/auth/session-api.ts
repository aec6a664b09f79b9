import type { Account } from '@dalil/contracts/auth';
import { apiRequest } from '../../lib/api-client';
import { apiPaths } from '../../lib/paths';
import type { SessionScope } from '../../lib/session';

/** Spec section 4: the guard only needs success or failure; the account is shown in the shell. */
export function checkSession(scope: SessionScope, signal: AbortSignal): Promise<Account> {
  const path = scope === 'admin' ? apiPaths.adminAuth : apiPaths.userAuth;
  return apiRequest<Account>(path, { signal, unauthorized: 'ignore' });
}
