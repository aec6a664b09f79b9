import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useFamilyOptions } from '../options';

interface FamiliesFieldProps<T extends FieldValues> {
  control: Control<T>;
  label: string;
  helperText: string;
}

/** The families of an account: any number of them, chosen from the families that exist. */
export function FamiliesField<T extends FieldValues>({ control, label, helperText }: FamiliesFieldProps<T>) {
  const options = useFamilyOptions() ?? [];
  const nameOf = (id: number) => options.find((o) => Number(o.value) === id)?.label ?? `#${id}`;
  return (
    <Controller
      control={control}
      name={'families' as Path<T>}
      render={({ field, fieldState }) => {
        const value = ((field.value as number[] | undefined) ?? []).map(Number);
        return (
          <TextField
            select
            fullWidth
            label={label}
            name={field.name}
            inputRef={field.ref}
            value={value}
            onBlur={field.onBlur}
            onChange={(event) => {
              const picked = event.target.value as unknown as (string | number)[];
              field.onChange(picked.map(Number));
            }}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? helperText}
            slotProps={{
              select: { multiple: true, renderValue: () => value.map(nameOf).join(', ') },
            }}
          >
            {options.map((option) => (
              <MenuItem key={option.value} value={Number(option.value)}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
