import type { CsvColumn, ImportKind } from '@dalil/contracts/imports';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { downloadTemplate } from './csv-files';

/** Spec section 2: an example CSV and a headers-only CSV for this kind of file, built in the browser. */
export function TemplateDownloads({ kind, columns }: { kind: ImportKind; columns: readonly CsvColumn[] }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {t('upload.templates.hint')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={() => downloadTemplate(kind, true)}
        >
          {t('upload.templates.example')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={() => downloadTemplate(kind, false)}
        >
          {t('upload.templates.headers')}
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p">
        {t('upload.templates.columns')}{' '}
        <Box component="span" dir="ltr" sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}>
          {columns.join(', ')}
        </Box>
      </Typography>
    </Stack>
  );
}
