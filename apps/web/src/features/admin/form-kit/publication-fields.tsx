import { PublicationStatusSchema, type PublicationStatus } from '@dalil/contracts/publication';
import Stack from '@mui/material/Stack';
import type { Control, FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from '../../../lib/i18n';
import { FormSelectField, FormTextField } from './form-fields';
import { FormSection } from './form-page';

/** Two digits, for the local date and time input's value. */
const two = (n: number) => String(n).padStart(2, '0');

/** A stored publish date (ISO) as the local date-time input shows it ("2027-03-01T12:00"); '' for none. */
export function publishAtInput(iso: string | null): string {
  if (iso === null) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/**
 * The form's publish date: the browser's local date and time as typed, sent as an ISO time; empty
 * sends null (no date).
 */
export const PublishAtInputSchema = z.string().transform((value, ctx) => {
  if (value.trim() === '') return null;
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'must be a date and time such as 2027-01-31T00:00:00Z' });
    return z.NEVER;
  }
  return time.toISOString();
});

/** The form fields' schemas (spread into the form's schema) and their empty values. */
export const publicationFormFields = { status: PublicationStatusSchema, publishAt: PublishAtInputSchema };
export const emptyPublication = { status: 'published' as PublicationStatus, publishAt: '' };

/** A stored record's status and publish date as form values. */
export const publicationValues = (record: { status: PublicationStatus; publishAt: string | null }) => ({
  status: record.status,
  publishAt: publishAtInput(record.publishAt),
});

/** The form's Publication section: the status, and the date a draft becomes published. */
export function PublicationSection<
  T extends FieldValues & { status: PublicationStatus; publishAt: string },
  O,
>({ control }: { control: Control<T, unknown, O> }) {
  const { t } = useTranslation();
  const c = control as unknown as Control<{ status: PublicationStatus; publishAt: string }, unknown, O>;
  return (
    <FormSection title={t('admin.form.publication')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormSelectField
          control={c}
          name="status"
          label={t('admin.fields.status')}
          options={[
            { value: 'published', label: t('admin.fields.statusPublished') },
            { value: 'draft', label: t('admin.fields.statusDraft') },
          ]}
        />
        <FormTextField
          control={c}
          name="publishAt"
          label={t('admin.fields.publishAt')}
          helperText={t('admin.fields.publishAtHint')}
          type="datetime-local"
          inputDir="ltr"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
    </FormSection>
  );
}
