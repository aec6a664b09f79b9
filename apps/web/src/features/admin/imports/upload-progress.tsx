import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/i18n';
import type { UploadProgress as Progress } from '../../../lib/upload-with-progress';

interface UploadProgressProps {
  fileName: string;
  progress: Progress | null;
  importing: boolean;
  /** Only a dry run can be stopped: a real import may already be writing once its body is sent. */
  onStop?: () => void;
}

/** A determinate bar while the file goes up, then an indeterminate one while the server checks it. */
export function UploadProgress({ fileName, progress, importing, onStop }: UploadProgressProps) {
  const { t } = useTranslation();
  const sending = progress?.phase !== 'processing';
  const percent =
    progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
  const label = sending
    ? t('upload.progress.sending', { name: fileName, percent })
    : importing
      ? t('upload.progress.importing', { name: fileName })
      : t('upload.progress.checking', { name: fileName });
  return (
    <Stack spacing={1} role="status" aria-live="polite">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {label}
        </Typography>
        {onStop && (
          <Button size="small" color="inherit" onClick={onStop}>
            {t('upload.progress.cancel')}
          </Button>
        )}
      </Stack>
      <LinearProgress
        variant={sending ? 'determinate' : 'indeterminate'}
        value={percent}
        aria-label={label}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Stack>
  );
}
