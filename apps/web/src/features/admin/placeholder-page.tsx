import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageTitleKey } from '../../lib/route-handle';

/** Stands in for an admin screen until its own issue lands; shows the route's title. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const titleKey = usePageTitleKey();
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, sm: 5 }, borderRadius: 3, textAlign: 'center', borderStyle: 'dashed' }}
    >
      <ConstructionOutlined color="disabled" sx={{ fontSize: 44, mb: 1.5 }} />
      <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
        {titleKey ? t(titleKey) : t('admin.dashboard')}
      </Typography>
      <Typography color="text.secondary">{t('admin.comingSoon')}</Typography>
    </Paper>
  );
}
