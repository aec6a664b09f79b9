import type { ResourceDeclaration, ResourceSchemas } from '@dalil/contracts/resources';
import { resourcePaths } from '@dalil/contracts/resources';
import type { z } from 'zod';
import type { ListQuery } from '../../../components/list-kit';
import { apiRequest, type ApiRequestOptions } from '../../../lib/api-client';
import { checkedRequest } from './checked-request';
import type { AdminResourceKey } from '@dalil/contracts/admin-resources';
import { ADMIN_RESOURCE_DECLARATIONS } from '@dalil/contracts/admin-resources';

/** The version (`ETag`) each record read from the server was at, to send back with its update. */
const versions = new WeakMap<object, string>();

/** The version a record was read at, if the server said. */
export const versionOf = (record: unknown): string | undefined =>
  typeof record === 'object' && record !== null ? versions.get(record) : undefined;

/**
 * The five calls of an admin resource, typed and checked by its contract declaration: paths from
 * `resourcePaths`, answers parsed with the declared schemas (an answer of the wrong shape fails here,
 * not deep in a component).
 */
function resourceApi<S extends ResourceSchemas>(resource: ResourceDeclaration<S>) {
  const paths = resourcePaths(resource);
  const { schemas } = resource;
  // One checked cast: each answer is parsed with the schema that the return type names.
  const get = <T extends keyof ResourceSchemas>(name: T, path: string, options: ApiRequestOptions) =>
    checkedRequest(schemas[name] as z.ZodType, path, options) as Promise<z.output<S[T]>>;
  return {
    list: (query: ListQuery, signal?: AbortSignal) => get('list', paths.list, { query, signal }),
    one: async (id: number, signal?: AbortSignal) => {
      let etag: string | null = null;
      const record = await get('detail', paths.read(id), {
        signal,
        onHeaders: (h) => (etag = h.get('etag')),
      });
      if (etag && typeof record === 'object' && record !== null) versions.set(record, etag);
      return record;
    },
    create: (body: z.input<S['createBody']>) => get('item', paths.list, { method: 'POST', body }),
    /** With `version`, the server refuses (412) when someone saved the record since it was read. */
    update: (id: number, body: z.input<S['updateBody']>, version?: string) =>
      get('item', paths.one(id), {
        method: 'PUT',
        body,
        ...(version ? { headers: { 'If-Match': version } } : {}),
      }),
    remove: (id: number) => apiRequest<void>(paths.one(id), { method: 'DELETE' }),
  };
}

type Declaration<K extends AdminResourceKey> = (typeof ADMIN_RESOURCE_DECLARATIONS)[K];
export type ResourceApi<K extends AdminResourceKey> = ReturnType<
  typeof resourceApi<Declaration<K>['schemas']>
>;

/** One client per admin resource: `resourceApis.families.list(query)`. */
export const resourceApis = Object.fromEntries(
  Object.entries(ADMIN_RESOURCE_DECLARATIONS).map(([key, declaration]) => [
    key,
    resourceApi(declaration as ResourceDeclaration),
  ]),
) as unknown as { [K in AdminResourceKey]: ResourceApi<K> };
