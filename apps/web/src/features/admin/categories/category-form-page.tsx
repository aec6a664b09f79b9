import { CategoryBodySchema } from '@dalil/contracts/categories';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { RecordTabs } from '../record-history';
import { useParams } from 'react-router';
import { FormSelectField } from '../form-kit/form-fields';
import { FormPage, FormSection } from '../form-kit/form-page';
import { ImageInputSchema } from '../form-kit/image-values';
import { ImagesSection, NameFields } from '../form-kit/name-fields';
import { useResourceForm } from '../form-kit/use-resource-form';
import { useCategoryOptions, useFamilyOptions } from '../options';

const CategoryFormSchema = CategoryBodySchema.extend({ logo: ImageInputSchema, image: ImageInputSchema });

/**
 * Create or edit a category: Name Ar, Name En, Family (chosen when creating only: a category stays
 * in its family), an optional Parent (a top-level category of the family: this one is then its
 * sub-category), Logo, Image.
 */
export function CategoryFormPage() {
  const { t } = useTranslation();
  const { form, control, mode, frame } = useResourceForm('categories', {
    schema: CategoryFormSchema,
    empty: { nameAr: '', nameEn: '', family: '', parent: '', logo: null, image: null },
  });
  const families = useFamilyOptions();
  const family = useWatch({ control, name: 'family' }) as number | string | undefined;
  const self = Number(useParams().id);
  const parents = useCategoryOptions(family, 'none')?.filter((o) => o.value !== self);
  const parentOptions = parents && [{ value: '', label: t('admin.fields.noParent') }, ...parents];
  return (
    <RecordTabs entity="category">
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
              onPicked={() => form.setValue('parent', '')}
            />
          )}
          <FormSelectField
            control={control}
            name="parent"
            label={t('admin.fields.parent')}
            options={parentOptions}
            disabled={!family}
            helperText={family ? t('admin.fields.parentHint') : t('admin.fields.chooseFamilyFirst')}
          />
        </FormSection>
        <ImagesSection
          control={control}
          fields={{ logo: 'admin.fields.logo', image: 'admin.fields.categoryImage' }}
        />
      </FormPage>
    </RecordTabs>
  );
}
