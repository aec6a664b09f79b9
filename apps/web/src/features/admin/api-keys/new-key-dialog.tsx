import { ApiKeyCreateBodySchema, type ApiKeyCreated } from '@dalil/contracts/api-keys';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from '../../../lib/i18n';
import { useDialogForm } from '../form-kit/dialog-form';
import { fieldMessage } from '../form-kit/field-message';
import { FormTextField } from '../form-kit/form-fields';
import { RemoteChoices } from '../form-kit/remote-choices';
import { apiKeysApi, endOfDay } from './api-keys-api';

/** Today where the administrator is, as a date input writes it (YYYY-MM-DD). */
const today = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/**
 * The contract's rules for the name and role; families are chosen ids, at least one; the expiry is a
 * day, and not one already past.
 */
const NewKeySchema = ApiKeyCreateBodySchema.pick({ name: true, role: true }).extend({
  families: z.array(z.number().int()).min(1, 'must name at least one family'),
  expiresAt: z.string().refine((day) => day === '' || day >= today(), 'must be in the future'),
});
type Values = z.input<typeof NewKeySchema>;
type Fields = Path<Values>;
const FIELDS: readonly string[] = ['name', 'role', 'families', 'expiresAt'] satisfies Fields[];

const EMPTY: Values = { name: '', role: 'editor', families: [], expiresAt: '' };

interface NewKeyDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (created: ApiKeyCreated & { name: string }) => void;
}

/**
 * The new key's form: a name, editor or read-only (each explained), its families and an optional last
 * day. The server's refusals show at their field, and what was typed stays.
 */
export function NewKeyDialog({ open, onClose, onCreated }: NewKeyDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useForm<Values, unknown, z.output<typeof NewKeySchema>>({
    resolver: zodResolver(NewKeySchema),
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
    failed: t('apiKeys.saveFailed'),
    onClose,
  });
  const submit = send(async (values) => {
    const expiresAt = values.expiresAt === '' ? null : endOfDay(values.expiresAt);
    const created = await apiKeysApi.create({ ...values, expiresAt });
    onCreated({ ...created, name: values.name });
  });
  const roles = (['editor', 'reader'] as const).map((role) => ({
    role,
    label: t(role === 'editor' ? 'apiKeys.roleEditor' : 'apiKeys.roleReader'),
    hint: t(role === 'editor' ? 'apiKeys.roleEditorHint' : 'apiKeys.roleReaderHint'),
  }));
  const submitting = form.formState.isSubmitting;
  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : close}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { borderRadius: 3, width: '100%', maxWidth: 560 } } }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
          {t('apiKeys.create')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <FormTextField
              control={control}
              name="name"
              label={t('apiKeys.name')}
              helperText={t('apiKeys.nameHint')}
              required
              autoComplete="off"
              inputDir="auto"
            />
            <Controller
              control={control}
              name="role"
              render={({ field }) => (
                <FormControl>
                  <FormLabel id={`${titleId}-role`}>{t('apiKeys.role')}</FormLabel>
                  <RadioGroup {...field} aria-labelledby={`${titleId}-role`}>
                    {roles.map(({ role, label, hint }) => (
                      <FormControlLabel
                        key={role}
                        value={role}
                        control={<Radio />}
                        sx={{ alignItems: 'flex-start', mt: 1, '& .MuiRadio-root': { mt: -1 } }}
                        label={
                          <>
                            <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                              {label}
                            </Typography>
                            <Typography component="span" variant="body2" color="text.secondary">
                              {hint}
                            </Typography>
                          </>
                        }
                      />
                    ))}
                  </RadioGroup>
                </FormControl>
              )}
            />
            <Controller
              control={control}
              name="families"
              render={({ field, fieldState }) => (
                <RemoteChoices
                  resource="families"
                  label={t('apiKeys.families')}
                  required
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={Boolean(fieldState.error)}
                  helperText={fieldMessage(fieldState.error?.message, t) ?? t('apiKeys.familiesHint')}
                />
              )}
            />
            <FormTextField
              control={control}
              name="expiresAt"
              label={t('apiKeys.expiresAt')}
              helperText={t('apiKeys.expiresHint')}
              type="date"
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today() } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
          <Button onClick={close} disabled={submitting} color="inherit">
            {t('apiKeys.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={submitting}>
            {t('apiKeys.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
