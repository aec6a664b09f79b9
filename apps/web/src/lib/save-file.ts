import { API_BASE } from '@dalil/contracts/api-paths';
import { REQUEST_TIMEOUT_MS } from '@dalil/contracts/constants';
import { ApiError, errorFromResponse } from './api-error';
import { getToken, signalUnauthorized } from './session';

/** Offers a Blob as a download through a temporary link (works for files built in the browser too). */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const revoke = URL.revokeObjectURL.bind(URL);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Not revoked at once: some browsers start reading the Blob only after the click has returned.
  setTimeout(() => revoke(url), 30_000);
}

/** A CSV text as a download: UTF-8 (the text carries its own BOM), CSV type. */
export function saveCsv(text: string, fileName: string): void {
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}

const fileNameOf = (disposition: string | null) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1];

/**
 * Fetches a file from the API with the bearer token and saves it. `timeoutMs` covers the wait for
 * the answer to start; a large file then streams as long as it needs.
 */
export async function saveFromApi(
  path: string,
  options: { fallbackName: string; body?: FormData; timeoutMs?: number; saveAs?: string },
): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.body ? 'POST' : 'GET',
      headers,
      body: options.body ?? null,
      credentials: 'omit',
      signal: controller.signal,
    });
  } catch {
    if (controller.signal.aborted)
      throw new ApiError('timeout', 0, null, 'The server took too long to answer');
    throw new ApiError('network', 0, null, 'The server could not be reached');
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    if (response.status === 401) signalUnauthorized();
    throw await errorFromResponse(response);
  }
  const blob = await response.blob();
  const name = options.saveAs ?? fileNameOf(response.headers.get('content-disposition'));
  saveBlob(blob, name ?? options.fallbackName);
}
