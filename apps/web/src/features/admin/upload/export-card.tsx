import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { exportCatalogue } from './upload-api';

/** The catalogue as CSV in the import's own columns, so an export can be uploaded again. */
export function ExportCard() {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await exportCatalogue();
    } catch (failure) {
      console.error(failure);
      setError(failure);
    } finally {
      setBusy(false);
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
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          loading={busy}
          onClick={() => void run()}
        >
          {t('upload.export.button')}
        </Button>
        {Boolean(error) && (
          <Alert severity="error" role="alert" sx={{ alignSelf: 'stretch' }}>
            {t('upload.export.failed')} {apiErrorMessage(error, t, i18n.language)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
