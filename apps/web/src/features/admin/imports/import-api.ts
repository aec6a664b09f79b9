import { API_PATHS, withParams } from '@dalil/contracts/api-paths';
import type { ImportKind, ImportReport, UploadFormat } from '@dalil/contracts/imports';
import { uploadWithProgress, type UploadProgress } from '../../../lib/upload-with-progress';
import { saveFromApi } from '../../../lib/save-file';

/** Where a categories or products file goes: its family, and for products the category. */
export interface UploadTarget {
  family?: number;
  category?: number;
}

/** The import endpoints (docs/decisions/0005-csv-import.md), relative to the `/api` base. */
const uploadApiPaths = {
  all: () => API_PATHS.uploadAll,
  categories: ({ family }: UploadTarget) => withParams(API_PATHS.uploadCategories, { family: family! }),
  products: ({ family, category }: UploadTarget) =>
    withParams(API_PATHS.uploadProducts, { family: family!, category: category! }),
  invalidRows: {
    all: () => API_PATHS.uploadAllInvalidRows,
    categories: ({ family }: UploadTarget) =>
      withParams(API_PATHS.uploadCategoriesInvalidRows, { family: family! }),
    products: ({ family, category }: UploadTarget) =>
      withParams(API_PATHS.uploadProductsInvalidRows, { family: family!, category: category! }),
  },
} as const;

export interface SendCsvOptions {
  dryRun: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * POSTs the file (CSV or XLSX: the server tells them apart by content) in the multipart field
 * `file`; `dryRun` asks for the preview and writes nothing.
 */
export function sendCsv(kind: ImportKind, target: UploadTarget, file: File, options: SendCsvOptions) {
  const body = new FormData();
  body.append('file', file, file.name);
  return uploadWithProgress<ImportReport>(uploadApiPaths[kind](target), body, {
    query: { dryRun: String(options.dryRun) },
    signal: options.signal,
    onProgress: options.onProgress,
  });
}

/** How long a download may take to start answering: an upload sent along needs time to arrive. */
const UPLOAD_ANSWER_MS = 10 * 60_000;

/**
 * The catalogue in the import's own columns, so it can be uploaded again: CSV or XLSX, saved under
 * the name the server gives.
 */
export function exportCatalogue(format: UploadFormat = 'csv', family?: number): Promise<void> {
  if (family !== undefined) {
    const path = format === 'xlsx' ? API_PATHS.exportFamilyXlsx : API_PATHS.exportFamily;
    return saveFromApi(withParams(path, { id: family }), {
      fallbackName: `dalil-family-${family}.${format}`,
    });
  }
  return saveFromApi(format === 'xlsx' ? API_PATHS.exportAllXlsx : API_PATHS.exportAll, {
    fallbackName: `dalil-catalogue.${format}`,
  });
}

/**
 * The XLSX template of a kind, built by the server (the CSV one is built in the browser); with a
 * family, its attribute columns follow the fixed ones.
 */
export function downloadTemplateXlsx(kind: ImportKind, example: boolean, family?: number): Promise<void> {
  const path = withParams(API_PATHS.uploadTemplateXlsx, { kind });
  const query = `?example=${String(example)}${family === undefined ? '' : `&family=${family}`}`;
  return saveFromApi(`${path}${query}`, {
    fallbackName: `dalil-${kind}-${example ? 'example' : 'headers'}.xlsx`,
  });
}

/**
 * The faulty rows of an XLSX upload, as XLSX with the faulty cells marked: the server reads the
 * workbook again (the browser does not read workbooks), with the reasons in the admin's language.
 */
export function downloadInvalidRowsXlsx(
  kind: ImportKind,
  target: UploadTarget,
  file: File,
  language: string,
): Promise<void> {
  const body = new FormData();
  body.append('file', file, file.name);
  const lang = language === 'ar' ? 'ar' : 'en';
  return saveFromApi(`${uploadApiPaths.invalidRows[kind](target)}?lang=${lang}`, {
    fallbackName: 'invalid-rows.xlsx',
    saveAs: `${file.name.replace(/\.(xlsx|csv)$/i, '')}-invalid-rows.xlsx`,
    body,
    timeoutMs: UPLOAD_ANSWER_MS,
  });
}
