import { IMPORT_COLUMNS, XLSX_MEDIA_TYPE, type ImportKind } from '@dalil/contracts/imports';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { DropArea } from '../../../components/drop-area';
import { downloadInvalidRows } from './csv-files';
import { downloadInvalidRowsXlsx } from './import-api';
import { ChosenFile } from './chosen-file';
import { ImportPreview } from './import-preview';
import { ImportResult } from './import-result';
import { problemSentence } from './report-text';
import { TemplateDownloads } from './template-downloads';
import type { UploadTarget } from './import-api';
import { uploadErrorMessage } from './upload-error-message';
import { UploadProgress } from './upload-progress';
import { refusedReport, useCsvUpload } from './use-csv-upload';

/**
 * The file fields accept CSV and Excel workbooks (by type, or by extension when the type is
 * unknown). The server decides by the file's content, whatever its name says.
 */
const FILE_ACCEPT = { 'text/csv': ['.csv'], [XLSX_MEDIA_TYPE]: ['.xlsx'] };

interface UploadFlowProps {
  kind: ImportKind;
  /** Null until the family (and category) are chosen: no file can be sent before. */
  target: UploadTarget | null;
  notReadyText?: string;
}

/** One file's way through the upload: drop, progress, preview, import, report. */
export function UploadFlow({ kind, target, notReadyText }: UploadFlowProps) {
  const { t, i18n } = useTranslation();
  const upload = useCsvUpload(kind, target ?? {});
  const [readFailed, setReadFailed] = useState(false);
  const { step, file, report, error } = upload;
  const busy = step === 'checking' || step === 'importing';
  const errorText = error
    ? refusedReport(error)
      ? t('upload.errors.importRefused')
      : uploadErrorMessage(error, kind, t, i18n.language)
    : null;
  const downloadInvalid = () => {
    if (!file || !report) return;
    setReadFailed(false);
    // A workbook's faulty rows come back from the server as a workbook, with the faulty cells marked.
    const saved =
      report.format === 'xlsx'
        ? downloadInvalidRowsXlsx(kind, target ?? {}, file, i18n.language)
        : downloadInvalidRows(file, report.problems, (p) => problemSentence(p, t));
    saved.catch((failure: unknown) => {
      console.error(failure);
      setReadFailed(true);
    });
  };

  return (
    <Stack spacing={2.5}>
      <Typography component="h2" variant="overline" color="text.secondary">
        {t('upload.steps.file')}
      </Typography>
      {step === 'idle' &&
        (target ? (
          <DropArea
            inputLabel={t('upload.fileInput')}
            accept={FILE_ACCEPT}
            prompt={t('upload.drop')}
            activePrompt={t('upload.dropActive')}
            hint={t('upload.dropHint')}
            onFile={(chosen) => void upload.choose(chosen)}
          />
        ) : (
          <Box
            sx={{
              p: 3,
              borderRadius: 2.5,
              border: '1.5px dashed',
              borderColor: 'divider',
              color: 'text.secondary',
              textAlign: 'center',
            }}
          >
            <Typography variant="body2">{notReadyText}</Typography>
          </Box>
        ))}
      {file && step !== 'idle' && <ChosenFile file={file} />}
      {busy && (
        <UploadProgress
          fileName={file?.name ?? ''}
          progress={upload.progress}
          importing={step === 'importing'}
          onStop={step === 'checking' ? upload.cancel : undefined}
        />
      )}
      {errorText && (
        <Alert severity="error" role="alert">
          {step === 'idle' && <AlertTitle>{t('upload.errors.title')}</AlertTitle>}
          {errorText}
        </Alert>
      )}
      {readFailed && step === 'preview' && (
        <Alert severity="error" role="alert">
          {t('upload.errors.readFailed')}
        </Alert>
      )}
      {step === 'idle' && (
        <TemplateDownloads kind={kind} columns={IMPORT_COLUMNS[kind]} family={target?.family} />
      )}
      {(step === 'preview' || step === 'importing') && report && (
        <ImportPreview
          report={report}
          fileName={file?.name ?? ''}
          importing={step === 'importing'}
          onImport={() => void upload.confirm()}
          onCancel={upload.cancel}
          onDownloadInvalid={downloadInvalid}
        />
      )}
      {step === 'done' && report && (
        <ImportResult
          report={report}
          fileName={file?.name ?? ''}
          target={target ?? {}}
          onAnother={upload.cancel}
        />
      )}
    </Stack>
  );
}
