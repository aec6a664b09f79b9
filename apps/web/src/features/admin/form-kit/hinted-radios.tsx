import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

interface HintedRadiosProps<V extends string> {
  label: string;
  name: string;
  value: V;
  options: readonly { value: V; label: string; hint: string }[];
  onChange: (value: V) => void;
}

/** A choice of a few options, each with a line saying what it means. */
export function HintedRadios<V extends string>({
  label,
  name,
  value,
  options,
  onChange,
}: HintedRadiosProps<V>) {
  const labelId = useId();
  return (
    <FormControl>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup
        name={name}
        aria-labelledby={labelId}
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', mt: 1, '& .MuiRadio-root': { mt: -1 } }}
            label={
              <>
                <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                  {option.label}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  {option.hint}
                </Typography>
              </>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
