import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SelectOption } from './form-kit/form-fields';

interface ListFilterProps {
  label: string;
  allLabel: string;
  value: string;
  options: SelectOption[] | undefined;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** A list filter (family, category): a small select whose empty choice means all. */
export function ListFilter({ label, allLabel, value, options, onChange, disabled }: ListFilterProps) {
  const known = options?.some((option) => String(option.value) === value);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={known ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      sx={{ minWidth: 180, flex: { xs: '1 1 160px', sm: '0 0 auto' } }}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {(options ?? []).map((option) => (
        <MenuItem key={option.value} value={String(option.value)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
