/**
 * Local storage helpers. Storage can be unavailable (private mode, blocked cookies), so every access is
 * guarded and falls back to "nothing stored" instead of throwing during render.
 */
export function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the preference simply does not persist.
  }
}

export function readJson<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, value === null || value === undefined ? null : JSON.stringify(value));
}

/** Reads a stored value that must be one of `allowed`; anything else counts as not stored. */
export function readChoice<T extends string>(key: string, allowed: readonly T[]): T | null {
  const raw = readString(key);
  return raw !== null && (allowed as readonly string[]).includes(raw) ? (raw as T) : null;
}

/** Sets a cookie for the whole site, kept `maxAgeDays`, sent on top-level navigations (SameSite=Lax). */
export function writeCookie(name: string, value: string, maxAgeDays: number): void {
  try {
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeDays * 86400}; SameSite=Lax`;
  } catch {
    // Cookies blocked: the server then follows the browser's languages.
  }
}
