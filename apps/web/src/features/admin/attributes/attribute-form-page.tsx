import {
  AttributeBodySchema,
  ATTRIBUTE_REQUIRED,
  ATTRIBUTE_TYPES,
  ATTRIBUTE_UNITS,
  type AttributeType,
} from '@dalil/contracts/attributes';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { RecordTabs } from '../admin-kit/record-history';
import { fieldMessage } from '../form-kit/field-message';
import { FormSelectField, FormSwitchField, FormTextField } from '../form-kit/form-fields';
import { FormPage, FormSection } from '../form-kit/form-page';
import { FormRemoteChoice } from '../form-kit/form-remote-choice';
import { RemoteChoices } from '../form-kit/remote-choices';
import { chosenId } from '../form-kit/remote-choice-api';
import { useResourceForm } from '../form-kit/use-resource-form';
import { attributeValues, emptyAttribute, emptyOption } from './attribute-values';
import { OptionsEditor } from './options-editor';

const pair = { direction: { xs: 'column', sm: 'row' }, spacing: 2 } as const;
const choosing = (type: AttributeType) => type === 'choice' || type === 'choices';

/**
 * Create or edit an attribute: its family (chosen when creating; a new one starts with the family
 * the list showed), key, names, group, type (a unit for a number, options for a choice), whether
 * visitors see it, in which languages it is required, and the categories whose products have it.
 */
export function AttributeFormPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const listed = chosenId(params.get('family'));
  const empty = useMemo(() => emptyAttribute(listed ?? ''), [listed]);
  const { form, control, mode, frame } = useResourceForm('attributes', {
    schema: AttributeBodySchema,
    empty,
    toValues: attributeValues,
    nestedErrors: ['name', 'group', 'options'],
  });
  const family = chosenId(useWatch({ control, name: 'family' }));
  const type = useWatch({ control, name: 'type' });
  // A type without a unit or options sends none: the server refuses them on other types.
  const changeType = (next: string) => {
    if (next !== 'number') form.setValue('unit', null);
    if (!choosing(next as AttributeType)) form.setValue('options', []);
    else if (form.getValues('options')?.length === 0) form.setValue('options', [emptyOption]);
  };
  return (
    <RecordTabs entity="attribute">
      <FormPage {...frame}>
        <FormSection title={t('attributes.fields.setting')}>
          {mode === 'create' && (
            <FormRemoteChoice
              control={control}
              name="family"
              resource="families"
              label={t('attributes.fields.family')}
              required
              onPicked={() => form.setValue('categories', [])}
            />
          )}
          <FormTextField
            control={control}
            name="key"
            label={t('attributes.fields.key')}
            helperText={t('attributes.fields.keyHint')}
            inputDir="ltr"
            required
          />
          <Stack {...pair}>
            <FormTextField
              control={control}
              name="name.ar"
              label={t('attributes.fields.nameAr')}
              inputDir="rtl"
              required
            />
            <FormTextField
              control={control}
              name="name.en"
              label={t('attributes.fields.nameEn')}
              inputDir="ltr"
              required
            />
          </Stack>
          <Stack {...pair}>
            <FormTextField
              control={control}
              name="group.ar"
              label={t('attributes.fields.groupAr')}
              helperText={t('attributes.fields.groupHint')}
              inputDir="rtl"
            />
            <FormTextField
              control={control}
              name="group.en"
              label={t('attributes.fields.groupEn')}
              inputDir="ltr"
            />
          </Stack>
          <Stack {...pair}>
            <FormSelectField
              control={control}
              name="type"
              label={t('attributes.fields.type')}
              required
              options={ATTRIBUTE_TYPES.map((value) => ({ value, label: t(`attributes.types.${value}`) }))}
              onPicked={changeType}
            />
            {type === 'number' && (
              // "No unit" is the select's '' and the body's null.
              <Controller
                control={control}
                name="unit"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    fullWidth
                    name={field.name}
                    inputRef={field.ref}
                    label={t('attributes.fields.unit')}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(event.target.value || null)}
                    onBlur={field.onBlur}
                    error={Boolean(fieldState.error)}
                    helperText={fieldMessage(fieldState.error?.message, t)}
                  >
                    <MenuItem value="">{t('attributes.fields.noUnit')}</MenuItem>
                    {ATTRIBUTE_UNITS.map((value) => (
                      <MenuItem key={value} value={value}>
                        {t(`attributes.units.${value}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
          </Stack>
          {choosing(type) && <OptionsEditor control={control} />}
          <FormSelectField
            control={control}
            name="required"
            label={t('attributes.fields.required')}
            options={ATTRIBUTE_REQUIRED.map((value) => ({ value, label: t(`attributes.required.${value}`) }))}
          />
          <FormSwitchField
            control={control}
            name="visible"
            label={t('attributes.fields.visible')}
            explanation={t('attributes.fields.visibleHint')}
          />
        </FormSection>
        <FormSection title={t('attributes.fields.placement')}>
          <Controller
            control={control}
            name="categories"
            render={({ field, fieldState }) => (
              <RemoteChoices
                resource="categories"
                scope={{ family: family ?? undefined }}
                disabled={family === null}
                label={t('attributes.fields.categories')}
                name={field.name}
                inputRef={field.ref}
                value={(field.value ?? []).map(Number)}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={
                  fieldMessage(fieldState.error?.message, t) ??
                  (family === null
                    ? t('admin.fields.chooseFamilyFirst')
                    : t('attributes.fields.categoriesHint'))
                }
              />
            )}
          />
        </FormSection>
      </FormPage>
    </RecordTabs>
  );
}
