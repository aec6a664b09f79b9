import { MAX_LIST_LIMIT } from '@dalil/contracts/constants';
import type { CategoryList } from '@dalil/contracts/categories';
import type { FamilyList } from '@dalil/contracts/families';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n';
import { apiRequest } from '../../lib/api-client';
import { apiPaths } from '../../lib/paths';
import type { SelectOption } from './form-kit/form-fields';

interface Named {
  id: number;
  nameAr: string;
  nameEn: string;
}

function useNamedOptions(items: Named[] | undefined): SelectOption[] | undefined {
  const { i18n } = useTranslation();
  const arabic = i18n.language === 'ar';
  return items?.map((item) => ({ value: item.id, label: arabic ? item.nameAr : item.nameEn }));
}

/** Families for a choice field or filter (the API's largest page: a holding has a few companies). */
export function useFamilyOptions(options: { optional?: boolean } = {}): SelectOption[] | undefined {
  const families = useQuery({
    // An optional choice (the export card's scope) works without the list: no error shown for it.
    ...(options.optional ? { meta: { handlesErrors: true } } : {}),
    queryKey: ['families', 'options'],
    queryFn: ({ signal }) =>
      apiRequest<FamilyList>(apiPaths.families, { query: { limit: MAX_LIST_LIMIT, skip: 0 }, signal }),
  });
  return useNamedOptions(families.data?.data);
}

type Ref = number | string | undefined | null;
const chosen = (ref: Ref) => ref !== undefined && ref !== null && ref !== '';

/**
 * The categories of one family (a product's Category is chosen after, and from, its Family):
 * `parent` 'none' keeps the top-level ones, an id the sub-categories of that category.
 */
export function useCategoryOptions(family: Ref, parent?: Ref): SelectOption[] | undefined {
  const enabled = chosen(family) && (parent === undefined || chosen(parent));
  const categories = useQuery({
    queryKey: ['categories', 'options', family, parent],
    queryFn: ({ signal }) =>
      apiRequest<CategoryList>(apiPaths.categories, {
        query: {
          limit: MAX_LIST_LIMIT,
          skip: 0,
          family: Number(family),
          ...(parent === undefined ? {} : { parent: parent === 'none' ? 'none' : Number(parent) }),
        },
        signal,
      }),
    enabled,
  });
  return useNamedOptions(enabled ? categories.data?.data : []);
}
