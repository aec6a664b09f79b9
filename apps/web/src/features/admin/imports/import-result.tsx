import type { ImportReport } from '@dalil/contracts/imports';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { adminPaths } from '../resource-kit/admin-paths';
import { ReportCounts } from './report-counts';
import { WarningList } from './warning-list';

/** After the import: its report, and the way on to the family list. */
export function ImportResult(props: { report: ImportReport; fileName: string; onAnother: () => void }) {
  const { report } = props;
  const { t } = useTranslation();
  return (
    <Stack component="section" aria-label={t('upload.result.title')} spacing={2.5}>
      <Alert severity="success" variant="filled" sx={{ borderRadius: 2 }}>
        <AlertTitle component="h2" sx={{ fontSize: 16, fontWeight: 700, m: 0 }}>
          {t('upload.result.title')}
        </AlertTitle>
        {t('upload.result.summary', { count: report.rows, name: props.fileName })}
      </Alert>
      <ReportCounts report={report} done />
      <WarningList report={report} />
      <Stack direction="row" sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1.5 }}>
        <Button color="inherit" onClick={props.onAnother}>
          {t('upload.result.another')}
        </Button>
        <Button
          component={Link}
          to={adminPaths.families.list}
          variant="contained"
          size="large"
          endIcon={
            <ArrowForward
              sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
            />
          }
        >
          {t('upload.result.toFamilies')}
        </Button>
      </Stack>
    </Stack>
  );
}
