import type { PublicationStatus } from '@dalil/contracts/publication';
import Stack from '@mui/material/Stack';
import type { Control, FieldValues } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { FormSelectField, FormTextField } from './form-fields';
import { FormSection } from './form-page';

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
          helperText={t('admin.fields.statusHint')}
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
