import { WEBHOOK_SECRET_PREFIX } from '@dalil/contracts/webhooks';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { onEnqueued } from '../../lib/webhook-outbox';
import { type Outcome, WebhookSender } from './webhook-sender';

// Sends the outbox's deliveries (docs/decisions/0051-webhooks.md). Every server process runs one:
// it claims due deliveries with a lease (FOR UPDATE SKIP LOCKED, so two processes never claim the
// same one), has its sender thread sign and post them, and records the attempts. A failed delivery is retried on a
// growing schedule for a day after its first attempt; then its subscription is disabled.

/** Waits after the 1st, 2nd, ... failed attempt; the last repeats until the day is over. */
const RETRY_SCHEDULE_MS = [5, 300, 1800, 7200, 18_000, 36_000].map((s) => s * 1000);
/** How long after its first attempt a delivery is retried before its subscription is disabled. */
const GIVE_UP_AFTER_MS = 24 * 3600 * 1000;
/** Deliveries claimed, and sent at once, per round. */
const BATCH = 256;
/**
 * How long a local write's events wait for the next writes' to join their round, and how long a
 * round that was not full waits before the next. Under a stream of writes, rounds are then fewer and
 * fuller, and their two statements take the database (PGlite has one connection) and the API's
 * thread from the writes less often; an event waits at most this much longer to be sent.
 */
const GATHER_MS = 50;

interface Claimed {
  id: number;
  subscription_id: number;
  attempts: number;
  first_attempt_at: string | Date | null;
  message_id: string;
  body: string;
  url: string;
  secret: string;
}

/** An attempt made, and what it makes of its delivery. */
interface Sent {
  d: Claimed;
  outcome: Outcome;
  attempt: number;
  first: Date;
  next: Date | null;
  state: 'delivered' | 'pending' | 'failed';
  givingUp: boolean;
}

export interface WorkerOptions {
  /** The app's clock: when attempts happen and retries fall due. */
  now: () => Date;
  timeoutMs: number;
  pollMs: number;
  allowedHosts: readonly string[];
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export class WebhookWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** Set when this process wrote an event that no round has looked for yet. */
  private dirty = false;
  /** A look already asked for after an event was written. */
  private looking = false;
  /** A round waiting for more of this process's writes to join it. */
  private gathering: NodeJS.Timeout | null = null;
  private readonly unsubscribe: () => void;
  private readonly sender = new WebhookSender();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: WorkerOptions,
  ) {
    // An event written by this process: look once its transaction commits (`committed`), or shortly,
    // for writes that do not go through the catalogue's write path; the poll catches the rest.
    this.unsubscribe = onEnqueued(() => {
      this.dirty = true;
      if (this.looking) return;
      this.looking = true;
      setTimeout(() => {
        this.looking = false;
        this.committed();
      }, 100).unref();
    });
  }

  /** A transaction of this process committed: look soon if it may have written an event. */
  committed(): void {
    if (!this.dirty || this.gathering || this.stopped) return;
    this.gathering = setTimeout(() => {
      this.gathering = null;
      this.wake();
    }, GATHER_MS);
    this.gathering.unref();
  }

  start(): void {
    this.schedule();
    this.wake();
  }

  /** Looks for due deliveries now (after a local write committed, say). */
  wake(): void {
    if (this.stopped) return;
    this.dirty = false;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.log.error({ err }, 'webhook delivery round failed'))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.wake();
        }
      });
  }

  /**
   * Stops polling and waits for the round in flight, at most `waitMs`: a delivery cut short keeps its
   * lease, which runs out, and is sent again (with the same webhook-id) by whichever process is up.
   */
  async stop(waitMs = 3000): Promise<void> {
    this.stopped = true;
    this.unsubscribe();
    if (this.timer) clearTimeout(this.timer);
    if (this.gathering) clearTimeout(this.gathering);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise((r) => (timer = setTimeout(r, waitMs)))]);
    clearTimeout(timer);
    await this.sender.stop();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.wake();
      this.schedule();
    }, this.options.pollMs);
    this.timer.unref();
  }

  /** Claims and sends rounds of due deliveries until none is left. */
  private async drain(): Promise<void> {
    while (!this.stopped) {
      const claimed = await this.claim();
      if (claimed.length === 0) return;
      const at = this.options.now();
      const outcomes = await this.sender.send({
        timestamp: Math.floor(at.getTime() / 1000),
        timeoutMs: this.options.timeoutMs,
        allowedHosts: this.options.allowedHosts,
        deliveries: claimed.map((d) => ({
          url: d.url,
          messageId: d.message_id,
          key: d.secret.slice(WEBHOOK_SECRET_PREFIX.length),
          body: d.body,
        })),
      });
      await this.record(
        claimed.map((d, i) => this.outcomeOf(d, at, outcomes[i]!)),
        at,
      );
      // A round that was not full: the writes still coming join the next one, instead of a round of
      // statements for every few deliveries.
      if (claimed.length < BATCH) await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
    }
  }

  private leaseMs(): number {
    return this.options.timeoutMs + 5000;
  }

  /**
   * Leases up to BATCH due deliveries of enabled subscriptions. A delivery waits while an earlier one
   * of the same record to the same subscription is still pending, so a receiver sees a record's
   * events in order.
   */
  private async claim(): Promise<Claimed[]> {
    const now = this.options.now();
    const until = new Date(now.getTime() + this.leaseMs());
    const result = await this.db.execute(sql`
      with claimed as (
        update webhook_deliveries d set leased_until = ${until.toISOString()}::timestamptz
        where d.id in (
          select p.id from webhook_deliveries p
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
          for update of p skip locked)
        returning d.id, d.subscription_id, d.message_id, d.attempts, d.first_attempt_at, d.leased_until)
      select c.id, c.subscription_id, c.attempts, c.first_attempt_at, m.message_id, m.body, s.url, s.secret
      from claimed c
      join webhook_messages m on m.id = c.message_id
      join webhook_subscriptions s on s.id = c.subscription_id
      order by c.id`);
    return rowsOf<Claimed>(result);
  }

  /** What an attempt's outcome makes of its delivery: delivered, retried when, or given up. */
  private outcomeOf(d: Claimed, at: Date, outcome: Outcome): Sent {
    const attempt = d.attempts + 1;
    const first = d.first_attempt_at === null ? at : new Date(d.first_attempt_at);
    const deadline = first.getTime() + GIVE_UP_AFTER_MS;
    const wait = RETRY_SCHEDULE_MS[Math.min(attempt - 1, RETRY_SCHEDULE_MS.length - 1)]!;
    const givingUp = !outcome.ok && at.getTime() >= deadline;
    const next = outcome.ok || givingUp ? null : new Date(Math.min(at.getTime() + wait, deadline));
    const state = outcome.ok ? 'delivered' : givingUp ? 'failed' : 'pending';
    return { d, outcome, attempt, first, next, state, givingUp };
  }

  /**
   * Records a round's attempts in one statement (a round under load is up to BATCH deliveries, and
   * one statement instead of a transaction of several keeps the outbox's cost off the writes it
   * reports): each delivery's new state, its attempt, and a subscription whose delivery is given up
   * turned off. A delivery whose subscription was deleted while it was on the way records nothing.
   */
  private async record(sent: Sent[], at: Date): Promise<void> {
    const values = sent.map(
      (s) =>
        sql`(${s.d.id}::int, ${s.state}::text, ${s.attempt}::int, ${s.first.toISOString()}::timestamptz, ${
          s.next?.toISOString() ?? null
        }::timestamptz, ${s.outcome.ok}::boolean, ${s.outcome.responseCode}::int, ${s.outcome.error}::text, ${
          s.outcome.durationMs
        }::int)`,
    );
    const givenUp = sent
      .filter((s) => s.givingUp)
      .map(
        (s) =>
          sql`(${s.d.id}::int, ${`Deliveries failed for 24 hours (last: ${s.outcome.error ?? 'no answer'}); turned off`}::text)`,
      );
    const turnOff =
      givenUp.length === 0
        ? sql``
        : sql`, off as (
            update webhook_subscriptions s set enabled = false, disabled_at = ${at.toISOString()}::timestamptz,
              disabled_reason = g.reason
            from (values ${sql.join(givenUp, sql`, `)}) as g(id, reason) join u on u.id = g.id
            where s.id = u.subscription_id and s.enabled)`;
    await this.db.execute(sql`
      with v(id, state, attempts, first_at, next_at, ok, response_code, error, duration_ms) as (
        values ${sql.join(values, sql`, `)}),
      u as (
        update webhook_deliveries d set state = v.state, attempts = v.attempts,
          first_attempt_at = v.first_at, next_attempt_at = v.next_at, leased_until = null
        from v where d.id = v.id
        returning d.id, d.subscription_id)${turnOff}
      insert into webhook_attempts (delivery_id, subscription_id, attempt, ok, response_code, error,
        attempted_at, duration_ms, next_attempt_at)
      select v.id, u.subscription_id, v.attempts, v.ok, v.response_code, v.error,
        ${at.toISOString()}::timestamptz, v.duration_ms, v.next_at
      from u join v on v.id = u.id
      order by v.id`);
    for (const { d, outcome, attempt, givingUp } of sent) {
      if (outcome.ok) continue;
      this.log.warn(
        { webhook: d.subscription_id, messageId: d.message_id, attempt, error: outcome.error },
        givingUp ? 'webhook delivery given up; subscription disabled' : 'webhook delivery failed',
      );
    }
  }
}
