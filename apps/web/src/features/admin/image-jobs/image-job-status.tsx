import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ImageJob } from '@dalil/contracts/image-upload';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { imageJobQuery } from './image-upload-api';
import { ImagePreviewTable } from './image-preview-table';

function timeLeft(job: ImageJob, language: string): string | null {
  const elapsed = (Date.parse(job.updatedAt) - Date.parse(job.startedAt)) / 1000;
  if (job.done === 0 || elapsed <= 0 || job.total <= job.done) return null;
  const seconds = ((job.total - job.done) * elapsed) / job.done;
  const [value, unit] = seconds < 90 ? [Math.ceil(seconds), 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** A job's progress while it runs (it keeps running without this page), then its report. */
export function ImageJobStatus({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const { data: job } = useQuery(imageJobQuery(id));
  if (!job) return <LinearProgress />;
  const active = job.state === 'queued' || job.state === 'running';
  const left = timeLeft(job, i18n.language);
  const percent = job.total > 0 ? Math.round((job.done / job.total) * 100) : 0;
  return (
    <Stack spacing={2}>
      {active ? (
        <Stack spacing={1} role="status" aria-live="polite">
          <Typography variant="subtitle1">{t('images.runningTitle')}</Typography>
          <Typography variant="body2">
            {t('images.processing', { done: job.done, total: job.total })}
            {left ? ` · ${t('images.left', { time: left })}` : ''}
          </Typography>
          <LinearProgress variant="determinate" value={percent} sx={{ height: 8, borderRadius: 4 }} />
        </Stack>
      ) : (
        <Alert severity={job.state === 'done' ? 'success' : 'error'} role="status">
          <Typography variant="subtitle2">
            {t(job.state === 'done' ? 'images.doneTitle' : 'images.failedTitle')}
          </Typography>
          {job.error}
        </Alert>
      )}
      {!active && <ImagePreviewTable counts={job.counts} files={job.files} />}
    </Stack>
  );
}
