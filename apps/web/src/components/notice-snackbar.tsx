import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from '../lib/i18n';
import { useNotifications, type Notice } from '../lib/notifications-store';
import { requestIdOf } from '../lib/api-error';
import { useNoticeMessage } from './notice-message';
import { RequestIdNote } from './request-id-note';

/** Shows the latest failure or notice; the text is worked out at render, so it follows the language. */
export function NoticeSnackbar({ current }: { current: Notice }) {
  const { t } = useTranslation();
  const dismiss = useNotifications((state) => state.dismiss);
  const message = useNoticeMessage(current);
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
        <RequestIdNote id={requestIdOf(current.error)} />
      </Alert>
    </Snackbar>
  );
}
