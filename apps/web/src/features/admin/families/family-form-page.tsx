import { FamilyBodySchema, type FamilyDetail } from '@dalil/contracts/families';
import { useTranslation } from 'react-i18next';
import { FormPage, FormSection } from '../../../components/form-page';
import { paths } from '../../../lib/paths';
import { FormImageField, FormTextField } from '../form-fields';
import { ImageInputSchema } from '../image-values';
import { useResourceForm } from '../resource-form';
import { familyApi } from './family-api';

const FamilyFormSchema = FamilyBodySchema.extend({
  logo: ImageInputSchema,
  image: ImageInputSchema,
  cover: ImageInputSchema,
});

const toValues = (family: FamilyDetail) => ({
  nameAr: family.nameAr,
  nameEn: family.nameEn,
  logo: family.logo,
  image: family.image,
  cover: family.cover,
});

/** Spec section 2, Create Family: Name Ar, Name En, Logo, Image, Cover Photo; then the family list. */
export function FamilyFormPage() {
  const { t } = useTranslation();
  const { form, mode, submit, loading, loadError, saveError, returnTo } = useResourceForm({
    schema: FamilyFormSchema,
    resource: 'families',
    empty: { nameAr: '', nameEn: '', logo: null, image: null, cover: null },
    load: familyApi.one,
    toValues,
    save: (body, id) => (id === undefined ? familyApi.create(body) : familyApi.update(id, body)),
    imageKeys: ['logo', 'image', 'cover'],
    listPath: paths.familyList,
  });
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
      <FormSection title={t('admin.form.names')}>
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
      </FormSection>
      <FormSection title={t('admin.form.images')}>
        <FormImageField control={control} name="logo" label={t('admin.fields.logo')} />
        <FormImageField control={control} name="image" label={t('admin.fields.image')} />
        <FormImageField control={control} name="cover" label={t('admin.fields.cover')} />
      </FormSection>
    </FormPage>
  );
}
