import type { ResourceDeclaration, ResourceSchemas } from '@dalil/contracts/resources';
import { resourcePaths } from '@dalil/contracts/resources';
import type { z } from 'zod';
import type { ListQuery } from '../../../components/list-kit';
import { apiRequest, type ApiRequestOptions } from '../../../lib/api-client';
import type { AdminResourceKey } from '../../../lib/admin-screens';
import { resourceDeclarations } from './resource-declarations';

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
    apiRequest<unknown>(path, options).then(
      (answer) => (schemas[name] as z.ZodType).parse(answer) as z.output<S[T]>,
    );
  return {
    list: (query: ListQuery, signal?: AbortSignal) => get('list', paths.list, { query, signal }),
    one: (id: number, signal?: AbortSignal) => get('detail', paths.read(id), { signal }),
    create: (body: z.input<S['createBody']>) => get('item', paths.list, { method: 'POST', body }),
    update: (id: number, body: z.input<S['updateBody']>) =>
      get('item', paths.one(id), { method: 'PUT', body }),
    remove: (id: number) => apiRequest<void>(paths.one(id), { method: 'DELETE' }),
  };
}

type Declaration<K extends AdminResourceKey> = (typeof resourceDeclarations)[K];
export type ResourceApi<K extends AdminResourceKey> = ReturnType<
  typeof resourceApi<Declaration<K>['schemas']>
>;

/** One client per admin resource: `resourceApis.families.list(query)`. */
export const resourceApis = Object.fromEntries(
  Object.entries(resourceDeclarations).map(([key, declaration]) => [
    key,
    resourceApi(declaration as ResourceDeclaration),
  ]),
) as unknown as { [K in AdminResourceKey]: ResourceApi<K> };
