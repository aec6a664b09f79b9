import type { ImportReport } from '@dalil/contracts/imports';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslation } from '../../../lib/i18n';
import { linesText, warningText } from './report-text';

/** Unknown columns and repeated rows: worth knowing, not a reason to refuse the file. */
export function WarningList({ report }: { report: ImportReport }) {
  const { t } = useTranslation();
  if (report.warningCount === 0) return null;
  return (
    <Alert severity="warning" variant="outlined" sx={{ borderRadius: 2 }}>
      <AlertTitle>{t('upload.warnings.title', { count: report.warningCount })}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {report.warnings.map((warning, i) => (
          <li key={i}>
            {warningText(warning, t)}{' '}
            <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
              ({t('upload.warnings.lines', { lines: linesText(warning.lines) })})
            </Box>
          </li>
        ))}
      </Box>
    </Alert>
  );
}
