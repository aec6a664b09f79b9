import SearchOff from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface EmptyResultsProps {
  /** Offered when a search or a category narrowed the list. */
  onReset?: () => void;
}

/** "No results were found", with a way back to all products. */
export function EmptyResults({ onReset }: EmptyResultsProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, sm: 8 }, px: 2 }}>
      <SearchOff aria-hidden sx={{ fontSize: 56, color: 'text.secondary', opacity: 0.7 }} />
      <Typography component="h2" variant="h6" sx={{ mt: 1.5 }}>
        {t('catalog.empty.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {t('catalog.empty.hint')}
      </Typography>
      {onReset && (
        <Button variant="outlined" onClick={onReset} sx={{ mt: 2.5 }}>
          {t('catalog.empty.reset')}
        </Button>
      )}
    </Box>
  );
}
