import { resourcePaths } from '@dalil/contracts/resources';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_RESOURCE_DECLARATIONS } from '@dalil/contracts/admin-resources';

/** What a family or category choice offers: the record's id and its two names. */
export interface ChoiceItem {
  id: number;
  nameAr: string;
  nameEn: string;
  /** A family's barcode rule, as the family answers it (the product form reads it). */
  requireValidGtin?: boolean;
}

export type ChoiceResource = 'families' | 'categories';

/**
 * Which categories a choice offers: those of one family, `parent` 'none' for the top-level ones or
 * an id for the sub-categories of that category. Families take no scope.
 */
export interface ChoiceScope {
  family?: number;
  parent?: 'none' | number;
}

const pathsOf = (resource: ChoiceResource) => resourcePaths(ADMIN_RESOURCE_DECLARATIONS[resource]);

/** A choice offers this many records at a time; typing asks the server for the others by name. */
const OFFERED = 20;

/** The records whose Arabic or English name holds `search`, the first OFFERED of them. */
export function choiceListQuery(resource: ChoiceResource, scope: ChoiceScope, search: string) {
  return queryOptions({
    queryKey: [resource, 'choice', scope, search],
    queryFn: async ({ signal }) => {
      const query = { limit: OFFERED, skip: 0, search: search || undefined, ...scope };
      const page = await apiRequest<{ data: ChoiceItem[]; count: number }>(pathsOf(resource).list, {
        query,
        signal,
      });
      return { items: page.data, count: page.count };
    },
  });
}

/**
 * One record's names, for a chosen value that is not among the records offered (an edit form whose
 * category is the 150th of its family).
 */
export function choiceNameQuery(resource: ChoiceResource, id: number) {
  return queryOptions({
    queryKey: [resource, 'choice-name', id],
    queryFn: ({ signal }) => apiRequest<ChoiceItem>(pathsOf(resource).read(id), { signal }),
    staleTime: 60_000,
  });
}

/** The record's name in the UI language. */
export const choiceLabel = (item: ChoiceItem, language: string) =>
  language === 'ar' ? item.nameAr : item.nameEn;

/**
 * A choice's form or URL value as an id, null for none: forms hold '' for none (the shared schema
 * then says it is required), URLs hold text (anything but an id there means none).
 */
export function chosenId(value: unknown): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}
