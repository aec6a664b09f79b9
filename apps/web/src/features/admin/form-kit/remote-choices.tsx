import Autocomplete from '@mui/material/Autocomplete';
import { useMemo } from 'react';
import { ChoiceInput, type ChoiceInputProps } from './choice-input';
import { MoreMatchesContext } from './more-matches-context';
import type { ChoiceResource, ChoiceScope } from './remote-choice-api';
import { useRemoteChoice } from './use-remote-choice';

export interface RemoteChoicesProps extends ChoiceInputProps {
  resource: ChoiceResource;
  /** Which categories are offered (those of one family); families take none. */
  scope?: ChoiceScope | undefined;
  disabled?: boolean | undefined;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  onBlur?: () => void;
}

/**
 * Any number of families (or categories), each found by typing part of its name; the chosen ones
 * show as chips named in the UI language, whether or not they are among those offered.
 */
export function RemoteChoices(props: RemoteChoicesProps) {
  const { resource, scope, disabled, value, onChange, onBlur, ...input } = props;
  const { itemOf, remember, more, autocomplete } = useRemoteChoice({
    resource,
    scope,
    disabled,
    chosen: value,
  });
  const current = useMemo(() => value.map(itemOf), [value, itemOf]);
  return (
    <MoreMatchesContext value={more}>
      <Autocomplete
        {...autocomplete}
        multiple
        fullWidth
        filterSelectedOptions
        disabled={disabled}
        value={current}
        onChange={(_event, items) => {
          items.forEach(remember);
          onChange(items.map((item) => item.id));
        }}
        onBlur={onBlur}
        renderInput={(params) => <ChoiceInput params={params} {...input} />}
      />
    </MoreMatchesContext>
  );
}
