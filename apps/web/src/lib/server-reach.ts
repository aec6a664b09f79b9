import { isApiError } from './api-error';

/** How long the server may stay out of reach before the screen says so, with a Retry button. */
export const UNREACHABLE_AFTER_MS = 10_000;

/** How often the app asks again, on its own, while the server is out of reach. */
export const RETRY_EVERY_MS = 5_000;

/** Statuses a proxy answers when the server behind it is down, restarting or too slow. */
const PROXY_STATUSES = new Set([502, 503, 504]);

/** No answer, no connection, or a proxy standing in for a server that is not there. */
export function isUnreachable(error: unknown): boolean {
  return isApiError(error) && (error.kind !== 'http' || PROXY_STATUSES.has(error.status));
}

const FAILED_IMPORT =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/** A screen whose code could not be downloaded (each browser words it its own way). */
export const isFailedImport = (error: unknown): boolean =>
  error instanceof TypeError && FAILED_IMPORT.test(error.message);

/** Whether an HTTP status came from the server itself (any answer but a proxy's stand-in). */
export const isServerAnswer = (status: number) => !PROXY_STATUSES.has(status);

// Kept outside React: requests start before the app renders (the early session check in main.tsx).
let since: number | null = null;
let answeredAt = 0;
let reported = false;
const listeners = new Set<() => void>();
const retryListeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/**
 * A request that started at `startedAt` found the server out of reach. The outage is counted from the
 * earliest such request since the server last answered, so a request that waited the whole timeout
 * for no answer shows the message at once.
 */
export function noteUnreachable(startedAt: number): void {
  const from = Math.max(startedAt, answeredAt);
  if (since !== null && since <= from) return;
  since = from;
  emit();
}

/** The server answered: the outage, if any, is over. */
export function noteAnswered(): void {
  answeredAt = Date.now();
  reported = false;
  if (since === null) return;
  since = null;
  emit();
}

/** When the current outage began (the store's snapshot), or null while the server answers. */
export const unreachableSince = (): number | null => since;

export function subscribeReach(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether a failure should still be reported (a notice and the console): one report per outage, then
 * the unreachable message speaks for the retries that fail after it.
 */
export function worthReporting(error: unknown): boolean {
  if (!isUnreachable(error)) return true;
  if (reported) return false;
  reported = true;
  return true;
}

/**
 * Screens that wait on a request outside the query cache (the session check, the guest sign-in) ask
 * again when told to: on Retry and on every background retry.
 */
export function onRetryRequest(listener: () => void): () => void {
  retryListeners.add(listener);
  return () => retryListeners.delete(listener);
}

export function requestRetry(): void {
  [...retryListeners].forEach((listener) => listener());
}

/** Forgets the outage: the app that watched it has gone (a test's unmount). */
export function resetReach(): void {
  since = null;
  answeredAt = 0;
  reported = false;
}
