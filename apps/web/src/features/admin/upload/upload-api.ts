import { API_BASE, API_PATHS, withParams } from '@dalil/contracts/api-paths';
import { REQUEST_TIMEOUT_MS } from '@dalil/contracts/constants';
import type { ImportKind, ImportReport } from '@dalil/contracts/imports';
import { ApiError, errorFromResponse } from '../../../lib/api-error';
import { getToken, signalUnauthorized } from '../../../lib/session';
import { uploadWithProgress, type UploadProgress } from '../../../lib/upload-with-progress';
import { saveBlob } from './save-file';

/** Where a categories or products file goes: its family, and for products the category. */
export interface UploadTarget {
  family?: number;
  category?: number;
}

/** The import endpoints (docs/decisions/0005-csv-import.md), relative to the `/api` base. */
export const uploadApiPaths = {
  all: () => API_PATHS.uploadAll,
  categories: ({ family }: UploadTarget) => withParams(API_PATHS.uploadCategories, { family: family! }),
  products: ({ family, category }: UploadTarget) =>
    withParams(API_PATHS.uploadProducts, { family: family!, category: category! }),
  exportAll: `${API_BASE}${API_PATHS.exportAll}`,
} as const;

export interface SendCsvOptions {
  dryRun: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

/** POSTs the file in the multipart field `file`; `dryRun` asks for the preview and writes nothing. */
export function sendCsv(kind: ImportKind, target: UploadTarget, file: File, options: SendCsvOptions) {
  const body = new FormData();
  body.append('file', file, file.name);
  return uploadWithProgress<ImportReport>(uploadApiPaths[kind](target), body, {
    query: { dryRun: String(options.dryRun) },
    signal: options.signal,
    onProgress: options.onProgress,
  });
}

const fileNameOf = (disposition: string | null) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1];

/**
 * GET /api/export/all.csv with the bearer token, saved as a file (the import's own columns, so it can
 * be uploaded again). The 10 s
 * limit covers the wait for the answer to start; a large catalogue then streams as long as it needs.
 */
export async function exportCatalogue(): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const headers = new Headers({ Accept: 'text/csv' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(uploadApiPaths.exportAll, {
      headers,
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
  saveBlob(blob, fileNameOf(response.headers.get('content-disposition')) ?? 'dalil-catalogue.csv');
}
