import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UploadFormat } from '@dalil/contracts/imports';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { RemoteChoice } from '../form-kit/remote-choice';
import { exportCatalogue } from './import-api';

const FORMATS: UploadFormat[] = ['csv', 'xlsx'];

/**
 * The catalogue, or one family with its categories, as CSV or XLSX in the import's own columns, so
 * an export can be uploaded again.
 */
export function ExportCard() {
  const { t, i18n } = useTranslation();
  // No family: the whole catalogue.
  const [scope, setScope] = useState<number | null>(null);
  const [busy, setBusy] = useState<UploadFormat | null>(null);
  const [error, setError] = useState<unknown>(null);
  const run = async (format: UploadFormat) => {
    setBusy(format);
    setError(null);
    try {
      await exportCatalogue(format, scope ?? undefined);
    } catch (failure) {
      console.error(failure);
      setError(failure);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="upload-export-title"
      sx={{ p: { xs: 2.5, sm: 3.5 }, borderRadius: 3 }}
    >
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Typography id="upload-export-title" component="h2" variant="overline" color="text.secondary">
          {t('upload.export.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('upload.export.hint')}
        </Typography>
        <RemoteChoice
          resource="families"
          size="small"
          label={t('upload.export.scope')}
          placeholder={t('upload.export.everything')}
          value={scope}
          onChange={setScope}
          quiet
          sx={{ minWidth: 240 }}
        />
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {FORMATS.map((format) => (
            <Button
              key={format}
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              loading={busy === format}
              disabled={busy !== null && busy !== format}
              onClick={() => void run(format)}
            >
              {t(`upload.export.${format}`)}
            </Button>
          ))}
        </Stack>
        {Boolean(error) && (
          <Alert severity="error" role="alert" sx={{ alignSelf: 'stretch' }}>
            {t('upload.export.failed')} {apiErrorMessage(error, t, i18n.language)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
