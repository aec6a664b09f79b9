import type { ImportErrorBody, ImportKind, ImportReport } from '@dalil/contracts/imports';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { configQuery } from '../../../lib/config-api';
import type { UploadProgress } from '../../../lib/upload-with-progress';
import { sendCsv, type UploadTarget } from './import-api';

type UploadStep = 'idle' | 'checking' | 'preview' | 'importing' | 'done';

export interface UploadState {
  step: UploadStep;
  file: File | null;
  /** The preview while checking is done; after an import, the import's own report. */
  report: ImportReport | null;
  progress: UploadProgress | null;
  /** The last failure: shown on screen in the current language, and logged. */
  error: unknown;
}

const IDLE: UploadState = { step: 'idle', file: null, report: null, progress: null, error: null };

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** A file larger than the server takes (GET /api/config), refused before any byte is sent. */
export class FileTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The file is larger than the server's limit of ${limitBytes} bytes`);
  }
}

/** A refused import (422) carries the report that says why. */
export function refusedReport(error: unknown): ImportReport | null {
  if (!isApiError(error) || error.status !== 422) return null;
  return (error.body as ImportErrorBody | null)?.report ?? null;
}

/**
 * A chosen file is sent as a dry run first (docs/decisions/0005-csv-import.md); only the admin's confirmation
 * sends it again for real. One request at a time; Cancel (or leaving the screen) aborts it.
 */
export function useCsvUpload(kind: ImportKind, target: UploadTarget) {
  const [state, setState] = useState<UploadState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();
  // Without the settings the server's own 413 still refuses a file that is too large.
  const limit = useQuery({ ...configQuery, meta: { handlesErrors: true } }).data?.limits?.uploadBytes;

  const start = useCallback(() => {
    controller.current?.abort();
    controller.current = new AbortController();
    return controller.current.signal;
  }, []);
  useEffect(() => () => controller.current?.abort(), []);

  const onProgress = (progress: UploadProgress) => setState((s) => ({ ...s, progress }));

  const choose = async (file: File) => {
    if (limit !== undefined && file.size > limit) {
      setState({ ...IDLE, file, error: new FileTooLargeError(limit) });
      return;
    }
    const signal = start();
    setState({ ...IDLE, step: 'checking', file });
    try {
      const report = await sendCsv(kind, target, file, { dryRun: true, signal, onProgress });
      setState({ ...IDLE, step: 'preview', file, report });
    } catch (error) {
      if (isAbort(error)) return;
      console.error(error);
      setState({ ...IDLE, file, error });
    }
  };

  const confirm = async () => {
    const { file, report } = state;
    if (!file || !report) return;
    const signal = start();
    setState({ ...state, step: 'importing', progress: null, error: null });
    try {
      const result = await sendCsv(kind, target, file, { dryRun: false, signal, onProgress });
      setState({ ...IDLE, step: 'done', file, report: result });
      await queryClient.invalidateQueries();
    } catch (error) {
      if (isAbort(error)) return;
      console.error(error);
      // Refused (the catalogue changed since the preview, or the file did): show the new problems.
      setState({ ...IDLE, step: 'preview', file, report: refusedReport(error) ?? report, error });
    }
  };

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState(IDLE);
  }, []);

  return { ...state, choose, confirm, cancel };
}
