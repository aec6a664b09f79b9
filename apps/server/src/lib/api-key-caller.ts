import type { Account } from '@dalil/contracts/auth';
import type { ApiKeyRole } from '@dalil/contracts/api-keys';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';

/** The API key behind a request (docs/decisions/0049-api-keys.md). */
export interface ApiKeyActor {
  id: number;
  name: string;
  role: ApiKeyRole;
}

/**
 * A request made with an API key acts as an account: an editor limited to the key's families, with
 * `apiKey` telling it apart. Its `id` is 0, which no account has, and its `username` is "key: <name>",
 * what the history shows as the actor. A reader key carries the editor role too, so it reads what such
 * an editor reads; the access guard refuses its every write.
 */
export type KeyAccount = Account & { apiKey: ApiKeyActor };

export function keyAccount(key: ApiKeyActor & { families: number[] }): KeyAccount {
  return {
    id: 0,
    firstName: key.name,
    lastName: '',
    username: `key: ${key.name}`,
    role: 'editor',
    families: key.families,
    apiKey: { id: key.id, name: key.name, role: key.role },
  };
}

/**
 * Paths an API key never reaches, whatever its role: accounts (passwords included), the keys
 * themselves, webhooks (their secrets and addresses), scheduled feeds (they make the server fetch
 * addresses), and signing out. The access guard answers 403; the OpenAPI document offers these
 * operations the session token only.
 */
const KEY_REFUSED_PATHS = [
  API_PATHS.users,
  API_PATHS.apiKeys,
  API_PATHS.webhooks,
  API_PATHS.feeds,
  API_PATHS.logout,
].map((p) => `${API_BASE}${p}`);
export const refusesKeys = (url: string): boolean =>
  KEY_REFUSED_PATHS.some((p) => url === p || url.startsWith(`${p}/`));

/** The key a caller is, when it is one. */
export const apiKeyOf = (caller: Account | null): ApiKeyActor | null =>
  caller && 'apiKey' in caller ? (caller as KeyAccount).apiKey : null;

/**
 * Who an import run or a bin entry names: the account's id and username; for a key, no account id
 * and "key: <name>"; with no caller, the system.
 */
export const actorOf = (caller: Account | null) => ({
  actorId: apiKeyOf(caller) || !caller ? null : caller.id,
  actorUsername: caller?.username ?? 'system',
});

/** Who a history entry names: as `actorOf`, and the key's id when a key made the change. */
export const actorColumns = (caller: Account | null) => ({
  ...actorOf(caller),
  apiKeyId: apiKeyOf(caller)?.id ?? null,
});
