import {
  ApiKeyCreatedSchema,
  ApiKeyListSchema,
  type ApiKey,
  type ApiKeyRole,
} from '@dalil/contracts/api-keys';
import { API_PATHS, withParams } from '@dalil/contracts/api-paths';
import { apiRequest } from '../../../lib/api-client';
import { checkedRequest } from '../resource-kit/checked-request';

/** What the new-key form sends (`ApiKeyCreateBodySchema`). */
export interface ApiKeyBody {
  name: string;
  role: ApiKeyRole;
  families: number[];
  expiresAt: string | null;
}

/** The API keys' calls (administrators only); paths and answers' schemas from the contracts. */
export const apiKeysApi = {
  list: (signal?: AbortSignal) => checkedRequest(ApiKeyListSchema, API_PATHS.apiKeys, { signal }),
  create: (body: ApiKeyBody) =>
    checkedRequest(ApiKeyCreatedSchema, API_PATHS.apiKeys, { method: 'POST', body }),
  revoke: (id: number) => apiRequest<null>(withParams(API_PATHS.apiKey, { id }), { method: 'DELETE' }),
};

export type ApiKeyStatus = 'active' | 'expired' | 'revoked';

/** A revoked key is revoked whatever its expiry; an unrevoked one is expired once its time passed. */
export function statusOf(key: Pick<ApiKey, 'revokedAt' | 'expiresAt'>, now: number): ApiKeyStatus {
  if (key.revokedAt !== null) return 'revoked';
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= now) return 'expired';
  return 'active';
}

/**
 * The expiry a day picked in the form stands for: the end of that day where the administrator is
 * (the next day's local midnight), as the time the server takes.
 */
export function endOfDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, (date ?? 1) + 1).toISOString();
}
