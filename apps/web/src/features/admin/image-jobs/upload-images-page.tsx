import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ImagePreview } from '@dalil/contracts/image-upload';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { apiErrorMessage } from '../../../lib/api-error-message';
import type { UploadProgress } from '../../../lib/upload-with-progress';
import { RemoteChoice } from '../form-kit/remote-choice';
import { ImageDropArea } from './image-drop-area';
import { ImageJobStatus } from './image-job-status';
import { ImagePreviewTable } from './image-preview-table';
import { previewImages, recentImageJobsQuery, startImageJob } from './image-upload-api';
import { RecentImageJobs } from './recent-image-jobs';

const megabytes = (n: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
    n / 1024 ** 2,
  );

/**
 * Upload Images: drop files, preview how each matches a product, then import. The import runs on
 * the server as a job; reopening the screen shows the last job's progress or report, and lists the
 * latest jobs to read any of theirs.
 */
export function UploadImagesPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const recent = useQuery(recentImageJobsQuery);
  const [chosenJob, setChosenJob] = useState<number | null>(null);
  const [family, setFamily] = useState<number | ''>('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [preview, setPreview] = useState<ImagePreview | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // With nothing dropped, the screen shows the job chosen in the recent list, at first the newest.
  const idle = files.length === 0 && !preview;
  const shownJob = jobId ?? (idle ? (chosenJob ?? recent.data?.[0]?.id ?? null) : null);
  const toStore = preview ? preview.counts.new + preview.counts.replace : 0;

  const run = async (work: () => Promise<void>) => {
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(apiErrorMessage(err, t, i18n.language));
    } finally {
      setProgress(null);
    }
  };
  const reset = () => {
    setFiles([]);
    setPreview(null);
    setJobId(null);
    setError(null);
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3.5 }, borderRadius: 3 }}>
        <Stack spacing={3}>
          <Typography color="text.secondary">{t('images.intro')}</Typography>
          <RemoteChoice
            resource="families"
            label={t('images.family')}
            placeholder={t('images.allFamilies')}
            value={family === '' ? null : family}
            onChange={(id) => {
              setFamily(id ?? '');
              setPreview(null);
            }}
            sx={{ maxWidth: 360 }}
          />
          <ImageDropArea
            onFiles={(dropped) => {
              setFiles(dropped);
              setPreview(null);
              setJobId(null);
            }}
          />
          {files.length > 0 && (
            <Typography variant="body2">
              {t('images.chosen', {
                count: files.length,
                size: megabytes(
                  files.reduce((n, f) => n + f.size, 0),
                  i18n.language,
                ),
              })}
            </Typography>
          )}
          {progress && (
            <Stack spacing={1} role="status" aria-live="polite">
              <Typography variant="body2">
                {progress.phase === 'sending'
                  ? t('images.sending', {
                      loaded: megabytes(progress.loaded, i18n.language),
                      total: megabytes(progress.total, i18n.language),
                    })
                  : t('images.checking')}
              </Typography>
              <LinearProgress
                variant={progress.phase === 'sending' ? 'determinate' : 'indeterminate'}
                value={progress.total ? (progress.loaded / progress.total) * 100 : 0}
              />
            </Stack>
          )}
          {error && <Alert severity="error">{error}</Alert>}
          <Stack direction="row" spacing={2}>
            <Button
              variant={preview ? 'outlined' : 'contained'}
              disabled={files.length === 0 || progress !== null}
              onClick={() =>
                void run(async () => setPreview(await previewImages(files, family, setProgress)))
              }
            >
              {t('images.preview')}
            </Button>
            {preview && (
              <Button
                variant="contained"
                disabled={toStore === 0 || progress !== null}
                onClick={() =>
                  void run(async () => {
                    const job = await startImageJob(files, family, setProgress);
                    setFiles([]);
                    setPreview(null);
                    setJobId(job.id);
                    await queryClient.invalidateQueries({ queryKey: ['image-jobs', 'recent'] });
                  })
                }
              >
                {t('images.import', { count: toStore })}
              </Button>
            )}
            {(preview || jobId) && (
              <Button color="inherit" onClick={reset}>
                {t('images.again')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Paper>
      {preview && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
          <ImagePreviewTable counts={preview.counts} files={preview.files} />
        </Paper>
      )}
      {shownJob !== null && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
          <ImageJobStatus id={shownJob} />
        </Paper>
      )}
      {idle && recent.data && recent.data.length > 1 && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
          <RecentImageJobs
            jobs={recent.data}
            chosen={shownJob}
            onChoose={(id) => {
              setJobId(null);
              setChosenJob(id);
            }}
          />
        </Paper>
      )}
    </Stack>
  );
}
