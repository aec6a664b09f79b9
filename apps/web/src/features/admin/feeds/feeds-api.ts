import { API_PATHS, withParams } from '@dalil/contracts/api-paths';
import { FeedListSchema, FeedSchema, type Feed } from '@dalil/contracts/feeds';
import { apiRequest } from '../../../lib/api-client';
import { checkedRequest } from '../resource-kit/checked-request';

/** What the feed form sends: every field on create; the family stays out of a change. */
export interface FeedBody {
  family: number;
  url: string;
  schedule: string;
  timeZone: string;
  mode: Feed['mode'];
}

/** The scheduled feeds' calls (docs/decisions/0052-scheduled-feeds.md); paths from the contracts. */
export const feedsApi = {
  list: (family: number | null, signal?: AbortSignal) =>
    checkedRequest(FeedListSchema, API_PATHS.feeds, { query: family === null ? {} : { family }, signal }),
  create: (body: FeedBody) => checkedRequest(FeedSchema, API_PATHS.feeds, { method: 'POST', body }),
  update: (id: number, body: Omit<FeedBody, 'family'>) =>
    checkedRequest(FeedSchema, withParams(API_PATHS.feed, { id }), { method: 'PATCH', body }),
  remove: (id: number) => apiRequest<null>(withParams(API_PATHS.feed, { id }), { method: 'DELETE' }),
  run: (id: number) => checkedRequest(FeedSchema, withParams(API_PATHS.feedRun, { id }), { method: 'POST' }),
};

/** This browser's time zone, the form's first choice. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every time zone this browser knows, for the form's suggestions. */
export const timeZones = (): string[] => {
  const known = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone');
  return known && known.length > 0 ? ['UTC', ...known.filter((zone) => zone !== 'UTC')] : ['UTC'];
};
