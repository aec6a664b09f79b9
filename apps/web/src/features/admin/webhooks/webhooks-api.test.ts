import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { webhooksApi } from './webhooks-api';

afterEach(() => vi.unstubAllGlobals());

describe('admin clients parse every answer with its contract', () => {
  it('refuse an answer of the wrong shape, naming the field, instead of handing it to a screen', async () => {
    mockApi({ 'GET /api/webhook': () => ({ status: 200, body: { data: [{ id: 'one' }], count: 1 } }) });
    const error = await webhooksApi.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toMatch(/"id"/);
  });

  it('hand over what the contract says (the answer parsed, not merely cast)', async () => {
    mockApi({ 'GET /api/webhook': () => ({ status: 200, body: { data: [], count: 0 } }) });
    await expect(webhooksApi.list()).resolves.toEqual({ data: [], count: 0 });
    mockApi({ 'GET /api/webhook': () => ({ status: 200, body: { data: [], count: 'none' } }) });
    await expect(webhooksApi.list()).rejects.toThrow(/count/);
  });
});
