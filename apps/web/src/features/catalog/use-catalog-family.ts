import { FamilySchema, type Family } from '@dalil/contracts/families';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { familyQuery } from './catalog-api';
import { restoreFamily, useCatalogStore } from './catalog-store';

export type CatalogFamilyState =
  | { status: 'ready'; family: Family }
  | { status: 'loading' }
  /** Nothing chosen in state, in storage or in the link: the visitor goes to the chooser. */
  | { status: 'missing' };

/**
 * The family a catalogue screen shows: the one the link names (a shared link
 * works for a new visitor), else the one in state, else the one in local storage. A family that is
 * not the selected one is fetched and becomes the selected family.
 */
export function useCatalogFamily(wantedId: number | null): CatalogFamilyState {
  const inState = useCatalogStore((s) => s.selectedFamily);
  const selectFamily = useCatalogStore((s) => s.selectFamily);
  const stored = inState ?? restoreFamily();
  const id = wantedId ?? stored?.id ?? null;
  const needsFetch = id !== null && stored?.id !== id;
  const fetched = useQuery({ ...familyQuery(id ?? 0), enabled: needsFetch });

  useEffect(() => {
    if (needsFetch && fetched.data) selectFamily(FamilySchema.parse(fetched.data));
    else if (!inState && stored) selectFamily(stored);
  }, [needsFetch, fetched.data, inState, stored, selectFamily]);

  if (id === null) return { status: 'missing' };
  if (!needsFetch && stored) return { status: 'ready', family: stored };
  if (fetched.isError) return { status: 'missing' };
  return fetched.data ? { status: 'ready', family: FamilySchema.parse(fetched.data) } : { status: 'loading' };
}
