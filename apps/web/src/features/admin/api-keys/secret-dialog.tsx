import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
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

export interface ShownSecret {
  name: string;
  secret: string;
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

/**
 * A new key's secret, the only time it is shown (the server keeps a hash of it): Copy, a warning that
 * it will not come back, and how another system sends it. It closes only on purpose, never by a
 * click beside it.
 */
export function SecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [copy, setCopy] = useState<'copied' | 'failed' | null>(null);
  const close = () => {
    setCopy(null);
    onClose();
  };
  const copySecret = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  const example = shown
    ? `curl -H "Authorization: Bearer ${shown.secret}" \\\n  "${window.location.origin}${API_BASE}${API_PATHS.products}?limit=10"`
    : '';
  return (
    <Dialog
      open={shown !== null}
      onClose={(_event, reason) => reason === 'escapeKeyDown' && close()}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { borderRadius: 3, width: '100%', maxWidth: 600 } } }}
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {shown && t('apiKeys.secretTitle', { name: `\u2068${shown.name}\u2069` })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{t('apiKeys.secretWarning')}</Alert>
          <Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label={t('apiKeys.secret')}
                value={shown?.secret ?? ''}
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
                {t('apiKeys.copy')}
              </Button>
            </Stack>
            <Typography role="status" variant="body2" color={copy === 'failed' ? 'error' : 'success.main'}>
              {copy && t(copy === 'copied' ? 'apiKeys.copied' : 'apiKeys.copyFailed')}
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {t('apiKeys.example')}
            </Typography>
            <Box component="pre" dir="ltr" sx={{ ...MONOSPACE, textAlign: 'start' }}>
              {example}
            </Box>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="outlined" onClick={close}>
          {t('apiKeys.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
