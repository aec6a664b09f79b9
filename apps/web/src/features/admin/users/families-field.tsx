import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { RemoteChoices } from '../form-kit/remote-choices';

interface FamiliesFieldProps<T extends FieldValues> {
  control: Control<T>;
  label: string;
  helperText: string;
}

/** The families of an account: any number of them, each found by typing part of its name. */
export function FamiliesField<T extends FieldValues>({ control, label, helperText }: FamiliesFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={'families' as Path<T>}
      render={({ field, fieldState }) => (
        <RemoteChoices
          resource="families"
          label={label}
          name={field.name}
          inputRef={field.ref}
          value={((field.value as number[] | undefined) ?? []).map(Number)}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
