import type { ApiKey } from '@dalil/contracts/api-keys';

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

/** Today where the administrator is, as a date input writes it (YYYY-MM-DD). */
export const today = () =>
  new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/** A key's name in a sentence, in a bidi isolate so a Latin name does not pull Arabic words along. */
export const quoted = (name: string) => `\u2068${name}\u2069`;
