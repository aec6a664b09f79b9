import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import { DELETE_MODAL_WIDTH } from '@dalil/contracts/constants';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Modal from '@mui/material/Modal';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from '../lib/i18n';

export interface DeleteDialogProps {
  open: boolean;
  /** The linked-counts sentence; undefined while the counts load. */
  message: string | undefined;
  /** The counts could not be read: the message says so and confirming is off. */
  failed?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Deleting a family or a category takes its linked records along, so it gets a 400-wide modal with
 * the counts of what goes with it to the recycle bin. Cancel closes it.
 */
export function DeleteDialog({ open, message, failed, busy, onConfirm, onClose }: DeleteDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Modal
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <Paper
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        elevation={8}
        sx={{
          position: 'absolute',
          top: '50%',
          left: '50%',
          transform: 'translate(-50%, -50%)',
          width: DELETE_MODAL_WIDTH,
          maxWidth: 'calc(100vw - 32px)',
          p: 3,
          borderRadius: 3,
          outline: 'none',
        }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
          <Box
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 40,
              height: 40,
              borderRadius: '50%',
              bgcolor: 'rgba(211, 47, 47, 0.12)',
              color: 'error.main',
              flexShrink: 0,
            }}
          >
            <WarningAmberRounded />
          </Box>
          <Typography id={titleId} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {t('admin.remove.title')}
          </Typography>
        </Stack>
        <Typography
          id={textId}
          color={failed ? 'error' : 'text.secondary'}
          sx={{ minHeight: 48 }}
          aria-busy={!message}
        >
          {message ?? (
            <>
              <Skeleton width="95%" />
              <Skeleton width="60%" />
              <Box component="span" sx={visuallyHidden}>
                {t('admin.remove.loadingCounts')}
              </Box>
            </>
          )}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
          <Button onClick={onClose} disabled={busy} color="inherit">
            {t('admin.remove.cancel')}
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={onConfirm}
            loading={busy}
            disabled={!message || failed}
          >
            {t('admin.remove.confirm')}
          </Button>
        </Stack>
      </Paper>
    </Modal>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
