import { CategoryBodySchema } from '@dalil/contracts/categories';
import { useTranslation } from 'react-i18next';
import { FormSelectField } from '../form-kit/form-fields';
import { FormPage, FormSection } from '../form-kit/form-page';
import { ImageInputSchema } from '../form-kit/image-values';
import { ImagesSection, NameFields } from '../form-kit/name-fields';
import { useResourceForm } from '../form-kit/use-resource-form';
import { useFamilyOptions } from '../options';

const CategoryFormSchema = CategoryBodySchema.extend({ logo: ImageInputSchema, image: ImageInputSchema });

/**
 * Create or edit a category: Name Ar, Name En, Family (chosen when creating only: a category stays
 * in its family), Logo, Image.
 */
export function CategoryFormPage() {
  const { t } = useTranslation();
  const { control, mode, frame } = useResourceForm('categories', {
    schema: CategoryFormSchema,
    empty: { nameAr: '', nameEn: '', family: '', logo: null, image: null },
  });
  const families = useFamilyOptions();
  return (
    <FormPage {...frame}>
      <FormSection title={t('admin.form.details')}>
        <NameFields control={control} />
        {mode === 'create' && (
          <FormSelectField
            control={control}
            name="family"
            label={t('admin.fields.family')}
            options={families}
            required
          />
        )}
      </FormSection>
      <ImagesSection
        control={control}
        fields={{ logo: 'admin.fields.logo', image: 'admin.fields.categoryImage' }}
      />
    </FormPage>
  );
}
