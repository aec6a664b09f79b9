import type { AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ReactNode, Ref } from 'react';

export interface ChoiceInputProps {
  label: string;
  /** What an empty choice means, shown in the empty field ("All families", "None"). */
  placeholder?: string | undefined;
  required?: boolean | undefined;
  error?: boolean | undefined;
  helperText?: ReactNode;
  name?: string | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
}

/** The text field of a family or category choice; a placeholder keeps its label above it. */
export function ChoiceInput({
  params,
  ...props
}: ChoiceInputProps & { params: AutocompleteRenderInputParams }) {
  return (
    <TextField
      {...params}
      name={props.name}
      inputRef={props.inputRef}
      label={props.label}
      placeholder={props.placeholder}
      required={props.required}
      error={props.error}
      helperText={props.helperText}
      slotProps={{
        ...params.slotProps,
        inputLabel: { ...params.slotProps.inputLabel, shrink: props.placeholder ? true : undefined },
      }}
    />
  );
}
