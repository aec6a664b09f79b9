import type { PublicConfig } from '@dalil/contracts/config';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { setMediaBase } from './media';
import { apiPaths } from './paths';
import { checkResponse } from './response-check';

async function fetchConfig(signal: AbortSignal): Promise<PublicConfig> {
  const config = checkResponse('config', await apiRequest<unknown>(apiPaths.config, { signal }));
  setMediaBase(config.mediaBaseUrl);
  return config;
}

/** GET /api/config: guest access, holding name and media base; fixed for the life of the page. */
export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => fetchConfig(signal),
  staleTime: Infinity,
});
