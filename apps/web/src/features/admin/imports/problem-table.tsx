import type { ImportReport } from '@dalil/contracts/imports';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/i18n';
import { problemReason } from './report-text';

interface ProblemTableProps {
  report: ImportReport;
  onDownload: () => void;
}

const mono = { fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace', fontSize: 13 };

/** Every invalid cell or row with its line, column and reason (the first ones listed, all counted). */
export function ProblemTable({ report, onDownload }: ProblemTableProps) {
  const { t } = useTranslation();
  const title = t('upload.problems.title', { count: report.problemCount });
  const partial = report.problems.length < report.problemCount;
  return (
    <Stack spacing={1.5}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <div>
          <Typography component="h3" variant="subtitle1" color="error">
            {title}
          </Typography>
          {partial && (
            <Typography variant="caption" color="text.secondary">
              {t('upload.problems.listed', { listed: report.problems.length })}
            </Typography>
          )}
        </div>
        <Button variant="outlined" size="small" startIcon={<FileDownloadOutlined />} onClick={onDownload}>
          {t('upload.problems.download', { format: t(`upload.formats.${report.format}`) })}
        </Button>
      </Stack>
      <TableContainer sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 2 }}>
        <Table size="small" stickyHeader aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 72 }}>
                {t(report.format === 'xlsx' ? 'upload.problems.row' : 'upload.problems.line')}
              </TableCell>
              <TableCell sx={{ width: '30%' }}>{t('upload.problems.column')}</TableCell>
              <TableCell>{t('upload.problems.reason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.problems.map((problem, i) => (
              <TableRow key={`${problem.line}-${problem.column ?? ''}-${i}`} hover>
                <TableCell sx={{ ...mono, fontWeight: 600 }}>{problem.line}</TableCell>
                <TableCell sx={mono} dir={problem.column ? 'ltr' : undefined}>
                  {problem.column ?? (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {t('upload.problems.wholeRow')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{problemReason(problem, t)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
