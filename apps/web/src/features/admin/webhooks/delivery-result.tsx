import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/i18n';

/** How a delivery attempt ended: delivered or failed, with the receiver's status code when it answered. */
export function DeliveryResult({ ok, responseCode }: { ok: boolean; responseCode: number | null }) {
  const { t } = useTranslation();
  const Icon = ok ? CheckCircleOutlined : ErrorOutlineOutlined;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center', color: ok ? 'success.main' : 'error.main', fontWeight: 500 }}
    >
      <Icon fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {t(ok ? 'webhooks.delivered' : 'webhooks.failed')}
        {/* The dot outside the isolate takes the sentence's direction: it stays between the two. */}
        {responseCode !== null && (
          <>
            {' · '}
            <bdi>{responseCode}</bdi>
          </>
        )}
      </Typography>
    </Stack>
  );
}
