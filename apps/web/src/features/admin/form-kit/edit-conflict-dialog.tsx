import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';

/** Someone saved the record after this form loaded it: what they changed, and the form's choices. */
export interface EditConflict {
  /** The form's fields whose stored values differ from those the form started from. */
  changed: string[];
  /** Take the stored record into the form (the person's unsaved edits are dropped). */
  onReload: () => void;
  /** Save the form as it is, over the other change. */
  onOverwrite: () => void;
  onClose: () => void;
}

/** Where a field's label lives when its key is not the field's own name. */
const LABELS: Record<string, string> = { number: 'code' };

/**
 * The edit conflict (the server's 412): names the fields someone else changed since the form was
 * opened, and lets the person reload them or save their own values over them.
 */
export function EditConflictDialog({ conflict }: { conflict: EditConflict | null }) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const names = (conflict?.changed ?? []).map((field) =>
    t(`admin.fields.${LABELS[field] ?? field}`, { defaultValue: field }),
  );
  return (
    <Dialog
      open={conflict !== null}
      onClose={conflict?.onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      slotProps={{ paper: { sx: { borderRadius: 3, width: '100%', maxWidth: 480 } } }}
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {t('admin.conflict.title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {names.length > 0
            ? t('admin.conflict.fields', { fields: names.join(t('admin.conflict.separator')) })
            : t('admin.conflict.other')}
        </DialogContentText>
        <DialogContentText sx={{ mt: 1.5 }}>{t('admin.conflict.choose')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={conflict?.onOverwrite} color="warning">
          {t('admin.conflict.overwrite')}
        </Button>
        <Button variant="contained" onClick={conflict?.onReload}>
          {t('admin.conflict.reload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
