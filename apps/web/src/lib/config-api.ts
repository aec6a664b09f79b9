import { PublicConfigSchema, type PublicConfig } from '@dalil/contracts/config';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { apiPaths } from './paths';

async function fetchConfig(signal: AbortSignal): Promise<PublicConfig> {
  return PublicConfigSchema.parse(await apiRequest<unknown>(apiPaths.config, { signal }));
}

/** GET /api/config: guest access, holding name and media base; fixed for the life of the page. */
export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => fetchConfig(signal),
  staleTime: Infinity,
});
