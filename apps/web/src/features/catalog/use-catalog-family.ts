import type { Family } from '@dalil/contracts/families';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { isApiError } from '../../lib/api-error';
import { checkResponse } from '../../lib/response-check';
import { familyQuery } from './catalog-api';
import { restoreFamily, useCatalogStore } from './catalog-store';

export type CatalogFamilyState =
  | { status: 'ready'; family: Family }
  | { status: 'loading' }
  /** Nothing chosen, or the chosen family no longer exists: the visitor goes to the chooser. */
  | { status: 'missing' };

const sameFamily = (a: Family, b: Family) =>
  a.nameAr === b.nameAr &&
  a.nameEn === b.nameEn &&
  a.logo === b.logo &&
  a.image === b.image &&
  a.cover === b.cover;

/**
 * The family a catalogue screen shows: the one the link names (a shared link works for a new
 * visitor), else the one in state, else the one in local storage. The stored family is shown at
 * once, and the server is always asked (cached like every catalogue read): a renamed family shows
 * its new name and images, a deleted one (404) sends the visitor to the chooser. When the server
 * cannot be reached, the stored family stays.
 */
export function useCatalogFamily(wantedId: number | null): CatalogFamilyState {
  const inState = useCatalogStore((s) => s.selectedFamily);
  const selectFamily = useCatalogStore((s) => s.selectFamily);
  const stored = inState ?? restoreFamily();
  const id = wantedId ?? stored?.id ?? null;
  const fetched = useQuery({ ...familyQuery(id ?? 0), enabled: id !== null });
  const fresh = useMemo(() => (fetched.data ? checkResponse('family', fetched.data) : null), [fetched.data]);
  const known = stored?.id === id ? stored : null;

  useEffect(() => {
    if (fresh && (!known || !sameFamily(known, fresh) || !inState)) selectFamily(fresh);
    else if (!inState && known) selectFamily(known);
  }, [fresh, known, inState, selectFamily]);

  if (id === null) return { status: 'missing' };
  if (fetched.isError && isApiError(fetched.error) && fetched.error.status === 404)
    return { status: 'missing' };
  if (fresh) return { status: 'ready', family: fresh };
  if (known) return { status: 'ready', family: known };
  if (fetched.isError) return { status: 'missing' };
  return { status: 'loading' };
}
