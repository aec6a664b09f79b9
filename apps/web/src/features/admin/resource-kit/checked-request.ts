import type { z } from 'zod';
import { apiRequest, type ApiRequestOptions } from '../../../lib/api-client';

/**
 * An API call whose answer is parsed with its contract schema: an answer of the wrong shape fails
 * here, naming the field, not deep in a component. Every admin client (the resources', their custom
 * operations', feeds') calls through it; answers without a body (204) use apiRequest itself.
 */
export const checkedRequest = <S extends z.ZodType>(
  schema: S,
  path: string,
  options: ApiRequestOptions = {},
): Promise<z.output<S>> => apiRequest<unknown>(path, options).then((answer) => schema.parse(answer));
