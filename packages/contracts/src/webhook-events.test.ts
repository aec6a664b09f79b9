import { describe, expect, it } from 'vitest';
import { DATA_RESOURCES } from './data-resources';
import type { z } from 'zod';
import { CategorySchema } from './categories';
import { FamilySchema } from './families';
import { ProductSchema } from './products';
import { WEBHOOK_EVENTS, WEBHOOK_PAYLOAD_SCHEMAS } from './webhook-events';

describe('the webhook event types', () => {
  it('are the actions the data resources announce, then the runs that ended', () => {
    expect(WEBHOOK_EVENTS).toEqual([
      'family.created',
      'family.updated',
      'family.deleted',
      'family.published',
      'category.created',
      'category.updated',
      'category.deleted',
      'product.created',
      'product.updated',
      'product.deleted',
      'product.published',
      'import.completed',
      'image-job.completed',
    ]);
    // A resource whose declaration announces nothing has no event type.
    const silent = DATA_RESOURCES.filter((r) => !r.events).map((r) => r.history.entity);
    expect(silent).toEqual(['user', 'synonym', 'attribute']);
    for (const entity of silent) expect(WEBHOOK_EVENTS.some((e) => e.startsWith(`${entity}.`))).toBe(false);
  });

  it('each have a body: the record as the API shows it, or what the declaration says', () => {
    expect(Object.keys(WEBHOOK_PAYLOAD_SCHEMAS)).toEqual([...WEBHOOK_EVENTS]);
    const dataOf = (type: keyof typeof WEBHOOK_PAYLOAD_SCHEMAS) =>
      (WEBHOOK_PAYLOAD_SCHEMAS[type] as z.ZodObject).shape.data as z.ZodType;
    expect(dataOf('product.updated')).toBe(ProductSchema);
    expect(dataOf('category.deleted')).toBe(CategorySchema);
    // A family's messages carry it as their own family.
    expect(Object.keys((dataOf('family.created') as z.ZodObject).shape)).toEqual([
      ...Object.keys(FamilySchema.shape),
      'family',
    ]);
    const body = { type: 'import.completed', timestamp: '2026-12-07T00:00:00.000Z', data: {} };
    expect(() => WEBHOOK_PAYLOAD_SCHEMAS['import.completed'].parse(body)).toThrow(/fileName/);
    expect(() =>
      WEBHOOK_PAYLOAD_SCHEMAS['product.created'].parse({ ...body, type: 'product.updated' }),
    ).toThrow();
  });
});
