import SearchOff from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n';
import { paths } from '../lib/paths';

/**
 * An address the app has no screen for (the server answers it 404): said on the page, which keeps
 * the address so it can be corrected, with a way to the catalogue.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ textAlign: 'center', py: { xs: 6, sm: 8 }, px: 2 }}>
      <SearchOff aria-hidden sx={{ fontSize: 56, color: 'text.secondary', opacity: 0.7 }} />
      <Typography component="h1" variant="h5" sx={{ mt: 1.5 }}>
        {t('pages.notFound')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {t('catalog.pageNotFound.text')}
      </Typography>
      <Button component={Link} to={paths.catalogFamily} variant="outlined" sx={{ mt: 2.5 }}>
        {t('catalog.notFound.home')}
      </Button>
    </Box>
  );
}
