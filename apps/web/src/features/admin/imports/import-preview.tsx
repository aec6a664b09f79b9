import type { ImportReport } from '@dalil/contracts/imports';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/i18n';
import { ProblemTable } from './problem-table';
import { ReportCounts } from './report-counts';
import { WarningList } from './warning-list';

export interface ImportPreviewProps {
  report: ImportReport;
  fileName: string;
  importing: boolean;
  onImport: () => void;
  onCancel: () => void;
  onDownloadInvalid: () => void;
}

const changes = (r: ImportReport) =>
  [r.families, r.categories, r.products].reduce((n, level) => n + level.created + level.updated, 0);

/**
 * The dry run's report before anything is written. An import is all or
 * nothing, so Import stays disabled while the file has any problem.
 */
export function ImportPreview(props: ImportPreviewProps) {
  const { report, importing } = props;
  const { t } = useTranslation();
  const blocked = report.problemCount > 0;
  return (
    <Stack component="section" aria-labelledby="upload-preview-title" spacing={2.5}>
      <div>
        <Typography id="upload-preview-title" component="h2" variant="h6">
          {t('upload.preview.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('upload.preview.rows', { count: report.rows, name: props.fileName })}
        </Typography>
      </div>
      <ReportCounts report={report} />
      {blocked ? (
        <Alert severity="error">{t('upload.preview.blocked')}</Alert>
      ) : changes(report) === 0 ? (
        <Alert severity="info">{t('upload.preview.nothingToDo')}</Alert>
      ) : (
        <Alert severity="success">{t('upload.preview.ready')}</Alert>
      )}
      {blocked && <ProblemTable report={report} onDownload={props.onDownloadInvalid} />}
      <WarningList report={report} />
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button color="inherit" onClick={props.onCancel} disabled={importing}>
          {t('upload.preview.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={props.onImport}
          disabled={blocked}
          loading={importing}
          sx={{ minWidth: 120 }}
        >
          {t('upload.preview.import')}
        </Button>
      </Stack>
    </Stack>
  );
}
