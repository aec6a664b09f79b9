import type { ImportReport } from '@dalil/contracts/imports';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../../lib/i18n';
import { countOf } from '../../../lib/plural';
import { Link } from 'react-router';
import { adminPaths } from '../resource-kit/admin-paths';
import type { UploadTarget } from './import-api';
import { ReportCounts } from './report-counts';
import { WarningList } from './warning-list';

/**
 * The product list filtered by the company (and category) an upload went to; an "all" file may
 * hold several companies, so its link is the whole list.
 */
const importedProducts = (target: UploadTarget) => {
  const query = new URLSearchParams();
  if (target.family !== undefined) query.set('family', String(target.family));
  if (target.category !== undefined) query.set('category', String(target.category));
  const search = query.toString();
  return search ? `${adminPaths.products.list}?${search}` : adminPaths.products.list;
};

/**
 * After the import: its report, the way to the products it wrote (when it wrote any) and on to the
 * family list.
 */
export function ImportResult(props: {
  report: ImportReport;
  fileName: string;
  target: UploadTarget;
  onAnother: () => void;
}) {
  const { report } = props;
  const { t, i18n } = useTranslation();
  const wroteProducts = report.products.created + report.products.updated > 0;
  return (
    <Stack component="section" aria-label={t('upload.result.title')} spacing={2.5}>
      <Alert severity="success" variant="filled" sx={{ borderRadius: 2 }}>
        <AlertTitle component="h2" sx={{ fontSize: 16, fontWeight: 700, m: 0 }}>
          {t('upload.result.title')}
        </AlertTitle>
        {t('upload.result.summary', {
          rows: countOf(t, i18n.language, 'rows', report.rows),
          name: props.fileName,
        })}
      </Alert>
      <ReportCounts report={report} done />
      <WarningList report={report} />
      <Stack direction="row" sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1.5 }}>
        <Button color="inherit" onClick={props.onAnother}>
          {t('upload.result.another')}
        </Button>
        {wroteProducts && (
          <Button component={Link} to={importedProducts(props.target)} variant="outlined" size="large">
            {t('upload.result.toProducts')}
          </Button>
        )}
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
