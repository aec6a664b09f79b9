import { FamilyBodySchema, type Family } from '@dalil/contracts/families';
import type { z } from 'zod';
import { useTranslation } from '../../../lib/i18n';
import { RecordTabs } from '../admin-kit/record-history';
import { FormSwitchField } from '../form-kit/form-fields';
import { FormPage, FormSection } from '../form-kit/form-page';
import { ImageInputSchema } from '../form-kit/image-values';
import { ImagesSection, NameFields } from '../form-kit/name-fields';
import { useResourceForm } from '../form-kit/use-resource-form';
import { FamilyCompleteness } from './family-completeness';
import { PublicationSection } from '../form-kit/publication-fields';
import { emptyPublication, publicationFormFields, publicationValues } from '../form-kit/publication-values';

const FamilyFormSchema = FamilyBodySchema.extend({
  logo: ImageInputSchema,
  image: ImageInputSchema,
  cover: ImageInputSchema,
  ...publicationFormFields,
});

const emptyFamily = {
  nameAr: '',
  nameEn: '',
  logo: null,
  image: null,
  cover: null,
  requireValidGtin: true,
  ...emptyPublication,
};

/** A stored family as form values. */
const familyValues = (family: Family): z.input<typeof FamilyFormSchema> => ({
  nameAr: family.nameAr,
  nameEn: family.nameEn,
  logo: family.logo,
  image: family.image,
  cover: family.cover,
  requireValidGtin: family.requireValidGtin,
  ...publicationValues(family),
});

/**
 * Create or edit a family: Name Ar, Name En, whether barcodes must be valid GTINs, status and publish
 * date, Logo, Image, Cover Photo; then the family list.
 */
export function FamilyFormPage() {
  const { t } = useTranslation();
  const { control, frame } = useResourceForm('families', {
    schema: FamilyFormSchema,
    empty: emptyFamily,
    toValues: familyValues,
  });
  return (
    <RecordTabs entity="family">
      <FamilyCompleteness />
      <FormPage {...frame}>
        <FormSection title={t('admin.form.names')}>
          <NameFields control={control} />
        </FormSection>
        <FormSection title={t('admin.form.barcodes')}>
          <FormSwitchField
            control={control}
            name="requireValidGtin"
            label={t('admin.fields.requireValidGtin')}
            explanation={t('admin.fields.requireValidGtinHint')}
          />
        </FormSection>
        <PublicationSection control={control} />
        <ImagesSection
          control={control}
          fields={{ logo: 'admin.fields.logo', image: 'admin.fields.image', cover: 'admin.fields.cover' }}
        />
      </FormPage>
    </RecordTabs>
  );
}
