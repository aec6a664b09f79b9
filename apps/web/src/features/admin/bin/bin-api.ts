import { API_PATHS, withParams } from '@dalil/contracts/api-paths';
import type { BinCounts, BinEntry, BinEntryDetail, BinList, BinRestored } from '@dalil/contracts/bin';
import { apiRequest } from '../../../lib/api-client';

/** The recycle bin's calls; paths from the contracts. */
export const binApi = {
  list: (page: { limit: number; skip: number }, signal?: AbortSignal) =>
    apiRequest<BinList>(API_PATHS.bin, { query: page, signal }),
  one: (id: number, signal?: AbortSignal) =>
    apiRequest<BinEntryDetail>(withParams(API_PATHS.binEntry, { id }), { signal }),
  restore: (id: number) =>
    apiRequest<BinRestored>(withParams(API_PATHS.binRestore, { id }), { method: 'POST' }),
  remove: (id: number) => apiRequest<null>(withParams(API_PATHS.binEntry, { id }), { method: 'DELETE' }),
  empty: () => apiRequest<null>(API_PATHS.bin, { method: 'DELETE' }),
};

/** The kinds of record an entry counts, in the order the screen names them. */
const COUNTED = ['families', 'categories', 'subCategories', 'products', 'synonyms'] as const;

/** What the entry's record was: a sub-category is a category with a parent. */
export const kindOf = (entry: Pick<BinEntry, 'entity' | 'parent'>) =>
  entry.entity === 'category' && entry.parent !== null ? 'subCategory' : entry.entity;

const COUNTED_AS = {
  family: 'families',
  category: 'categories',
  subCategory: 'subCategories',
  product: 'products',
} as const;

/** What an entry holds besides its own record, without the zeros, as [kind, number] pairs. */
export function heldWith(entry: Pick<BinEntry, 'entity' | 'parent' | 'counts'>) {
  const counts: BinCounts = { ...entry.counts };
  counts[COUNTED_AS[kindOf(entry)]] -= 1;
  return COUNTED.map((kind) => [kind, counts[kind]] as const).filter(([, n]) => n > 0);
}
