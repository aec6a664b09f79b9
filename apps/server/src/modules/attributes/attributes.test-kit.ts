import type { Activity } from '@dalil/contracts/activity';
import { expect } from 'vitest';
import { body, type TestApp } from '../../../test/harness';
import { client, type Method } from '../../../test/client';

/**
 * The calls the attribute tests make, as the admin unless another token is given: each checks the
 * status a success answers and returns the body.
 */
export function adminCalls(app: () => TestApp, adminToken: () => string) {
  const api = client(app);
  // An empty token sends none.
  const call = (method: Method, url: string, token: string | undefined = adminToken(), payload?: object) =>
    api.as(token || undefined).send(method, url, payload);
  const made = async <T = { id: number }>(url: string, payload: object, token = adminToken()) => {
    const res = await call('POST', url, token, payload);
    expect(res.statusCode, res.body).toBe(201);
    return body(res) as T;
  };
  const put = async <T>(url: string, payload: object) => {
    const res = await call('PUT', url, adminToken(), payload);
    expect(res.statusCode, res.body).toBe(200);
    return body(res) as T;
  };
  /** A JSON Merge Patch of the fields given: the others stay as they are. */
  const patch = async <T>(url: string, payload: object) => {
    const res = await call('PATCH', url, adminToken(), payload);
    expect(res.statusCode, res.body).toBe(200);
    return body(res) as T;
  };
  const read = async <T>(url: string, token = adminToken()) => {
    const res = await call('GET', url, token);
    expect(res.statusCode, res.body).toBe(200);
    return body(res) as T;
  };
  /** The history's latest entry. */
  const newest = async () => (await read<{ data: Activity[] }>('/api/activity?limit=1')).data[0]!;
  const revert = async (entry: Activity) => {
    const res = await call('POST', `/api/activity/${entry.id}/revert`);
    expect(res.statusCode, res.body).toBe(200);
  };
  return { call, made, put, patch, read, newest, revert };
}
