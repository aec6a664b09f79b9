import type { Account } from '@dalil/contracts/auth';
import type { Access } from '@dalil/contracts/resources';
import { createContext, useContext } from 'react';

/** The signed-in account of the admin area, provided by its shell once the session check passed. */
export const AccountContext = createContext<Account | undefined>(undefined);

export const useAccount = (): Account | undefined => useContext(AccountContext);

/**
 * Whether the account may call a route of this access, as the server's access guard decides it
 * (editors are then limited to their companies object by object, which the server checks). Offering
 * an action the server refuses only leads to a 403, so screens ask this before showing one. Without a
 * known account (a screen shown on its own) everything is offered and the server decides.
 */
export function mayUse(account: Account | undefined, access: Access): boolean {
  if (!account || access === 'public' || access === 'account') return true;
  if (access === 'staff') return account.role === 'admin' || account.role === 'editor';
  return account.role === 'admin';
}
