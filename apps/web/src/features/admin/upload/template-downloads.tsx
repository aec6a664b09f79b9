import { REQUIRED_COLUMNS, type CsvColumn, type ImportKind } from '@dalil/contracts/imports';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { downloadTemplate } from './csv-files';

const mono = { fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace', fontSize: 12 };

/** An example CSV and a headers-only CSV for this kind of file, built in the browser. */
export function TemplateDownloads({ kind, columns }: { kind: ImportKind; columns: readonly CsvColumn[] }) {
  const { t } = useTranslation();
  const required = new Set(REQUIRED_COLUMNS[kind]);
  return (
    <Stack spacing={1.5}>
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
