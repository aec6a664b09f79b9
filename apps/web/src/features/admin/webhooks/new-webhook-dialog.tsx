import { WebhookCreateBodySchema, type WebhookCreated } from '@dalil/contracts/webhooks';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from '../../../lib/i18n';
import { useDialogForm } from '../form-kit/dialog-form';
import { fieldMessage } from '../form-kit/field-message';
import { FormTextField } from '../form-kit/form-fields';
import { RemoteChoices } from '../form-kit/remote-choices';
import { EventCheckboxes } from './event-checkboxes';
import { webhooksApi } from './webhooks-api';

/** The contract's rules for the address and events; the families are chosen ids, maybe none. */
const NewWebhookSchema = WebhookCreateBodySchema.pick({ url: true, events: true }).extend({
  families: z.array(z.number().int()),
});
type Values = z.input<typeof NewWebhookSchema>;
type Fields = Path<Values>;
const FIELDS: readonly string[] = ['url', 'events', 'families'] satisfies Fields[];

const EMPTY = { url: '', events: [], families: [] } satisfies Values;

interface NewWebhookDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (created: WebhookCreated) => void;
}

/**
 * The new webhook's form: the receiving address, the events in groups, and optionally the families
 * whose changes it gets. The server's refusals (an http address, one leading into a private network)
 * show at their field, and what was typed stays.
 */
export function NewWebhookDialog({ open, onClose, onCreated }: NewWebhookDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useForm<Values, unknown, z.output<typeof NewWebhookSchema>>({
    resolver: zodResolver(NewWebhookSchema),
    defaultValues: EMPTY,
  });
  const { control } = form;
  const {
    failure,
    close,
    submit: send,
  } = useDialogForm(form, {
    empty: EMPTY,
    fields: FIELDS,
    failed: t('webhooks.saveFailed'),
    onClose,
  });
  const submit = send(async (values) => {
    onCreated(await webhooksApi.create(values));
  });
  const submitting = form.formState.isSubmitting;
  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : close}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { borderRadius: 3, width: '100%', maxWidth: 760, mx: { xs: 1, sm: 4 } } } }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
          {t('webhooks.create')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <FormTextField
              control={control}
              name="url"
              label={t('webhooks.url')}
              helperText={t('webhooks.urlHint')}
              required
              type="url"
              autoComplete="off"
              inputDir="ltr"
            />
            <Controller
              control={control}
              name="events"
              render={({ field, fieldState }) => (
                <EventCheckboxes
                  value={field.value}
                  onChange={field.onChange}
                  inputRef={field.ref}
                  error={Boolean(fieldState.error)}
                  helperText={fieldMessage(fieldState.error?.message, t) ?? t('webhooks.eventsHint')}
                />
              )}
            />
            <Controller
              control={control}
              name="families"
              render={({ field, fieldState }) => (
                <RemoteChoices
                  resource="families"
                  label={t('webhooks.families')}
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={Boolean(fieldState.error)}
                  helperText={fieldMessage(fieldState.error?.message, t) ?? t('webhooks.familiesHint')}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
          <Button onClick={close} disabled={submitting} color="inherit">
            {t('webhooks.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={submitting}>
            {t('webhooks.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
