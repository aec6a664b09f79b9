import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from '../../../lib/i18n';
import type { SelectOption } from '../form-kit/form-fields';
import { useCategoryOptions, useFamilyOptions } from '../options';

interface ChoiceProps {
  label: string;
  value: number | '';
  options: SelectOption[] | undefined;
  onChange: (value: number | '') => void;
  disabled?: boolean;
  helperText?: string;
}

function Choice({ label, value, options, onChange, disabled, helperText }: ChoiceProps) {
  return (
    <TextField
      select
      required
      fullWidth
      label={label}
      value={options ? value : ''}
      onChange={(event) => onChange(event.target.value === '' ? '' : Number(event.target.value))}
      disabled={disabled}
      helperText={helperText}
    >
      {(options ?? []).map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The Family an upload of categories or products goes to. */
export function FamilyChoice(props: { value: number | ''; onChange: (value: number | '') => void }) {
  const { t } = useTranslation();
  return <Choice label={t('upload.family')} options={useFamilyOptions()} {...props} />;
}

/** Then a Category of that family (upload products). */
export function CategoryChoice(props: {
  family: number | '';
  value: number | '';
  onChange: (value: number | '') => void;
}) {
  const { t } = useTranslation();
  const options = useCategoryOptions(props.family === '' ? null : props.family);
  const empty = props.family !== '' && options?.length === 0;
  return (
    <Choice
      label={t('upload.category')}
      value={props.value}
      onChange={props.onChange}
      options={options}
      disabled={props.family === '' || empty}
      helperText={
        props.family === '' ? t('upload.chooseFamilyFirst') : empty ? t('upload.noCategories') : undefined
      }
    />
  );
}
