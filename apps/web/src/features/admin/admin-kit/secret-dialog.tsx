import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';

/** What a secret dialog says about its secret, in the UI's language. */
interface SecretTexts {
  title: string;
  warning: string;
  /** The secret field's label. */
  secret: string;
  /** What the example shows (how another system uses the secret). */
  example: string;
}

const MONOSPACE = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.875rem',
  bgcolor: 'action.hover',
  borderRadius: 2,
  p: 1.5,
  m: 0,
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
} as const;

interface SecretDialogProps {
  /** The secret; null while there is none to show (the dialog is closed). */
  secret: string | null;
  texts: SecretTexts;
  /** Code that uses the secret, left to right whatever the UI's direction. */
  example: string;
  onClose: () => void;
}

/**
 * A new secret (an API key's, a webhook's), the only time it is shown: Copy, a warning that it will
 * not come back, and how another system uses it. It closes only on purpose, never by a click beside
 * it.
 */
export function SecretDialog({ secret, texts, example, onClose }: SecretDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [copy, setCopy] = useState<'copied' | 'failed' | null>(null);
  const close = () => {
    setCopy(null);
    onClose();
  };
  const copySecret = async () => {
    if (secret === null) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <Dialog
      open={secret !== null}
      onClose={(_event, reason) => reason === 'escapeKeyDown' && close()}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { borderRadius: 3, width: '100%', maxWidth: 600 } } }}
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {texts.title}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{texts.warning}</Alert>
          <Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label={texts.secret}
                value={secret ?? ''}
                multiline
                fullWidth
                onFocus={(event) => event.target.select()}
                slotProps={{
                  htmlInput: { readOnly: true, dir: 'ltr', spellCheck: false },
                  input: { sx: { fontFamily: MONOSPACE.fontFamily, fontSize: MONOSPACE.fontSize } },
                }}
              />
              <Button
                variant="contained"
                startIcon={<ContentCopyOutlined />}
                onClick={() => void copySecret()}
                sx={{ flexShrink: 0, mt: 1 }}
              >
                {t('admin.secret.copy')}
              </Button>
            </Stack>
            <Typography role="status" variant="body2" color={copy === 'failed' ? 'error' : 'success.main'}>
              {copy && t(copy === 'copied' ? 'admin.secret.copied' : 'admin.secret.copyFailed')}
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {texts.example}
            </Typography>
            <Box component="pre" dir="ltr" sx={{ ...MONOSPACE, textAlign: 'start' }}>
              {example}
            </Box>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="outlined" onClick={close}>
          {t('admin.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
