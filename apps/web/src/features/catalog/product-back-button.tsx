import './product-texts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { useTranslation } from '../../lib/i18n';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { useCatalogStore } from './catalog-store';

function fromState(state: unknown): string | null {
  return typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string'
    ? state.from
    : null;
}

/**
 * Back to the catalogue main screen with the query it showed. Opened from a card, it steps back in
 * history (scroll position and all); opened from a link, it goes to the last query shown.
 */
export function ProductBackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const lastQuery = useCatalogStore((s) => s.lastQuery);
  const from = fromState(location.state as unknown);
  return (
    <Button
      component={Link}
      to={`${paths.catalogMain}${from ?? lastQuery}`}
      onClick={(event) => {
        if (from === null) return;
        event.preventDefault();
        void navigate(-1);
      }}
      startIcon={
        <ArrowBack sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
      }
      sx={{
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        '&:hover': { bgcolor: 'background.paper', borderColor: 'text.secondary' },
      }}
    >
      {t('catalog.product.back')}
    </Button>
  );
}
