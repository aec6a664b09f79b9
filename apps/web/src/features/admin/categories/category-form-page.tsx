import { CategoryBodySchema, type CategoryDetail } from '@dalil/contracts/categories';
import { useTranslation } from 'react-i18next';
import { FormPage, FormSection } from '../../../components/form-page';
import { paths } from '../../../lib/paths';
import { FormImageField, FormSelectField, FormTextField } from '../form-fields';
import { ImageInputSchema } from '../image-values';
import { useFamilyOptions } from '../options';
import { useResourceForm } from '../resource-form';
import { categoryApi } from './category-api';

const CategoryFormSchema = CategoryBodySchema.extend({ logo: ImageInputSchema, image: ImageInputSchema });

const toValues = (category: CategoryDetail) => ({
  nameAr: category.nameAr,
  nameEn: category.nameEn,
  family: category.family,
  logo: category.logo,
  image: category.image,
});

/** Spec section 2, Create Category: Name Ar, Name En, Family (hidden when editing), Logo, image. */
export function CategoryFormPage() {
  const { t } = useTranslation();
  const { form, mode, submit, loading, loadError, saveError, returnTo } = useResourceForm({
    schema: CategoryFormSchema,
    resource: 'categories',
    empty: { nameAr: '', nameEn: '', family: '', logo: null, image: null },
    load: categoryApi.one,
    toValues,
    save: (body, id) => (id === undefined ? categoryApi.create(body) : categoryApi.update(id, body)),
    imageKeys: ['logo', 'image'],
    listPath: paths.categoryList,
  });
  const families = useFamilyOptions();
  const { control } = form;
  return (
    <FormPage
      mode={mode}
      onSubmit={submit}
      submitting={form.formState.isSubmitting}
      loading={loading}
      loadError={loadError}
      saveError={saveError}
      cancelTo={returnTo}
    >
      <FormSection title={t('admin.form.details')}>
        <FormTextField
          control={control}
          name="nameAr"
          label={t('admin.fields.nameAr')}
          required
          inputDir="rtl"
        />
        <FormTextField
          control={control}
          name="nameEn"
          label={t('admin.fields.nameEn')}
          required
          inputDir="ltr"
        />
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
      <FormSection title={t('admin.form.images')}>
        <FormImageField control={control} name="logo" label={t('admin.fields.logo')} />
        <FormImageField control={control} name="image" label={t('admin.fields.categoryImage')} />
      </FormSection>
    </FormPage>
  );
}
