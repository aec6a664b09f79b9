import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFieldArray, useFormState, type Control } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { fieldMessage } from '../form-kit/field-message';
import { FormTextField } from '../form-kit/form-fields';
import { emptyOption, type AttributeFormIn, type AttributeFormOut } from './attribute-values';

/** A choice attribute's options: rows of key, Arabic name and English name, added and removed. */
export function OptionsEditor({ control }: { control: Control<AttributeFormIn, unknown, AttributeFormOut> }) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: 'options' });
  const { errors } = useFormState({ control, name: 'options' });
  // The list's own problem (no option yet): the schema puts it on the list, the server too.
  const listError = errors.options?.message ?? errors.options?.root?.message;
  return (
    <Stack spacing={1.5} role="group" aria-label={t('attributes.fields.options')}>
      <Typography variant="subtitle2">{t('attributes.fields.options')}</Typography>
      {fields.map((field, index) => (
        <Stack
          key={field.id}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: 'start' }}
        >
          <FormTextField
            control={control}
            name={`options.${index}.key`}
            label={t('attributes.fields.optionKey')}
            inputDir="ltr"
            required
            size="small"
          />
          <FormTextField
            control={control}
            name={`options.${index}.name.ar`}
            label={t('attributes.fields.optionNameAr')}
            inputDir="rtl"
            required
            size="small"
          />
          <FormTextField
            control={control}
            name={`options.${index}.name.en`}
            label={t('attributes.fields.optionNameEn')}
            inputDir="ltr"
            required
            size="small"
          />
          <IconButton
            aria-label={t('attributes.fields.removeOption', { number: index + 1 })}
            onClick={() => remove(index)}
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      {listError && <FormHelperText error>{fieldMessage(listError, t)}</FormHelperText>}
      <Button
        startIcon={<AddOutlined />}
        onClick={() => append(emptyOption)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('attributes.fields.addOption')}
      </Button>
    </Stack>
  );
}
