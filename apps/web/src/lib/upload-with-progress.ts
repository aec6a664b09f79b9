import { REQUEST_TIMEOUT_MS } from '@dalil/contracts/constants';
import { ApiError, errorFromResponse } from './api-error';
import { getToken, signalUnauthorized } from './session';

const API_BASE = '/api';
/** The server keeps an import's socket open this long (docs/decisions/0005-csv-import.md). */
const PROCESSING_TIMEOUT_MS = 30 * 60_000;

export interface UploadProgress {
  /** 'sending' while the body goes up; 'processing' once it is all sent and the server works on it. */
  phase: 'sending' | 'processing';
  loaded: number;
  total: number;
}

export interface UploadOptions {
  query?: Record<string, string>;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * POSTs a multipart body with XMLHttpRequest, which (unlike fetch) reports upload progress. Same
 * contract as apiRequest: bearer token, no credentials, ApiError on failure, a 401 signs out. The
 * requests' 10 s timeout cannot bound a 50 MB upload or a 100 000-row check, so it applies to
 * silence instead: the upload fails when no bytes move for 10 s, and once the body is sent the server
 * has as long as it keeps the socket open for the answer.
 */
export function uploadWithProgress<T>(path: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  const { query, signal, onProgress } = options;
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const xhr = new XMLHttpRequest();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let timedOut = false;
    const arm = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        xhr.abort();
      }, ms);
    };
    const onAbort = () => xhr.abort();
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };

    xhr.open('POST', `${API_BASE}${path}${search}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.withCredentials = false;

    xhr.upload.onprogress = (event) => {
      arm(REQUEST_TIMEOUT_MS);
      onProgress?.({
        phase: 'sending',
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : 0,
      });
    };
    xhr.upload.onload = () => {
      arm(PROCESSING_TIMEOUT_MS);
      onProgress?.({ phase: 'processing', loaded: 1, total: 1 });
    };
    xhr.onload = () => {
      settle();
      void answer(xhr).then(resolve as (value: unknown) => void, reject);
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError('network', 0, null, 'The server could not be reached'));
    };
    xhr.onabort = () => {
      settle();
      if (timedOut) reject(new ApiError('timeout', 0, null, 'The server took too long to answer'));
      else reject((signal?.reason as Error | undefined) ?? new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort);
    arm(REQUEST_TIMEOUT_MS);
    xhr.send(body);
  });
}

async function answer(xhr: XMLHttpRequest): Promise<unknown> {
  const ok = xhr.status >= 200 && xhr.status < 300;
  if (!ok) {
    if (xhr.status === 401) signalUnauthorized();
    // Reuses the fetch path's parsing of the error body (JSON or not).
    const response = new Response(xhr.responseText || null, {
      status: xhr.status >= 200 && xhr.status <= 599 ? xhr.status : 500,
      statusText: xhr.statusText,
    });
    throw await errorFromResponse(response);
  }
  if (xhr.status === 204 || !xhr.responseText) return undefined;
  return JSON.parse(xhr.responseText) as unknown;
}
