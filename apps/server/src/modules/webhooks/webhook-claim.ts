import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeNamed } from '../../db/prepared';

/** Deliveries claimed per round. */
export const BATCH = 256;

export interface Claimed {
  id: number;
  subscription_id: number;
  attempts: number;
  first_attempt_at: string | Date | null;
  message_id: string;
  body: string;
  url: string;
  secret: string;
  /** The process whose lease on the delivery ran out before it recorded an attempt; null: none. */
  taken_from: string | null;
}

/**
 * Leases up to BATCH due deliveries of enabled subscriptions to `owner` until `until` (FOR UPDATE
 * SKIP LOCKED: two processes never claim the same one). A delivery waits while an earlier one of the
 * same record to the same subscription is still pending, so a receiver sees a record's events in
 * order. A lease is let go when the round records its attempt; one still set but run out belonged to
 * a round whose process died, which the answer names (`taken_from`).
 */
export function claimDeliveries(db: Db, now: Date, until: Date, owner: string): Promise<Claimed[]> {
  return executeNamed<Claimed>(
    db,
    'webhook-claim',
    sql`
    with picked as (
      select p.id, p.leased_until as prior_until, p.leased_by as prior_by from webhook_deliveries p
      join webhook_subscriptions s on s.id = p.subscription_id and s.enabled
      where p.state = 'pending'
        and (p.next_attempt_at is null or p.next_attempt_at <= ${now.toISOString()}::timestamptz)
        and (p.leased_until is null or p.leased_until <= ${now.toISOString()}::timestamptz)
        and (p.key is null or not exists (
          select 1 from webhook_deliveries e
          where e.subscription_id = p.subscription_id and e.key = p.key
            and e.state = 'pending' and e.id < p.id))
      order by p.id
      limit ${BATCH}
      for update of p skip locked),
    claimed as (
      update webhook_deliveries d set leased_until = ${until.toISOString()}::timestamptz,
        leased_by = ${owner}::text
      from picked where d.id = picked.id
      returning d.id, d.subscription_id, d.message_id, d.attempts, d.first_attempt_at,
        case when picked.prior_until is null then null else coalesce(picked.prior_by, 'unknown') end
          as taken_from)
    select c.id, c.subscription_id, c.attempts, c.first_attempt_at, m.message_id, m.body, s.url, s.secret,
      c.taken_from
    from claimed c
    join webhook_messages m on m.id = c.message_id
    join webhook_subscriptions s on s.id = c.subscription_id
    order by c.id`,
  );
}
