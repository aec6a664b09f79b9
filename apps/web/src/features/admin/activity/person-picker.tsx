import { API_PATHS } from '@dalil/contracts/api-paths';
import type { User, UserList } from '@dalil/contracts/users';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { apiRequest } from '../../../lib/api-client';

/** How long typing pauses before the server is asked, and how many people it offers. */
const SEARCH_PAUSE_MS = 250;
const OFFERED = 20;

/**
 * The Activity page's person filter: the user accounts whose username or names match what is typed,
 * asked of the server as the person types (so every account can be found, however many there are).
 * Only administrators may list accounts: for anyone else the server refuses and the filter is left out.
 */
export function PersonPicker({
  value,
  onChange,
}: {
  value: User | null;
  onChange: (user: User | null) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const users = useQuery({
    queryKey: ['users', 'person-picker', search],
    queryFn: ({ signal }) =>
      apiRequest<UserList>(API_PATHS.users, {
        query: { limit: OFFERED, skip: 0, ...(search ? { search } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
    retry: false,
  });
  if (users.isError) return null;
  return (
    <Autocomplete
      size="small"
      sx={{ width: 200 }}
      options={users.data?.data ?? []}
      value={value}
      onChange={(_event, user) => onChange(user)}
      inputValue={typed}
      // Choosing fills the box with the username: that is not a new search.
      onInputChange={(_event, text, reason) => reason !== 'reset' && setTyped(text)}
      getOptionLabel={(user) => user.username}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(options) => options}
      loading={users.isFetching}
      loadingText={t('admin.history.searching')}
      noOptionsText={t('admin.history.nobody')}
      renderInput={(params) => <TextField {...params} label={t('admin.history.person')} />}
    />
  );
}
