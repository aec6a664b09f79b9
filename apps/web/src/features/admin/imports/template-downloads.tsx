import {
  REQUIRED_COLUMNS,
  type CsvColumn,
  type ImportKind,
  type UploadFormat,
} from '@dalil/contracts/imports';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { downloadTemplate } from './csv-files';

const mono = { fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace', fontSize: 12 };

const TEMPLATES = [
  { example: true, format: 'xlsx', label: 'upload.templates.exampleXlsx' },
  { example: false, format: 'csv', label: 'upload.templates.headersCsv' },
  { example: false, format: 'xlsx', label: 'upload.templates.headersXlsx' },
] as const satisfies { example: boolean; format: UploadFormat; label: string }[];

/**
 * A headers-only file for this kind of upload, as CSV (built in the browser) or as an Excel workbook
 * (from the server), and an Excel workbook whose "Examples" sheet shows filled rows (an import reads
 * only the first sheet); all with the chosen family's attribute columns.
 */
export function TemplateDownloads({
  kind,
  columns,
  family,
}: {
  kind: ImportKind;
  columns: readonly CsvColumn[];
  family?: number | undefined;
}) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  const required = new Set(REQUIRED_COLUMNS[kind]);
  const download = (example: boolean, format: UploadFormat) => {
    setError(null);
    downloadTemplate(kind, example, format, family).catch((failure: unknown) => {
      console.error(failure);
      setError(failure);
    });
  };
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('upload.templates.hint')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {TEMPLATES.map(({ example, format, label }) => (
          <Button
            key={label}
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            onClick={() => download(example, format)}
          >
            {t(label)}
          </Button>
        ))}
      </Stack>
      {Boolean(error) && (
        <Alert severity="error" role="alert">
          {t('upload.templates.failed')} {apiErrorMessage(error, t, i18n.language)}
        </Alert>
      )}
      <Box component="section" aria-label={t('upload.templates.columns')}>
        <Typography variant="caption" color="text.secondary" component="h3" sx={{ mb: 0.75 }}>
          {t('upload.templates.columns')} <span aria-hidden="true">·</span> {t('upload.templates.required')}
        </Typography>
        <Box
          component="ul"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, m: 0, p: 0, listStyle: 'none' }}
        >
          {columns.map((column) => (
            <li key={column}>
              <Chip
                size="small"
                variant="outlined"
                label={<bdi dir="ltr">{required.has(column) ? `${column} *` : column}</bdi>}
                sx={
                  required.has(column)
                    ? { ...mono, fontWeight: 700, color: 'text.primary', borderColor: 'primary.main' }
                    : { ...mono, color: 'text.secondary' }
                }
              />
            </li>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}
