import { ApiKeyCreateBodySchema, ApiKeyCreatedSchema } from '@dalil/contracts/api-keys';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from '../../../lib/i18n';
import { SecretDialog } from '../admin-kit/secret-dialog';
import { fieldMessage } from '../form-kit/field-message';
import { FormTextField } from '../form-kit/form-fields';
import { FormPage, FormSection } from '../form-kit/form-page';
import { HintedRadios } from '../form-kit/hinted-radios';
import { RemoteChoices } from '../form-kit/remote-choices';
import { useResourceForm } from '../form-kit/use-resource-form';
import { resourceApis } from '../resource-kit/resource-api';
import { endOfDay, quoted, today } from './api-key-values';

/**
 * The contract's rules for the name and role; families are chosen ids, at least one; the expiry is a
 * day, not one already past, sent as the end of that day.
 */
const ApiKeyFormSchema = ApiKeyCreateBodySchema.pick({ name: true, role: true }).extend({
  families: z.array(z.number().int()).min(1, 'must name at least one family'),
  expiresAt: z
    .string()
    .refine((day) => day === '' || day >= today(), 'must be in the future')
    .transform((day) => (day === '' ? null : endOfDay(day))),
});

/**
 * Create API Key: a name, editor or read-only (each explained), its families and an optional last
 * day. Saving issues the key and shows its secret this once; Done goes back to the list.
 */
export function ApiKeyFormPage() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<{ name: string; secret: string; done: () => void } | null>(null);
  // The name the key was issued under, for the secret's title.
  const issued = useRef('');
  const { control, frame } = useResourceForm('apiKeys', {
    schema: ApiKeyFormSchema,
    empty: { name: '', role: 'editor', families: [], expiresAt: '' },
    calls: {
      create: (body) => {
        const values = body as z.output<typeof ApiKeyFormSchema>;
        issued.current = values.name;
        return resourceApis.apiKeys.issue({ body: values });
      },
    },
    afterCreate: (answer, done) =>
      setShown({ name: issued.current, secret: ApiKeyCreatedSchema.parse(answer).secret, done }),
  });
  const roles = (['editor', 'reader'] as const).map((role) => ({
    value: role,
    label: t(role === 'editor' ? 'apiKeys.roleEditor' : 'apiKeys.roleReader'),
    hint: t(role === 'editor' ? 'apiKeys.roleEditorHint' : 'apiKeys.roleReaderHint'),
  }));
  return (
    <FormPage {...frame}>
      <FormSection title={t('admin.form.details')}>
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
            <HintedRadios
              label={t('apiKeys.role')}
              name={field.name}
              value={field.value}
              options={roles}
              onChange={field.onChange}
            />
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
      </FormSection>
      <SecretDialog
        secret={shown?.secret ?? null}
        texts={{
          title: shown ? t('apiKeys.secretTitle', { name: quoted(shown.name) }) : '',
          warning: t('apiKeys.secretWarning'),
          secret: t('apiKeys.secret'),
          example: t('apiKeys.example'),
        }}
        example={`curl -H "Authorization: Bearer ${shown?.secret ?? ''}" \\\n  "${window.location.origin}${API_BASE}${API_PATHS.products}?limit=10"`}
        onClose={() => shown?.done()}
      />
    </FormPage>
  );
}
