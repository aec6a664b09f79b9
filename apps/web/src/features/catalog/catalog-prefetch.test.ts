import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { useNotifications } from '../../lib/notifications-store';
import { getToken, setToken } from '../../lib/session';
import { mockApi, unauthorized } from '../../test/fetch-mock';
import { productQuery } from './catalog-api';
import { prefetchStoredCatalog } from './catalog-prefetch';
import { productFixture } from '../../test/catalog-fixtures';

const product = productFixture({ barcode: '6281000000057', image: 'Olives000001.webp' });

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the product page’s prefetch', () => {
  it('puts the product in the cache before the page renders', async () => {
    const requests = mockApi({ 'GET /api/product/5': () => ({ status: 200, body: product }) });
    setToken('valid');
    window.history.replaceState(null, '', '/catalog/main/5');
    const client = createQueryClient();

    prefetchStoredCatalog(client);

    await vi.waitFor(() => expect(client.getQueryData(productQuery(5).queryKey)).toEqual(product));
    expect(requests).toHaveLength(1);
  });

  it('leaves a refused token to the session guard: no sign-out, no notice, the page asks again', async () => {
    mockApi({ 'GET /api/product/5': () => unauthorized });
    setToken('expired');
    window.history.replaceState(null, '', '/catalog/main/5');
    const client = createQueryClient();

    prefetchStoredCatalog(client);

    await vi.waitFor(() => expect(client.getQueryState(productQuery(5).queryKey)?.status).toBe('error'));
    expect(getToken()).toBe('expired');
    expect(useNotifications.getState().current).toBeNull();
    expect(client.getQueryData(productQuery(5).queryKey)).toBeUndefined();
  });

  it('asks nothing without a token or on another page', () => {
    const requests = mockApi({});
    window.history.replaceState(null, '', '/catalog/main/5');
    prefetchStoredCatalog(createQueryClient());
    setToken('valid');
    window.history.replaceState(null, '', '/catalog/family');
    prefetchStoredCatalog(createQueryClient());
    expect(requests).toHaveLength(0);
  });
});
