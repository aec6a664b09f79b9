import SearchOff from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ElementType } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n';
import { paths } from '../lib/paths';

/**
 * Something the address names does not exist: said on the page itself, which keeps the address (so it
 * can be checked, corrected or reported), with a way back to the catalogue.
 */
export function NotFoundNotice({
  title,
  text,
  component = 'div',
}: {
  title: string;
  text: string;
  /** `main` when the notice is the whole page rather than a part of one. */
  component?: ElementType;
}) {
  const { t } = useTranslation();
  return (
    <Box component={component} sx={{ textAlign: 'center', py: { xs: 6, sm: 8 }, px: 2 }}>
      <SearchOff aria-hidden sx={{ fontSize: 56, color: 'text.secondary', opacity: 0.7 }} />
      <Typography component="h1" variant="h5" sx={{ mt: 1.5 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {text}
      </Typography>
      <Button component={Link} to={paths.catalogFamily} variant="outlined" sx={{ mt: 2.5 }}>
        {t('catalog.notFound.home')}
      </Button>
    </Box>
  );
}
