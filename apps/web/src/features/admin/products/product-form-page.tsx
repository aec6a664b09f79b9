import { ProductBodySchema } from '@dalil/contracts/products';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { RecordTabs } from '../admin-kit/record-history';
import { FormTextField } from '../form-kit/form-fields';
import { FormRemoteChoice } from '../form-kit/form-remote-choice';
import { FormPage, FormSection } from '../form-kit/form-page';
import { ImageInputSchema } from '../form-kit/image-values';
import { ImagesSection, NameFields } from '../form-kit/name-fields';
import { useResourceForm } from '../form-kit/use-resource-form';
import { choiceListQuery, chosenId } from '../form-kit/remote-choice-api';
import { barcodeNote, useRequiresValidGtin } from './barcode-note';
import { emptyProduct, productValues } from './product-values';
import { AttributeFields } from './attribute-fields';
import { useAttributeScope } from './attribute-scope';
import { AttributesInputSchema } from './attribute-values';
import { PublicationSection } from '../form-kit/publication-fields';
import { publicationFormFields } from '../form-kit/publication-values';

const ProductFormSchema = ProductBodySchema.extend({
  attributes: AttributesInputSchema,
  logo: ImageInputSchema,
  image: ImageInputSchema,
  ...publicationFormFields,
});

const pair = { direction: { xs: 'column', sm: 'row' }, spacing: 2 } as const;

/**
 * Create or edit a product, description (Arabic and English) and cost included. Barcode and code
 * must be digits, shown as a field error otherwise; numbers are converted by the shared schema
 * before sending. Under the barcode: whether it is a valid GTIN (an error when the family requires
 * one, which the server enforces) and, for an Arab GS1 prefix, the issuing country.
 */
export function ProductFormPage() {
  const { t, i18n } = useTranslation();
  const { form, control, frame } = useResourceForm('products', {
    schema: ProductFormSchema,
    empty: emptyProduct,
    toValues: productValues,
    nestedErrors: ['attributes'],
  });
  const scope = useAttributeScope(form);
  const family = chosenId(useWatch({ control, name: 'family' }));
  const category = chosenId(useWatch({ control, name: 'category' }));
  // The Sub-category field appears when the chosen category has sub-categories.
  const subCategories = useQuery({
    ...choiceListQuery('categories', { family: family ?? 0, parent: category ?? 0 }, ''),
    enabled: family !== null && category !== null,
  });
  const barcode = barcodeNote(
    useWatch({ control, name: 'barcode' }),
    useRequiresValidGtin(family),
    t,
    i18n.language,
  );
  const text = (name: keyof typeof emptyProduct, label: string, extra: object = {}) => (
    <FormTextField control={control} name={name} label={label} {...extra} />
  );
  const digits = { slotProps: { htmlInput: { inputMode: 'numeric', dir: 'ltr' } } };
  const decimal = { slotProps: { htmlInput: { inputMode: 'decimal', dir: 'ltr' } } };
  return (
    <RecordTabs entity="product">
      <FormPage {...frame}>
        <FormSection title={t('admin.form.names')}>
          <NameFields control={control} />
          {text('descriptionAr', t('admin.fields.descriptionAr'), {
            multiline: true,
            minRows: 2,
            inputDir: 'rtl',
          })}
          {text('descriptionEn', t('admin.fields.descriptionEn'), {
            multiline: true,
            minRows: 2,
            inputDir: 'ltr',
          })}
        </FormSection>
        <FormSection title={t('admin.form.details')}>
          <Stack {...pair}>
            {text('barcode', t('admin.fields.barcode'), {
              ...digits,
              helperText: barcode?.text,
              flagged: barcode?.error,
            })}
            {text('number', t('admin.fields.code'), digits)}
          </Stack>
          <Stack {...pair}>
            {text('cost', t('admin.fields.cost'), decimal)}
            {text('shelfLife', t('admin.fields.shelfLife'), {
              placeholder: t('admin.fields.shelfLifeHint'),
              inputDir: 'auto',
            })}
          </Stack>
          <Stack {...pair}>
            {text('netWeight', t('admin.fields.netWeight'), {
              placeholder: t('admin.fields.weightHint'),
              inputDir: 'auto',
            })}
            {text('drainedWeight', t('admin.fields.drainedWeight'), {
              placeholder: t('admin.fields.weightHint'),
            })}
          </Stack>
          <Stack {...pair}>
            {text('unitsPerCarton', t('admin.fields.unitsPerCarton'), digits)}
            {text('cartonPerPalate', t('admin.fields.cartonPerPalate'), digits)}
          </Stack>
        </FormSection>
        <FormSection title={`${t('admin.fields.family')} · ${t('admin.fields.category')}`}>
          <FormRemoteChoice
            control={control}
            name="family"
            resource="families"
            label={t('admin.fields.family')}
            required
            onPicked={() => {
              form.setValue('category', '');
              form.setValue('subCategory', '');
              scope.picked();
            }}
          />
          <FormRemoteChoice
            control={control}
            name="category"
            resource="categories"
            scope={{ family: family ?? undefined, parent: 'none' }}
            label={t('admin.fields.category')}
            required
            disabled={family === null}
            helperText={family === null ? t('admin.fields.chooseFamilyFirst') : undefined}
            onPicked={() => {
              form.setValue('subCategory', '');
              scope.picked();
            }}
          />
          {family !== null && category !== null && (subCategories.data?.count ?? 0) > 0 && (
            <FormRemoteChoice
              control={control}
              name="subCategory"
              resource="categories"
              scope={{ family, parent: category }}
              label={t('admin.fields.subCategory')}
              placeholder={t('admin.fields.noSubCategory')}
              onPicked={scope.picked}
            />
          )}
        </FormSection>
        {scope.failed && <Alert severity="error">{t('attributes.product.loadFailed')}</Alert>}
        <AttributeFields attributes={scope.attributes} control={control} />
        {scope.dialog}
        <PublicationSection control={control} />
        <ImagesSection
          control={control}
          fields={{ logo: 'admin.fields.icon', image: 'admin.fields.productImage' }}
        />
      </FormPage>
    </RecordTabs>
  );
}
