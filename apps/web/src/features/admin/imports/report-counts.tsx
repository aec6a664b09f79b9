import type { ImportKind, ImportReport, LevelCounts } from '@dalil/contracts/imports';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/i18n';

type Level = 'families' | 'categories' | 'products';

/** The levels a kind of file writes: a products file never creates families or categories. */
const LEVELS: Record<ImportKind, Level[]> = {
  all: ['families', 'categories', 'products'],
  categories: ['categories', 'products'],
  products: ['products'],
};

const ICONS: Record<Level, typeof SvgIcon> = {
  families: ApartmentOutlined,
  categories: CategoryOutlined,
  products: Inventory2Outlined,
};

interface CountProps {
  label: string;
  value: number;
  colour: string;
}

function Count({ label, value, colour }: CountProps) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary" noWrap>
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{
          m: 0,
          fontSize: 26,
          fontWeight: 700,
          lineHeight: 1.2,
          color: value > 0 ? colour : 'text.disabled',
        }}
      >
        {value.toLocaleString('en')}
      </Typography>
    </Box>
  );
}

/**
 * Per level, rows to create, update and leave unchanged (or done so), and how many products' attribute
 * values change (a file with attribute columns).
 */
export function ReportCounts({ report, done = false }: { report: ImportReport; done?: boolean }) {
  const { t } = useTranslation();
  const card = (level: Level, counts: LevelCounts) => {
    const Icon = ICONS[level];
    return (
      <Paper
        key={level}
        variant="outlined"
        role="group"
        aria-label={t(`upload.levels.${level}`)}
        sx={{ p: 2, borderRadius: 2.5 }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
          <Icon fontSize="small" color="primary" />
          <Typography component="h3" variant="subtitle1">
            {t(`upload.levels.${level}`)}
          </Typography>
        </Stack>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}>
          <Count
            label={t(done ? 'upload.counts.createdDone' : 'upload.counts.created')}
            value={counts.created}
            colour="success.main"
          />
          <Count
            label={t(done ? 'upload.counts.updatedDone' : 'upload.counts.updated')}
            value={counts.updated}
            colour="primary.main"
          />
          <Count label={t('upload.counts.unchanged')} value={counts.unchanged} colour="text.secondary" />
        </Box>
      </Paper>
    );
  };
  const attributeChanges = report.attributeChanges ?? 0;
  return (
    <Stack spacing={1}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))' }}>
        {LEVELS[report.kind].map((level) => card(level, report[level]))}
      </Box>
      {attributeChanges > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t(done ? 'upload.counts.attributeChangesDone' : 'upload.counts.attributeChanges', {
            n: attributeChanges.toLocaleString('en'),
          })}
        </Typography>
      )}
    </Stack>
  );
}
