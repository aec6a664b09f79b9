import { isTextAttribute, type Attribute } from '@dalil/contracts/attributes';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, get, useFormState, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation, type TFunction } from '../../../lib/i18n';
import { fieldMessage } from '../form-kit/field-message';
import { FormSection } from '../form-kit/form-page';

type Language = 'ar' | 'en';
type AttributeControl = Control<FieldValues, unknown, FieldValues>;

interface FieldProps {
  attribute: Attribute;
  control: AttributeControl;
  language: Language;
  t: TFunction;
}

const nameOf = (attribute: Attribute): Path<FieldValues> => `attributes.${attribute.key}`;

/** Text and long text: an Arabic field typed right to left and an English one left to right. */
function TextPair({ attribute, control, language, t }: FieldProps) {
  const name = nameOf(attribute);
  // The server may refuse the value as a whole (`attributes.<key>`) or one language of it.
  const { errors } = useFormState({ control, name });
  const error: unknown = get(errors, name);
  const whole =
    typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string'
      ? error.message
      : undefined;
  const long = attribute.type === 'longText';
  return (
    <Stack spacing={0.5}>
      <Stack direction={{ xs: 'column', sm: long ? 'column' : 'row' }} spacing={2}>
        {(['ar', 'en'] as const).map((lang) => (
          <Controller
            key={lang}
            control={control}
            name={`${name}.${lang}`}
            render={({ field, fieldState }) => (
              <TextField
                name={field.name}
                inputRef={field.ref}
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                label={`${attribute.name[language]} (${t(lang === 'ar' ? 'attributes.product.arabic' : 'attributes.product.english')})`}
                fullWidth
                multiline={long}
                minRows={long ? 2 : undefined}
                error={Boolean(fieldState.error) || Boolean(whole)}
                helperText={fieldMessage(fieldState.error?.message, t)}
                slotProps={{ htmlInput: { dir: lang === 'ar' ? 'rtl' : 'ltr' } }}
              />
            )}
          />
        ))}
      </Stack>
      {whole && <FormHelperText error>{fieldMessage(whole, t)}</FormHelperText>}
    </Stack>
  );
}

/** One value of any other type, as its own input. */
function SingleField({ attribute, control, language, t }: FieldProps) {
  const label = attribute.name[language];
  const options = attribute.options;
  const optionName = (key: string) => options.find((o) => o.key === key)?.name[language] ?? key;
  return (
    <Controller
      control={control}
      name={nameOf(attribute)}
      render={({ field, fieldState }) => {
        const error = fieldMessage(fieldState.error?.message, t);
        const common = {
          name: field.name,
          inputRef: field.ref,
          onBlur: field.onBlur,
          label,
          fullWidth: true,
        };
        const shown = { error: Boolean(error), helperText: error };
        switch (attribute.type) {
          case 'number':
            return (
              <TextField
                {...common}
                {...shown}
                type="number"
                value={typeof field.value === 'number' ? field.value : ''}
                onChange={(event) =>
                  field.onChange(event.target.value === '' ? null : Number(event.target.value))
                }
                slotProps={{
                  htmlInput: { dir: 'ltr', step: 'any' },
                  input: attribute.unit
                    ? {
                        endAdornment: (
                          <InputAdornment position="end">
                            {t(`attributes.units.${attribute.unit}`)}
                          </InputAdornment>
                        ),
                      }
                    : {},
                }}
              />
            );
          case 'date':
            return (
              <TextField
                {...common}
                {...shown}
                type="date"
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={(event) => field.onChange(event.target.value || null)}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { dir: 'ltr' } }}
              />
            );
          case 'choice':
            return (
              <TextField
                {...common}
                {...shown}
                select
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={(event) => field.onChange(event.target.value || null)}
              >
                <MenuItem value="">{t('attributes.product.none')}</MenuItem>
                {options.map((option) => (
                  <MenuItem key={option.key} value={option.key}>
                    {option.name[language]}
                  </MenuItem>
                ))}
              </TextField>
            );
          case 'choices':
            return (
              <Autocomplete
                multiple
                fullWidth
                filterSelectedOptions
                options={options.map((o) => o.key)}
                getOptionLabel={optionName}
                value={Array.isArray(field.value) ? (field.value as string[]) : []}
                onChange={(_event, keys) => field.onChange(keys)}
                onBlur={field.onBlur}
                noOptionsText={t('admin.choice.noMatches')}
                renderInput={(params) => (
                  <TextField {...params} name={field.name} inputRef={field.ref} label={label} {...shown} />
                )}
              />
            );
          default:
            return (
              <Stack>
                <FormControlLabel
                  label={label}
                  control={
                    <Checkbox
                      name={field.name}
                      checked={field.value === true}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                    />
                  }
                />
                {error && <FormHelperText error>{error}</FormHelperText>}
              </Stack>
            );
        }
      }}
    />
  );
}

/** The attributes under their group headings, in their order; those without a group come first. */
function groupsOf(attributes: readonly Attribute[], language: Language, ungrouped: string) {
  const groups = new Map<string, Attribute[]>();
  for (const attribute of attributes) {
    const title = attribute.group?.[language] || ungrouped;
    groups.set(title, [...(groups.get(title) ?? []), attribute]);
  }
  return [...groups];
}

/**
 * The product's attributes, each as its type's field (texts in both languages), under their group
 * headings in the page's language.
 */
export function AttributeFields<T extends FieldValues, O>({
  attributes,
  control,
}: {
  attributes: readonly Attribute[];
  control: Control<T, unknown, O>;
}) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'ar' ? 'ar' : 'en';
  const c = control as unknown as AttributeControl;
  return groupsOf(attributes, language, t('attributes.product.section')).map(([title, members]) => (
    <FormSection key={title} title={title}>
      {members.map((attribute) =>
        isTextAttribute(attribute) ? (
          <TextPair key={attribute.key} attribute={attribute} control={c} language={language} t={t} />
        ) : (
          <SingleField key={attribute.key} attribute={attribute} control={c} language={language} t={t} />
        ),
      )}
    </FormSection>
  ));
}
