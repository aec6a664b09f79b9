import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from '../lib/i18n';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  /** `primary` for a confirmation that brings something back rather than taking it away. */
  confirmColor?: 'error' | 'primary';
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The titled confirmation for deleting products and users ("Delete", "Are you sure you want to
 * delete this product?", "Delete Product"), with a Cancel a person expects next to it.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  busy,
  confirmColor = 'error',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      slotProps={{ paper: { sx: { borderRadius: 3, width: '100%', maxWidth: 440 } } }}
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {t('admin.remove.cancel')}
        </Button>
        <Button variant="contained" color={confirmColor} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
