import type { Family } from '@dalil/contracts/families';
import { create } from 'zustand';
import { hasShape } from '../../lib/response-check';
import { readJson, readString, writeJson, writeString } from '../../lib/storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';

// The family filter and the selected family are mirrored to local storage, so a reload (or a visit
// days later) comes back to the same company. The last catalogue query (search,
// category, page) is kept too, so the product page's back button and the brand link return to it.
const CATALOG_KEYS = {
  family: STORAGE_KEYS.family,
  selectedFamily: STORAGE_KEYS.selectedFamily,
  lastQuery: STORAGE_KEYS.catalogQuery,
} as const;

const isFamily = (value: unknown): value is Family => hasShape('family', value);

export function restoreFamily(): Family | null {
  const family = readJson(CATALOG_KEYS.selectedFamily, isFamily);
  // Both keys must agree: a family id without its object (or another one) counts as not chosen.
  return family && readString(CATALOG_KEYS.family) === String(family.id) ? family : null;
}

interface CatalogState {
  selectedFamily: Family | null;
  /** The catalogue main query string (with its leading '?') last shown for the selected family. */
  lastQuery: string;
  selectFamily: (family: Family) => void;
  rememberQuery: (query: string) => void;
}

export const useCatalogStore = create<CatalogState>((set) => ({
  selectedFamily: restoreFamily(),
  lastQuery: readString(CATALOG_KEYS.lastQuery) ?? '',
  // lastQuery names its family, so a query of another family is simply not reused.
  selectFamily: (family) => set({ selectedFamily: family }),
  rememberQuery: (query) => set({ lastQuery: query }),
}));

useCatalogStore.subscribe((state) => {
  writeString(CATALOG_KEYS.family, state.selectedFamily ? String(state.selectedFamily.id) : null);
  writeJson(CATALOG_KEYS.selectedFamily, state.selectedFamily);
  writeString(CATALOG_KEYS.lastQuery, state.lastQuery || null);
});
