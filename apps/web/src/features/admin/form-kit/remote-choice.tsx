import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ChoicePaper } from './choice-paper';
import { MoreMatchesContext } from './more-matches-context';
import {
  choiceLabel,
  choiceListQuery,
  choiceNameQuery,
  type ChoiceItem,
  type ChoiceResource,
  type ChoiceScope,
} from './remote-choice-api';
import { useDebounced } from './use-debounced';

export interface RemoteChoiceProps {
  resource: ChoiceResource;
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  /** Categories: which family, and top-level ones or the sub-categories of one. */
  scope?: ChoiceScope;
  /** A record never offered (a category cannot be its own parent). */
  exclude?: number;
  /** What an empty choice means, shown in the empty field ("All families", "None"). */
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
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
  const { resource, value, scope = {}, exclude, disabled = false } = props;
  const { t, i18n } = useTranslation();
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim());
  const list = useQuery({
    ...choiceListQuery(resource, scope, search),
    enabled: !disabled,
    placeholderData: keepPreviousData,
    ...(props.quiet ? { meta: { handlesErrors: true } } : {}),
  });
  const items = list.data?.items;
  const offered = useMemo(() => (items ?? []).filter((item) => item.id !== exclude), [items, exclude]);

  // The chosen record, kept once known: a later search that leaves it out must not change the value
  // (the field would rewrite the text being typed).
  const [known, setKnown] = useState<ChoiceItem | null>(null);
  const listed = items?.find((item) => item.id === value);
  const needsName = value !== null && known?.id !== value && !listed && (list.isFetched || disabled);
  const name = useQuery({
    ...choiceNameQuery(resource, value ?? 0),
    enabled: needsName,
    meta: { handlesErrors: true },
  });
  const found = known?.id === value ? known : (listed ?? (value === null ? undefined : name.data));
  if (found && found !== known) setKnown(found);

  const fallback = name.isError ? `#${value}` : '';
  const current = useMemo<ChoiceItem | null>(
    () => (value === null ? null : { id: value, nameAr: fallback, nameEn: fallback }),
    [value, fallback],
  );
  const language = i18n.language;
  const more = list.data && list.data.count > list.data.items.length ? list.data : null;
  return (
    <MoreMatchesContext
      value={more && t('admin.choice.more', { shown: more.items.length, count: more.count })}
    >
      <Autocomplete<ChoiceItem>
        size={props.size}
        fullWidth={props.fullWidth}
        sx={props.sx}
        disabled={disabled}
        options={offered}
        value={known?.id === value ? known : current}
        onChange={(_event, item) => {
          if (item) setKnown(item);
          props.onChange(item?.id ?? null);
        }}
        onInputChange={(_event, text, reason) => setTyped(reason === 'input' ? text : '')}
        onBlur={props.onBlur}
        getOptionLabel={(item) => choiceLabel(item, language)}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        getOptionKey={(item) => item.id}
        // The server has already matched the typed text against both names.
        filterOptions={(options) => options}
        loading={list.isFetching}
        loadingText={t('admin.choice.searching')}
        noOptionsText={t('admin.choice.noMatches')}
        clearOnEscape
        clearText={t('admin.choice.clear')}
        openText={t('admin.choice.open')}
        closeText={t('admin.choice.close')}
        slots={{ paper: ChoicePaper }}
        renderInput={(params) => (
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
        )}
      />
    </MoreMatchesContext>
  );
}
