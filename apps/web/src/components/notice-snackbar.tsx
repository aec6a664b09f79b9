import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../lib/api-error-message';
import type { MessageKey } from '../lib/locales/en';
import { useNotifications } from '../lib/notifications-store';

/** Shows the latest failure or notice; the text is worked out at render, so it follows the language. */
export function NoticeSnackbar() {
  const { t, i18n } = useTranslation();
  const current = useNotifications((state) => state.current);
  const dismiss = useNotifications((state) => state.dismiss);
  if (!current) return null;
  const message = current.messageKey
    ? t(current.messageKey as MessageKey)
    : apiErrorMessage(current.error, t, i18n.language);
  const close = () => dismiss(current.id);
  return (
    <Snackbar
      key={current.id}
      open
      autoHideDuration={6000}
      onClose={(_event, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        onClose={close}
        severity={current.severity}
        variant="filled"
        slotProps={{ closeButton: { title: t('errors.dismiss'), 'aria-label': t('errors.dismiss') } }}
        sx={{ width: '100%', alignItems: 'center' }}
      >
        {message}
      </Alert>
    </Snackbar>
  );
}
