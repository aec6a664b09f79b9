import Typography from '@mui/material/Typography';
import { useTranslation } from '../lib/i18n';

/**
 * The failed request's id in small print under an error message: a person quotes it, and whoever runs
 * the server finds that request's log lines by it. Nothing when there is none (a network failure).
 */
export function RequestIdNote({ id }: { id: string | null | undefined }) {
  const { t } = useTranslation();
  if (!id) return null;
  return (
    <Typography
      component="small"
      variant="caption"
      dir="ltr"
      sx={{ display: 'block', opacity: 0.8, fontFamily: 'monospace', mt: 0.5, unicodeBidi: 'plaintext' }}
    >
      {t('errors.requestId', { id })}
    </Typography>
  );
}
