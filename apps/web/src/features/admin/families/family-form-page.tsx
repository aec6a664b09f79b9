import { FamilyBodySchema } from '@dalil/contracts/families';
import { useTranslation } from '../../../lib/i18n';
import { RecordTabs } from '../admin-kit/record-history';
import { FormPage, FormSection } from '../form-kit/form-page';
import { ImageInputSchema } from '../form-kit/image-values';
import { ImagesSection, NameFields } from '../form-kit/name-fields';
import { useResourceForm } from '../form-kit/use-resource-form';

const FamilyFormSchema = FamilyBodySchema.extend({
  logo: ImageInputSchema,
  image: ImageInputSchema,
  cover: ImageInputSchema,
});

/** Create or edit a family: Name Ar, Name En, Logo, Image, Cover Photo; then the family list. */
export function FamilyFormPage() {
  const { t } = useTranslation();
  const { control, frame } = useResourceForm('families', {
    schema: FamilyFormSchema,
    empty: { nameAr: '', nameEn: '', logo: null, image: null, cover: null },
  });
  return (
    <RecordTabs entity="family">
      <FormPage {...frame}>
        <FormSection title={t('admin.form.names')}>
          <NameFields control={control} />
        </FormSection>
        <ImagesSection
          control={control}
          fields={{ logo: 'admin.fields.logo', image: 'admin.fields.image', cover: 'admin.fields.cover' }}
        />
      </FormPage>
    </RecordTabs>
  );
}
