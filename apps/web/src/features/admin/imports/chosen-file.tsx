import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/i18n';

/** The file being checked or imported: its name and size. */
export function ChosenFile({ file }: { file: File }) {
  const { t } = useTranslation();
  const size = Math.max(1, Math.round(file.size / 1024)).toLocaleString('en');
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', p: 1.5, borderRadius: 2, bgcolor: 'action.hover', minWidth: 0 }}
    >
      <InsertDriveFileOutlined color="primary" />
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere', flex: 1 }} dir="auto">
        {file.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {t('upload.file.size', { size })}
      </Typography>
    </Stack>
  );
}
