import { ProductBodySchema } from '@dalil/contracts/products';
import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RecordTabs } from '../record-history';
import { FormSelectField, FormTextField } from '../form-kit/form-fields';
import { FormPage, FormSection } from '../form-kit/form-page';
import { ImageInputSchema } from '../form-kit/image-values';
import { ImagesSection, NameFields } from '../form-kit/name-fields';
import { useResourceForm } from '../form-kit/use-resource-form';
import { useCategoryOptions, useFamilyOptions } from '../options';
import { emptyProduct, productValues } from './product-values';

const ProductFormSchema = ProductBodySchema.extend({ logo: ImageInputSchema, image: ImageInputSchema });

const pair = { direction: { xs: 'column', sm: 'row' }, spacing: 2 } as const;

/**
 * Create or edit a product, description (Arabic and English) and cost included. Barcode and code
 * must be digits, shown as a field error otherwise; numbers are converted by the shared schema
 * before sending.
 */
export function ProductFormPage() {
  const { t } = useTranslation();
  const { form, control, frame } = useResourceForm('products', {
    schema: ProductFormSchema,
    empty: emptyProduct,
    toValues: productValues,
  });
  const family = useWatch({ control, name: 'family' }) as number | string | undefined;
  const families = useFamilyOptions();
  const category = useWatch({ control, name: 'category' }) as number | string | undefined;
  const categories = useCategoryOptions(family, 'none');
  const subCategories = useCategoryOptions(family, category);
  const subOptions = subCategories && [
    { value: '', label: t('admin.fields.noSubCategory') },
    ...subCategories,
  ];
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
            {text('barcode', t('admin.fields.barcode'), digits)}
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
          <FormSelectField
            control={control}
            name="family"
            label={t('admin.fields.family')}
            options={families}
            required
            onPicked={() => {
              form.setValue('category', '');
              form.setValue('subCategory', '');
            }}
          />
          <FormSelectField
            control={control}
            name="category"
            label={t('admin.fields.category')}
            options={categories}
            required
            disabled={!family}
            helperText={family ? undefined : t('admin.fields.chooseFamilyFirst')}
            onPicked={() => form.setValue('subCategory', '')}
          />
          {subOptions && subOptions.length > 1 && (
            <FormSelectField
              control={control}
              name="subCategory"
              label={t('admin.fields.subCategory')}
              options={subOptions}
            />
          )}
        </FormSection>
        <ImagesSection
          control={control}
          fields={{ logo: 'admin.fields.icon', image: 'admin.fields.productImage' }}
        />
      </FormPage>
    </RecordTabs>
  );
}
