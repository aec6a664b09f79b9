import type {
  OperationDeclaration,
  Operations,
  ResourceDeclaration,
  ResourceSchemas,
} from '@dalil/contracts/resources';
import { resourcePaths } from '@dalil/contracts/resources';
import { withParams } from '@dalil/contracts/api-paths';
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

type Input<T> = T extends z.ZodType ? z.input<T> : undefined;

/** What a custom operation's call takes: the path's parameters, the query and the body it declares. */
type OperationCall<O extends OperationDeclaration> = {
  params: O['params'] extends z.ZodType
    ? z.input<O['params']>
    : O['path'] extends `/:id${string}`
      ? { id: number }
      : undefined;
  query: Input<O['query']>;
  body: Input<O['body']>;
};
type Given<O extends OperationDeclaration> = {
  [P in keyof OperationCall<O> as OperationCall<O>[P] extends undefined ? never : P]: OperationCall<O>[P];
} & { signal?: AbortSignal };
type Answer<O extends OperationDeclaration> = O['answer'] extends z.ZodType ? z.output<O['answer']> : null;

/**
 * The calls of a resource's custom operations, by their declared names, each answer parsed with the
 * operation's `answer` schema: `resourceApis.feeds.run({ params: { id } })`.
 */
function operationApi<O extends Operations>(
  resource: ResourceDeclaration<ResourceSchemas, string, string, O>,
) {
  return Object.fromEntries(
    Object.entries(resource.operations).map(([name, operation]) => {
      const call = (
        given: {
          params?: Record<string, string | number>;
          query?: object;
          body?: unknown;
          signal?: AbortSignal;
        } = {},
      ) => {
        const path = withParams(`${resource.path}${operation.path}`, given.params ?? {});
        const options: ApiRequestOptions = {
          method: operation.method,
          ...(given.body !== undefined ? { body: given.body } : {}),
          ...(given.query ? { query: given.query as ApiRequestOptions['query'] } : {}),
          ...(given.signal ? { signal: given.signal } : {}),
        };
        return operation.answer
          ? checkedRequest(operation.answer, path, options)
          : apiRequest<null>(path, options);
      };
      return [name, call];
    }),
  ) as { [N in keyof O]: (given: Given<O[N]>) => Promise<Answer<O[N]>> };
}

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
/**
 * A resource's client: the CRUD calls of its schemas (a resource without some CRUD operation has no
 * route behind that call, and its screens do not make it) and its custom operations' calls.
 */
export type ResourceApi<K extends AdminResourceKey> = ReturnType<
  typeof resourceApi<Declaration<K>['schemas']>
> &
  ReturnType<typeof operationApi<Declaration<K>['operations']>>;

/** One client per admin resource: `resourceApis.families.list(query)`. */
export const resourceApis = Object.fromEntries(
  Object.entries(ADMIN_RESOURCE_DECLARATIONS).map(([key, declaration]) => [
    key,
    {
      ...resourceApi(declaration as ResourceDeclaration),
      ...operationApi(declaration as ResourceDeclaration),
    },
  ]),
) as unknown as { [K in AdminResourceKey]: ResourceApi<K> };
