// The webhook events of the history property test (not a test file itself): a receiver subscribed to
// every event of products, categories and families, and the catalogue those events describe when a
// subscriber replays them (each record as its newest event carries it, or gone after a delete).
import { WEBHOOK_EVENTS, type WebhookCreated } from '@dalil/contracts/webhooks';
import { sql } from 'drizzle-orm';
import { resultRows } from '../src/lib/db-helpers';
import { bearer, type TestApp } from './harness';
import type { Catalogue } from './history-model';
import { startReceiver, verified, type Received, type Receiver } from './webhook-receiver';

export interface EventLog {
  receiver: Receiver;
  subscription: WebhookCreated;
}

const RECORD_EVENTS = WEBHOOK_EVENTS.filter((e) => /^(product|category|family)\./.test(e));

/** Subscribes a new receiver to every record event, for every family. */
export async function subscribeToRecords(t: TestApp, admin: string): Promise<EventLog> {
  const receiver = await startReceiver();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhook',
    headers: bearer(admin),
    payload: { url: receiver.url, events: RECORD_EVENTS },
  });
  if (res.statusCode !== 201) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
  return { receiver, subscription: res.json<WebhookCreated>() };
}

/** Every event written for the subscription so far, once the receiver has had them all. */
export async function delivered(t: TestApp, log: EventLog): Promise<Received[]> {
  const [row] = resultRows<{ n: number }>(
    await t.database.db.execute(
      sql`select count(*)::int as n from webhook_deliveries where subscription_id = ${log.subscription.id}`,
    ),
  );
  return log.receiver.waitFor(row!.n, 30_000);
}

type Data = Record<string, unknown>;
const text = (v: unknown) => (v === undefined ? null : (v as string | null));

/**
 * The catalogue a subscriber holds after applying `events` in the order they arrived (a record's
 * events arrive in the order they were written), each checked against its signature first.
 */
export function replay(events: Received[], secret: string): Catalogue {
  const catalogue: Catalogue = { families: new Map(), categories: new Map(), products: new Map() };
  for (const event of events) {
    const { type, data } = verified(secret, event) as { type: string; data: Data };
    const [entity, what] = type.split('.') as ['product' | 'category' | 'family', string];
    const id = (entity === 'family' ? (data.family ?? data.id) : data.id) as number;
    const table = { product: 'products', category: 'categories', family: 'families' } as const;
    if (what === 'deleted') {
      catalogue[table[entity]].delete(id);
      continue;
    }
    if (entity === 'family')
      catalogue.families.set(id, { nameEn: data.nameEn as string, nameAr: data.nameAr as string });
    else if (entity === 'category')
      catalogue.categories.set(id, {
        family: data.family as number,
        parent: (data.parent ?? null) as number | null,
        nameEn: data.nameEn as string,
        nameAr: data.nameAr as string,
      });
    else
      catalogue.products.set(id, {
        family: data.family as number,
        category: data.category as number,
        subCategory: (data.subCategory ?? null) as number | null,
        nameEn: data.nameEn as string,
        nameAr: data.nameAr as string,
        barcode: text(data.barcode),
        netWeight: text(data.netWeight),
        image: text(data.image),
      });
  }
  return catalogue;
}
