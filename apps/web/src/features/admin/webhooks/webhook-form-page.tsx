import { WebhookCreateBodySchema, WebhookCreatedSchema, type Webhook } from '@dalil/contracts/webhooks';
import Button from '@mui/material/Button';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { useTranslation } from '../../../lib/i18n';
import { SecretDialog } from '../admin-kit/secret-dialog';
import { fieldMessage } from '../form-kit/field-message';
import { FormSwitchField, FormTextField } from '../form-kit/form-fields';
import { FormPage, FormSection } from '../form-kit/form-page';
import { RemoteChoices } from '../form-kit/remote-choices';
import { useResourceForm } from '../form-kit/use-resource-form';
import { resourceApis } from '../resource-kit/resource-api';
import { EventCheckboxes } from './event-checkboxes';
import { logPath } from './log-path';

const api = resourceApis.webhooks;

/** The contract's rules for the address and events; the families are chosen ids, maybe none. */
const WebhookFormSchema = WebhookCreateBodySchema.pick({ url: true, events: true }).extend({
  families: z.array(z.number().int()),
  enabled: z.boolean(),
});
type Values = z.output<typeof WebhookFormSchema>;

/** How a receiver checks a message with the secret (the Standard Webhooks library for Node.js). */
const verifyExample = (secret: string) =>
  `import { Webhook } from 'standardwebhooks';\n\n` +
  `const webhook = new Webhook('${secret}');\n` +
  `// Throws unless the body and the webhook-* headers are signed with the secret.\n` +
  `const event = webhook.verify(rawBody, headers);`;

/**
 * Create or edit a webhook: the receiving address, the events in groups, optionally the families
 * whose changes it gets, and (once it exists) whether it is on. The server's refusals (an http
 * address, one leading into a private network) show at their field. A new webhook's signing secret is
 * shown this once after saving; Done goes back to the list.
 */
export function WebhookFormPage() {
  const { t } = useTranslation();
  const editing = useParams().id !== undefined;
  const [secret, setSecret] = useState<{ secret: string; done: () => void } | null>(null);
  const { control, frame } = useResourceForm('webhooks', {
    schema: WebhookFormSchema,
    empty: { url: '', events: [], families: [], enabled: true },
    toValues: (webhook: Webhook) => ({
      url: webhook.url,
      events: webhook.events,
      families: webhook.families,
      enabled: webhook.enabled,
    }),
    calls: {
      // A new webhook is on: its body has no `enabled`.
      create: (body) => {
        const { enabled: _on, ...subscription } = body as Values;
        return api.subscribe({ body: subscription });
      },
      update: (id, body) => api.change({ params: { id }, body: body as Values }),
    },
    afterCreate: (answer, done) => setSecret({ secret: WebhookCreatedSchema.parse(answer).secret, done }),
  });
  const id = Number(useParams().id);
  return (
    <FormPage {...frame}>
      <FormSection title={t('admin.form.details')}>
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
        {editing && (
          <FormSwitchField
            control={control}
            name="enabled"
            label={t('webhooks.enabled')}
            explanation={t('webhooks.enabledHint')}
          />
        )}
        {editing && Number.isInteger(id) && (
          <Button
            component={Link}
            to={logPath(id)}
            startIcon={<ReceiptLongOutlined />}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('webhooks.deliveries')}
          </Button>
        )}
      </FormSection>
      <SecretDialog
        secret={secret?.secret ?? null}
        texts={{
          title: t('webhooks.secretTitle'),
          warning: t('webhooks.secretWarning'),
          secret: t('webhooks.secret'),
          example: t('webhooks.example'),
        }}
        example={verifyExample(secret?.secret ?? '')}
        onClose={() => secret?.done()}
      />
    </FormPage>
  );
}
