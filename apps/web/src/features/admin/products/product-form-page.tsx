import { ProductBodySchema, type Product } from '@dalil/contracts/products';
import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormPage, FormSection } from '../../../components/form-page';
import { paths } from '../../../lib/paths';
import { FormImageField, FormSelectField, FormTextField } from '../form-fields';
import { ImageInputSchema } from '../image-values';
import { useCategoryOptions, useFamilyOptions } from '../options';
import { useResourceForm } from '../resource-form';
import { productApi } from './product-api';
import { emptyProduct, productValues } from './product-values';

const ProductFormSchema = ProductBodySchema.extend({ logo: ImageInputSchema, image: ImageInputSchema });

const pair = { direction: { xs: 'column', sm: 'row' }, spacing: 2 } as const;

/**
 * Spec section 2, Create Product, with description and cost (improvement 6). Barcode and code must
 * be digits (improvement 4); numbers are converted by the shared schema before sending.
 */
export function ProductFormPage() {
  const { t } = useTranslation();
  const { form, mode, submit, loading, loadError, saveError, returnTo } = useResourceForm({
    schema: ProductFormSchema,
    resource: 'products',
    empty: emptyProduct,
    load: productApi.one,
    toValues: (product: Product) => productValues(product),
    save: (body, id) => (id === undefined ? productApi.create(body) : productApi.update(id, body)),
    imageKeys: ['logo', 'image'],
    listPath: paths.productList,
  });
  const { control } = form;
  const family = useWatch({ control, name: 'family' }) as number | string | undefined;
  const families = useFamilyOptions();
  const categories = useCategoryOptions(family);
  const text = (name: keyof typeof emptyProduct, label: string, extra: object = {}) => (
    <FormTextField control={control} name={name} label={label} {...extra} />
  );
  const digits = { slotProps: { htmlInput: { inputMode: 'numeric', dir: 'ltr' } } };
  const decimal = { slotProps: { htmlInput: { inputMode: 'decimal', dir: 'ltr' } } };
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
        {text('nameAr', t('admin.fields.nameAr'), { required: true, inputDir: 'rtl' })}
        {text('nameEn', t('admin.fields.nameEn'), { required: true, inputDir: 'ltr' })}
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
          onPicked={() => form.setValue('category', '')}
        />
        <FormSelectField
          control={control}
          name="category"
          label={t('admin.fields.category')}
          options={categories}
          required
          disabled={!family}
          helperText={family ? undefined : t('admin.fields.chooseFamilyFirst')}
        />
      </FormSection>
      <FormSection title={t('admin.form.images')}>
        <FormImageField control={control} name="logo" label={t('admin.fields.icon')} />
        <FormImageField control={control} name="image" label={t('admin.fields.productImage')} />
      </FormSection>
    </FormPage>
  );
}
