import SearchOff from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link as RouterLink } from 'react-router';

interface EmptyResultsProps {
  /** Offered when a search or a category narrowed the list. */
  onReset?: () => void;
  /** Did-you-mean texts from the server, each a link to the same screen searching for it. */
  suggestions?: { text: string; to: string }[] | undefined;
}

/**
 * "No results were found", with a way back to all products; or, when nothing narrowed the list (no
 * search, no category), that the company has no products yet: another spelling would not help.
 */
export function EmptyResults({ onReset, suggestions }: EmptyResultsProps) {
  const { t } = useTranslation();
  const none = !onReset && !suggestions?.length;
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, sm: 8 }, px: 2 }}>
      <SearchOff aria-hidden sx={{ fontSize: 56, color: 'text.secondary', opacity: 0.7 }} />
      <Typography component="h2" variant="h6" sx={{ mt: 1.5 }}>
        {none ? t('catalog.empty.noneTitle') : t('catalog.empty.title')}
      </Typography>
      {suggestions && suggestions.length > 0 && (
        <Typography component="p" sx={{ mt: 1.5, fontSize: '1.05rem' }}>
          {t('catalog.empty.didYouMean')}{' '}
          {suggestions.map((s, i) => (
            <Fragment key={s.text}>
              {i > 0 && ' · '}
              <Link component={RouterLink} to={s.to} dir="auto" sx={{ fontWeight: 600 }}>
                {s.text}
              </Link>
            </Fragment>
          ))}
        </Typography>
      )}
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {none ? t('catalog.empty.noneHint') : t('catalog.empty.hint')}
      </Typography>
      {onReset && (
        <Button variant="outlined" onClick={onReset} sx={{ mt: 2.5 }}>
          {t('catalog.empty.reset')}
        </Button>
      )}
    </Box>
  );
}
