import { ADMIN_RESOURCES } from '@dalil/contracts/admin-resources';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

interface Operation {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, { content?: unknown }>;
}
type Document = { paths: Record<string, Record<string, Operation>>; servers?: unknown[] };

let t: TestApp;
let source: string;
let operations: [string, Operation][];

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  source = res.body;
  const doc = JSON.parse(source) as Document;
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${path}`, op]),
  );
});
afterAll(() => t.close());

describe('GET /api/docs/json', () => {
  it('passes the recommended OpenAPI lint rules with no error', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);
    expect(errors).toEqual([]);
  });

  it('names every operation once', () => {
    expect(operations.length).toBeGreaterThan(30);
    const missing = operations.filter(([, op]) => !op.operationId).map(([name]) => name);
    expect(missing).toEqual([]);
    const ids = operations.map(([, op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('asks no token of the public operations, and a bearer token of every other', () => {
    const open = operations.filter(([, op]) => op.security?.length === 0).map(([, op]) => op.operationId);
    expect(open.sort()).toEqual(['adminLogin', 'getConfig', 'health', 'ready', 'userLogin']);
    const doc = JSON.parse(source) as Document & { security: unknown[] };
    expect(doc.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
  });

  it('offers the session token only where no API key is let in', () => {
    const tokenOnly = operations.filter(([, op]) => op.security?.length === 1).map(([name]) => name);
    expect(tokenOnly).toEqual(
      expect.arrayContaining([
        'PUT /api/user/{id}',
        'POST /api/api-key',
        'DELETE /api/api-key/{id}',
        'POST /api/logout',
        'POST /api/webhook',
        'GET /api/webhook/{id}/deliveries',
        'POST /api/feed',
        'POST /api/feed/{id}/run',
      ]),
    );
    expect(tokenOnly.filter((name) => !/ \/api\/(user|api-key|webhook|feed|logout)\b/.test(name))).toEqual(
      [],
    );
  });

  it('documents the API key operations', () => {
    const ids = operations.map(([, op]) => op.operationId);
    expect(ids).toEqual(expect.arrayContaining(['listApiKeys', 'createApiKey', 'revokeApiKey']));
  });

  it('documents the webhook operations and the body of each event', () => {
    const ids = operations.map(([, op]) => op.operationId);
    expect(ids).toEqual(
      expect.arrayContaining([
        'listWebhooks',
        'createWebhook',
        'getWebhook',
        'updateWebhook',
        'deleteWebhook',
        'listWebhookDeliveries',
        'resendWebhookMessage',
      ]),
    );
    type Schema = { properties: Record<string, { enum?: string[]; properties?: Record<string, unknown> }> };
    const schemas = (JSON.parse(source) as { components: { schemas: Record<string, Schema> } }).components
      .schemas;
    expect(
      Object.keys(schemas)
        .filter((name) => name.startsWith('Webhook'))
        .sort(),
    ).toEqual(
      [
        'WebhookCategoryCreated',
        'WebhookCategoryDeleted',
        'WebhookCategoryUpdated',
        'WebhookFamilyCreated',
        'WebhookFamilyDeleted',
        'WebhookFamilyPublished',
        'WebhookFamilyUpdated',
        'WebhookImageJobCompleted',
        'WebhookImportCompleted',
        'WebhookProductCreated',
        'WebhookProductDeleted',
        'WebhookProductPublished',
        'WebhookProductUpdated',
      ].sort(),
    );
    expect(schemas.WebhookProductDeleted!.properties.type!.enum).toEqual(['product.deleted']);
    expect(Object.keys(schemas.WebhookProductDeleted!.properties.data!.properties!)).toEqual(
      expect.arrayContaining(['id', 'family', 'category', 'barcode', 'nameAr', 'nameEn']),
    );
    expect(Object.keys(schemas.WebhookImportCompleted!.properties.data!.properties!)).toEqual(
      expect.arrayContaining(['id', 'family', 'counts', 'failed']),
    );
  });

  it('documents the attribute operations and the food-labelling set', () => {
    const ids = operations.map(([, op]) => op.operationId);
    expect(ids).toEqual(
      expect.arrayContaining([
        'listAttributes',
        'createAttribute',
        'getAttribute',
        'updateAttribute',
        'deleteAttribute',
        'addFoodAttributeSet',
      ]),
    );
  });

  it('documents the scheduled feed operations', () => {
    const ids = operations.map(([, op]) => op.operationId);
    expect(ids).toEqual(
      expect.arrayContaining(['listFeeds', 'createFeed', 'readFeed', 'updateFeed', 'deleteFeed', 'runFeed']),
    );
  });

  it('documents the API key and webhook operations by the same ids, paths, statuses and tags as before', () => {
    const documented = (id: string) => {
      const found = operations.find(([, op]) => op.operationId === id);
      if (!found) return undefined;
      const [name, op] = found;
      const success = Object.keys(op.responses).filter((code) => code.startsWith('2'));
      return { name, success, tags: (op as Operation & { tags?: string[] }).tags };
    };
    const keys = { tags: ['api keys'] };
    const hooks = { tags: ['webhooks'] };
    expect({
      listApiKeys: documented('listApiKeys'),
      createApiKey: documented('createApiKey'),
      revokeApiKey: documented('revokeApiKey'),
      listWebhooks: documented('listWebhooks'),
      createWebhook: documented('createWebhook'),
      getWebhook: documented('getWebhook'),
      updateWebhook: documented('updateWebhook'),
      deleteWebhook: documented('deleteWebhook'),
      listWebhookDeliveries: documented('listWebhookDeliveries'),
      resendWebhookMessage: documented('resendWebhookMessage'),
    }).toEqual({
      listApiKeys: { name: 'GET /api/api-key', success: ['200'], ...keys },
      createApiKey: { name: 'POST /api/api-key', success: ['201'], ...keys },
      revokeApiKey: { name: 'DELETE /api/api-key/{id}', success: ['204'], ...keys },
      listWebhooks: { name: 'GET /api/webhook', success: ['200'], ...hooks },
      createWebhook: { name: 'POST /api/webhook', success: ['201'], ...hooks },
      getWebhook: { name: 'GET /api/webhook/{id}', success: ['200'], ...hooks },
      updateWebhook: { name: 'PATCH /api/webhook/{id}', success: ['200'], ...hooks },
      deleteWebhook: { name: 'DELETE /api/webhook/{id}', success: ['204'], ...hooks },
      listWebhookDeliveries: { name: 'GET /api/webhook/{id}/deliveries', success: ['200'], ...hooks },
      resendWebhookMessage: {
        name: 'POST /api/webhook/{id}/deliveries/{messageId}/resend',
        success: ['202'],
        ...hooks,
      },
    });
    // Neither has a PUT, nor any other operation of its own.
    const theirs = operations.filter(([name]) => / \/api\/(api-key|webhook)(\/|$)/.test(name));
    expect(theirs).toHaveLength(10);
  });

  it('documents a delete as 204 with no body', () => {
    const deletes = operations.filter(([name]) => name.startsWith('DELETE '));
    // Every admin resource's, and the other deletes (API keys, webhooks, feeds, the bin, ...).
    const resourceDeletes = ADMIN_RESOURCES.map((resource) => `DELETE /api${resource.path}/{id}`);
    expect(deletes.map(([name]) => name)).toEqual(expect.arrayContaining(resourceDeletes));
    expect(deletes.length).toBeGreaterThan(resourceDeletes.length);
    for (const [name, op] of deletes) {
      expect(op.responses['204'], name).toBeDefined();
      expect(op.responses['204']?.content, name).toBeUndefined();
    }
  });
});
