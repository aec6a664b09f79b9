import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { createdObject } from '../../../test/fixtures';
import { startReceiver, verified, type Receiver } from '../../../test/webhook-receiver';
import { announcePublished } from './publish-dates';

// A draft's publish date passing is a change no write announces: the announcer sends
// `product.published` and `family.published`, once, however many processes look.

let t: TestApp;
let receiver: Receiver;
let secret = '';
// The app's clock: it moves only when the test moves it.
let wall = Date.now();
const HOUR = 3600_000;

const api = client(() => t);

beforeAll(async () => {
  t = await createTestApp({
    env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' },
    overrides: { webhooks: { timeoutMs: 2000, pollMs: 50 } },
    clock: () => wall,
  });
  receiver = await startReceiver();
  const hook = await api.as('admin').post('/api/webhook', {
    url: `${receiver.url}/hook`,
    events: ['product.published', 'family.published', 'product.created', 'family.created'],
  });
  expect(hook.statusCode, hook.body).toBe(201);
  secret = hook.json<{ secret: string }>().secret;
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('publish dates', () => {
  it('announces each draft that went live once, with the record, and nothing the write already announced', async () => {
    // The first look only notes the time: dates already past are not news.
    expect(await announcePublished(t.app.ctx)).toBe(0);
    const inAnHour = new Date(wall + HOUR).toISOString();
    const family = await createdObject(api, '/api/family', {
      nameEn: 'Scheduled Co',
      nameAr: 'شركة مجدولة',
      status: 'draft',
      publishAt: inAnHour,
    });
    const category = await createdObject(api, '/api/category', {
      nameEn: 'Soon',
      nameAr: 'قريبًا',
      family: family.id,
    });
    const scheduled = await createdObject(api, '/api/product', {
      nameEn: 'Ramadan box',
      nameAr: 'صندوق رمضان',
      family: family.id,
      category: category.id,
      status: 'draft',
      publishAt: inAnHour,
    });
    // Live from the start (a date already past), and a draft with no date: neither goes live later.
    await createdObject(api, '/api/product', {
      nameEn: 'Old news',
      nameAr: 'قديم',
      family: family.id,
      category: category.id,
      status: 'draft',
      publishAt: new Date(wall - HOUR).toISOString(),
    });
    await createdObject(api, '/api/product', {
      nameEn: 'Undated',
      nameAr: 'بلا تاريخ',
      family: family.id,
      category: category.id,
      status: 'draft',
    });
    // The writes announce themselves: the family and the three products created.
    const writes = (await receiver.waitFor(4)).length;

    // Before the date: nothing. After it: one look in each of two processes at once, one announcement.
    expect(await announcePublished(t.app.ctx)).toBe(0);
    wall += 2 * HOUR;
    const looks = await Promise.all([announcePublished(t.app.ctx), announcePublished(t.app.ctx)]);
    expect(looks.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await announcePublished(t.app.ctx)).toBe(0);

    const received = (await receiver.waitFor(writes + 2)).slice(writes);
    const bodies = received.map((r) => verified(secret, r) as { type: string; data: { id: number } });
    expect(bodies.map((b) => [b.type, b.data.id])).toEqual([
      ['family.published', family.id],
      ['product.published', scheduled.id],
    ]);
    expect(bodies[1]!.data).toMatchObject({ nameEn: 'Ramadan box', family: family.id, publishAt: inAnHour });
    // Nothing more arrives: each date is announced once.
    await t.app.deliverWebhooks();
    expect(receiver.received).toHaveLength(writes + 2);
  });
});
