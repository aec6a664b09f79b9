import Autocomplete from '@mui/material/Autocomplete';
import type { SxProps, Theme } from '@mui/material/styles';
import { useMemo } from 'react';
import { ChoiceInput, type ChoiceInputProps } from './choice-input';
import { MoreMatchesContext } from './more-matches-context';
import type { ChoiceResource, ChoiceScope } from './remote-choice-api';
import { useRemoteChoice } from './use-remote-choice';

export interface RemoteChoiceProps extends ChoiceInputProps {
  resource: ChoiceResource;
  value: number | null;
  onChange: (id: number | null) => void;
  /** Categories: which family, and top-level ones or the sub-categories of one. */
  scope?: ChoiceScope;
  /** A record never offered (a category cannot be its own parent). */
  exclude?: number | undefined;
  disabled?: boolean;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  onBlur?: () => void;
  /** The screen works without this choice: a failed list is not reported. */
  quiet?: boolean;
}

/**
 * A family or category choice that asks the server as the person types (either name, the first
 * OFFERED matches), so a record can be chosen however many there are. The chosen record's name is
 * shown even when it is not among those offered: it is read on its own when needed.
 */
export function RemoteChoice(props: RemoteChoiceProps) {
  const {
    resource,
    scope,
    exclude,
    quiet,
    value,
    onChange,
    size,
    fullWidth,
    sx,
    onBlur,
    disabled,
    ...input
  } = props;
  const { itemOf, remember, more, autocomplete } = useRemoteChoice({
    ...{ resource, scope, exclude, quiet, disabled },
    chosen: value === null ? [] : [value],
  });
  const current = useMemo(() => (value === null ? null : itemOf(value)), [value, itemOf]);
  return (
    <MoreMatchesContext value={more}>
      <Autocomplete
        {...autocomplete}
        size={size}
        fullWidth={fullWidth}
        sx={sx}
        disabled={disabled}
        value={current}
        onChange={(_event, item) => {
          if (item) remember(item);
          onChange(item?.id ?? null);
        }}
        onBlur={onBlur}
        renderInput={(params) => <ChoiceInput params={params} {...input} />}
      />
    </MoreMatchesContext>
  );
}
