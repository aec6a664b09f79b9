import type { ListPage, ListQuery } from '../../components/list-kit';
import { apiRequest } from '../../lib/api-client';

interface ResourcePaths {
  list: string;
  one: (id: number) => string;
  /** Where GET one lives when it differs from PUT/DELETE (users: /user/profile/:id). */
  read?: (id: number) => string;
}

/** The five calls every admin resource makes (spec section 7), typed once per resource. */
export function resourceApi<TItem, TDetail, TBody>(paths: ResourcePaths) {
  return {
    list: (query: ListQuery, signal?: AbortSignal) =>
      apiRequest<ListPage<TItem>>(paths.list, { query, signal }),
    one: (id: number, signal?: AbortSignal) => apiRequest<TDetail>((paths.read ?? paths.one)(id), { signal }),
    create: (body: TBody) => apiRequest<TItem>(paths.list, { method: 'POST', body }),
    update: (id: number, body: TBody) => apiRequest<TItem>(paths.one(id), { method: 'PUT', body }),
    remove: (id: number) => apiRequest<void>(paths.one(id), { method: 'DELETE' }),
  };
}
