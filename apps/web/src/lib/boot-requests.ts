/**
 * public/boot.js starts the first screen's requests before the app's code has downloaded (the guest
 * sign-in, the session check, the product, the chooser's list: docs/decisions/0038). The app's own
 * request takes the matching one over instead of asking again: the same method, address, token and
 * body, taken once. Its answer then goes through lib/api-client.ts like any other, so a refused token,
 * an error or an unreachable server are handled exactly as for a request the app sent.
 */

/**
 * An answer this old is not taken over: the app asks again. The app takes boot's requests over while
 * it starts; a minute is the catalogue's own freshness (features/catalog/catalog-api.ts).
 */
const USABLE_FOR_MS = 60_000;

/** Removes and returns boot's request for this one, or null when boot did not start it. */
export function takeBootRequest(
  method: string,
  url: string,
  token: string | null,
  body: string | null,
): BootRequest | null {
  const started = window.dalilBootRequests;
  const index = started?.findIndex((request) => request.method === method && request.url === url) ?? -1;
  if (!started || index === -1) return null;
  // Taken once; one sent with another token or body (a refused token since replaced) is of no use.
  const [request] = started.splice(index, 1);
  if (!request || request.token !== token || request.body !== body) return null;
  return Date.now() - request.startedAt <= USABLE_FOR_MS ? request : null;
}

/** Boot's answer, or the abort of `signal` when the caller gives up first (as fetch would). */
export function bootResponse(request: BootRequest, signal?: AbortSignal): Promise<Response> {
  if (!signal) return request.response;
  return new Promise((resolve, reject) => {
    const abort = () =>
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    request.response.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** boot.js's requests time out with the app's timeout (AbortSignal.timeout). */
export const isTimeout = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'TimeoutError';
