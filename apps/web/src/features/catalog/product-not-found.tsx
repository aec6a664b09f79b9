import SearchOff from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';

/**
 * An address that names no product: said on the page itself, which keeps the address (so it can be
 * checked, corrected or reported), with a way to the catalogue.
 */
export function ProductNotFound() {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, sm: 8 }, px: 2 }}>
      <SearchOff aria-hidden sx={{ fontSize: 56, color: 'text.secondary', opacity: 0.7 }} />
      <Typography component="h1" variant="h5" sx={{ mt: 1.5 }}>
        {t('catalog.notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {t('catalog.notFound.text')}
      </Typography>
      <Button component={Link} to={paths.catalogFamily} variant="outlined" sx={{ mt: 2.5 }}>
        {t('catalog.notFound.home')}
      </Button>
    </Box>
  );
}
