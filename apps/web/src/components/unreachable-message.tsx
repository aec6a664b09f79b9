import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../lib/i18n';

/**
 * "The server cannot be reached", what happens next, and Retry, over the whole window in the area's
 * language. Part of the first visit's code, because it must show when nothing more can be downloaded:
 * Box, Typography and Button only.
 */
export function UnreachableMessage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Box
      role="alert"
      aria-labelledby="unreachable-title"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: 'modal',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2,
        px: 3,
        bgcolor: 'background.default',
        color: 'text.primary',
      }}
    >
      <CloudOffOutlined sx={{ fontSize: 56, color: 'text.secondary' }} />
      <Typography id="unreachable-title" component="h1" variant="h5">
        {t('unreachable.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
        {t('unreachable.text')}
      </Typography>
      {/* Focused, so keys act on the message rather than on the page beneath; a plain ring marks it. */}
      <Button
        variant="contained"
        autoFocus
        disableFocusRipple
        onClick={onRetry}
        sx={{
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 3 },
        }}
      >
        {t('unreachable.retry')}
      </Button>
    </Box>
  );
}
