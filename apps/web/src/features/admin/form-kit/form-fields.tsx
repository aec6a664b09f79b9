import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { ImageField } from '../../../components/image-field';
import { fieldMessage } from './field-message';

interface FieldBase<T extends FieldValues, O> {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
}

type FormTextFieldProps<T extends FieldValues, O> = FieldBase<T, O> &
  Omit<TextFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'error'> & {
    /** Direction of what is typed (Arabic names stay RTL in an English layout), not of the label. */
    inputDir?: 'rtl' | 'ltr' | 'auto';
    /** Shows the helper text as an error although the form's schema accepts the value. */
    flagged?: boolean;
  };

/** A text field bound to the form; its error comes from the shared schema or the server. */
export function FormTextField<T extends FieldValues, O>(props: FormTextFieldProps<T, O>) {
  const { control, name, label, helperText, inputDir, flagged = false, ...rest } = props;
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          slotProps={{ ...rest.slotProps, htmlInput: { dir: inputDir, ...rest.slotProps?.htmlInput } }}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          label={label}
          fullWidth
          error={Boolean(fieldState.error) || (flagged && Boolean(helperText))}
          helperText={fieldMessage(fieldState.error?.message, t) ?? helperText}
        />
      )}
    />
  );
}

/** An on/off setting bound to the form, with one line saying what it does. */
export function FormSwitchField<T extends FieldValues, O>({
  control,
  name,
  label,
  explanation,
}: FieldBase<T, O> & { explanation: string }) {
  const hintId = `${name}-explanation`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Stack>
          <FormControlLabel
            label={label}
            control={
              <Switch
                name={field.name}
                checked={Boolean(field.value)}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { role: 'switch', 'aria-describedby': hintId } }}
              />
            }
          />
          <FormHelperText id={hintId} sx={{ mt: 0 }}>
            {explanation}
          </FormHelperText>
        </Stack>
      )}
    />
  );
}

interface SelectOption {
  value: number | string;
  label: string;
}

interface FormSelectFieldProps<T extends FieldValues, O> extends FieldBase<T, O> {
  options: SelectOption[] | undefined;
  required?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
  /** Called with the new value after the field changes (the product's family resets its category). */
  onPicked?: (value: string) => void;
}

/** A choice among a few fixed options (Role); a family or category is a FormRemoteChoice. */
export function FormSelectField<T extends FieldValues, O>(props: FormSelectFieldProps<T, O>) {
  const { control, name, label, options, onPicked, helperText, ...rest } = props;
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          select
          name={field.name}
          inputRef={field.ref}
          value={options ? (field.value ?? '') : ''}
          onChange={(event) => {
            field.onChange(event.target.value);
            onPicked?.(event.target.value);
          }}
          onBlur={field.onBlur}
          label={label}
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={fieldMessage(fieldState.error?.message, t) ?? helperText}
        >
          {(options ?? []).map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** An image field bound to the form: value is a stored name, a new File, or null. */
export function FormImageField<T extends FieldValues, O>({ control, name, label }: FieldBase<T, O>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ImageField
          label={label}
          value={field.value ?? null}
          onChange={field.onChange}
          error={fieldMessage(fieldState.error?.message, t)}
        />
      )}
    />
  );
}
