import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { resultRows } from '../../lib/db-helpers';
import type { WebhookBacklog } from '../../lib/metrics-jobs';

/**
 * The outbox's backlog for the metrics, read at each scrape in one statement: how many deliveries to
 * enabled subscriptions are pending (a turned-off subscription keeps its deliveries pending, but they
 * wait for an admin, not for the sender), and how long ago the oldest one's event was written (by
 * the database's clock; a message sent again counts from when it was first written). It reads the
 * pending deliveries through their partial index and looks up one message: `min` over an array, not
 * over the id, so the planner cannot walk the primary key through every delivered row to find it.
 */
export async function webhookBacklog(db: Db): Promise<WebhookBacklog> {
  const result = await db.execute(sql`
    select p.pending, coalesce(extract(epoch from now() - m.at), 0)::float8 as oldest
    from (
      select count(*)::int as pending, min(array[d.id, d.message_id]) as first
      from webhook_deliveries d
      join webhook_subscriptions s on s.id = d.subscription_id and s.enabled
      where d.state = 'pending') p
    left join webhook_messages m on m.id = p.first[2]`);
  const [row] = resultRows<{ pending: number; oldest: number }>(result);
  return { pending: row?.pending ?? 0, oldestSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
}
