import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import type { MessageKey } from '../../../lib/locales/en';
import { FormImageField, FormTextField } from './form-fields';
import { FormSection } from './form-page';

interface Named {
  nameAr: unknown;
  nameEn: unknown;
}

/**
 * The bilingual name pair every catalogue record has: Name Ar (typed right to left) and Name En
 * (left to right), both required, whatever the layout's direction.
 */
export function NameFields<T extends FieldValues & Named, O>({
  control,
}: {
  control: Control<T, unknown, O>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormTextField
        control={control}
        name={'nameAr' as Path<T>}
        label={t('admin.fields.nameAr')}
        required
        inputDir="rtl"
      />
      <FormTextField
        control={control}
        name={'nameEn' as Path<T>}
        label={t('admin.fields.nameEn')}
        required
        inputDir="ltr"
      />
    </>
  );
}

interface ImagesSectionProps<T extends FieldValues, O> {
  control: Control<T, unknown, O>;
  /** The form's image fields, in order, with their labels. */
  fields: Partial<Record<Path<T>, MessageKey>>;
}

/** The Images section of a form: one image field per entry. */
export function ImagesSection<T extends FieldValues, O>({ control, fields }: ImagesSectionProps<T, O>) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('admin.form.images')}>
      {(Object.entries(fields) as [Path<T>, MessageKey][]).map(([name, label]) => (
        <FormImageField key={name} control={control} name={name} label={t(label)} />
      ))}
    </FormSection>
  );
}
