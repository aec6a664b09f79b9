import { CategoryBodySchema } from '@dalil/contracts/categories';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { RecordTabs } from '../admin-kit/record-history';
import { useParams } from 'react-router';
import { FormPage, FormSection } from '../form-kit/form-page';
import { FormRemoteChoice } from '../form-kit/form-remote-choice';
import { ImageInputSchema } from '../form-kit/image-values';
import { ImagesSection, NameFields } from '../form-kit/name-fields';
import { chosenId } from '../form-kit/remote-choice-api';
import { useResourceForm } from '../form-kit/use-resource-form';

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
  const family = chosenId(useWatch({ control, name: 'family' }));
  const self = chosenId(useParams().id) ?? undefined;
  return (
    <RecordTabs entity="category">
      <FormPage {...frame}>
        <FormSection title={t('admin.form.details')}>
          <NameFields control={control} />
          {mode === 'create' && (
            <FormRemoteChoice
              control={control}
              name="family"
              resource="families"
              label={t('admin.fields.family')}
              required
              onPicked={() => form.setValue('parent', '')}
            />
          )}
          <FormRemoteChoice
            control={control}
            name="parent"
            resource="categories"
            scope={{ family: family ?? undefined, parent: 'none' }}
            exclude={self}
            label={t('admin.fields.parent')}
            placeholder={t('admin.fields.noParent')}
            disabled={family === null}
            helperText={family === null ? t('admin.fields.chooseFamilyFirst') : t('admin.fields.parentHint')}
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
