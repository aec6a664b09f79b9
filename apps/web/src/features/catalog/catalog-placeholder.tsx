import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../lib/locales/en';

interface CatalogPlaceholderProps {
  titleKey: MessageKey;
}

/** Until the catalogue screens land (their own issues), each route shows its title. */
export function CatalogPlaceholder({ titleKey }: CatalogPlaceholderProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, sm: 10 } }}>
      <Typography component="h1" variant="h4" sx={{ mb: 1.5 }}>
        {t(titleKey)}
      </Typography>
      <Typography color="text.secondary">{t('app.tagline')}</Typography>
    </Box>
  );
}
