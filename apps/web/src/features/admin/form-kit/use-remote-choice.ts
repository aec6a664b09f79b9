import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ChoicePaper } from './choice-paper';
import {
  choiceLabel,
  choiceListQuery,
  choiceNameQuery,
  type ChoiceItem,
  type ChoiceResource,
  type ChoiceScope,
} from './remote-choice-api';
import { useDebounced } from './use-debounced';

interface RemoteChoiceOptions {
  resource: ChoiceResource;
  scope?: ChoiceScope | undefined;
  exclude?: number | undefined;
  disabled?: boolean | undefined;
  quiet?: boolean | undefined;
  /** The chosen ids, whose names the field shows whether or not they are offered. */
  chosen: readonly number[];
}

/**
 * What a single or multiple family/category choice shares: the records offered for what is typed
 * (asked of the server once typing pauses, the previous ones kept meanwhile), the chosen records'
 * names, and the Autocomplete props that show them in the UI language.
 */
export function useRemoteChoice({
  resource,
  scope = {},
  exclude,
  disabled = false,
  quiet,
  chosen,
}: RemoteChoiceOptions) {
  const { t, i18n } = useTranslation();
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim());
  const list = useQuery({
    ...choiceListQuery(resource, scope, search),
    enabled: !disabled,
    placeholderData: keepPreviousData,
    ...(quiet ? { meta: { handlesErrors: true } } : {}),
  });
  const items = list.data?.items;
  const offered = useMemo(() => (items ?? []).filter((item) => item.id !== exclude), [items, exclude]);

  // Chosen records are kept once known: a later search that leaves one out must not change the
  // field's value (it would rewrite the text being typed). One not offered is read on its own.
  const [known, setKnown] = useState<ReadonlyMap<number, ChoiceItem>>(() => new Map());
  const unknown = chosen.filter((id) => !known.has(id));
  const listed = (items ?? []).filter((item) => unknown.includes(item.id));
  const missing = unknown.filter((id) => !listed.some((item) => item.id === id));
  const names = useQueries({
    queries: missing.map((id) => ({
      ...choiceNameQuery(resource, id),
      enabled: list.isFetched || disabled,
      meta: { handlesErrors: true },
    })),
  });
  const learned = [...listed, ...names.flatMap((name) => (name.data ? [name.data] : []))];
  if (learned.length > 0) setKnown(new Map([...known, ...learned.map((item) => [item.id, item] as const)]));
  const failed = missing.filter((_, index) => names[index]?.isError).join(',');

  /** The record of a chosen id; until its name is read, a stand-in ('#id' if it cannot be). */
  const itemOf = useCallback(
    (id: number): ChoiceItem => {
      const stand = failed.split(',').includes(String(id)) ? `#${id}` : '';
      return known.get(id) ?? { id, nameAr: stand, nameEn: stand };
    },
    [known, failed],
  );
  const remember = (item: ChoiceItem) => {
    if (!known.has(item.id)) setKnown(new Map([...known, [item.id, item] as const]));
  };

  const language = i18n.language;
  const more = list.data && list.data.count > list.data.items.length ? list.data : null;
  return {
    itemOf,
    remember,
    more: more && t('admin.choice.more', { shown: more.items.length, count: more.count }),
    autocomplete: {
      options: offered,
      onInputChange: (_event: unknown, text: string, reason: string) =>
        setTyped(reason === 'input' ? text : ''),
      getOptionLabel: (item: ChoiceItem) => choiceLabel(item, language),
      isOptionEqualToValue: (a: ChoiceItem, b: ChoiceItem) => a.id === b.id,
      getOptionKey: (item: ChoiceItem) => item.id,
      // The server has already matched the typed text against both names.
      filterOptions: (options: ChoiceItem[]) => options,
      loading: list.isFetching,
      loadingText: t('admin.choice.searching'),
      noOptionsText: t('admin.choice.noMatches'),
      clearText: t('admin.choice.clear'),
      openText: t('admin.choice.open'),
      closeText: t('admin.choice.close'),
      slots: { paper: ChoicePaper },
    },
  };
}
