import { WEBHOOK_SECRET_PREFIX } from '@dalil/contracts/webhooks';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import { tookOver } from '../../lib/job-lease';
import type { Metrics } from '../../lib/metrics';
import { loop, type Loop } from '../../lib/periodic-task';
import { onEnqueued } from '../../core/webhook-outbox';
import { BATCH, type Claimed, claimDeliveries } from './webhook-claim';
import { type Outcome, WebhookSender } from './webhook-sender';

// Sends the outbox's deliveries (docs/decisions/0051-webhooks.md). Every server process runs one:
// it claims due deliveries with a lease in its name (webhook-claim.ts), has its sender thread sign and
// post them, and records the attempts. A failed delivery is retried on a
// growing schedule for a day after its first attempt; then its subscription is disabled.

/** Waits after the 1st, 2nd, ... failed attempt; the last repeats until the day is over. */
const RETRY_SCHEDULE_MS = [5, 300, 1800, 7200, 18_000, 36_000].map((s) => s * 1000);
/** How long after its first attempt a delivery is retried before its subscription is disabled. */
const GIVE_UP_AFTER_MS = 24 * 3600 * 1000;
/**
 * How long a local write's events wait for the next writes' to join their round, and how long a
 * round that was not full waits before the next. Under a stream of writes, rounds are then fewer and
 * fuller, and their two statements take the database (PGlite has one connection) and the API's
 * thread from the writes less often; an event waits at most this much longer to be sent.
 */
const GATHER_MS = 50;

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
  /** Counts an attempt: delivered, failed (to be retried) or failed and given up. */
  attempted: (ok: boolean, givingUp: boolean) => void;
  timeoutMs: number;
  pollMs: number;
  allowedHosts: readonly string[];
  /** The name this process writes on the deliveries it claims (lib/job-lease.ts). */
  owner: string;
  metrics: Metrics;
}

export class WebhookWorker {
  /** The rounds: one at once, every `pollMs`, and at once when woken. */
  private readonly rounds: Loop;
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
    this.rounds = loop({
      firstRunMs: 0,
      everyMs: options.pollMs,
      failure: 'webhook delivery round failed',
      log,
      level: 'error',
      task: () => this.drain(),
    });
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
      void this.wake();
    }, GATHER_MS);
    this.gathering.unref();
  }

  start(): void {
    this.rounds.start();
  }

  /**
   * Looks for due deliveries now (after a local write committed, say), or right after the round
   * under way; answers once a round that looked after this call has ended.
   */
  wake(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.dirty = false;
    return this.rounds.runNow();
  }

  /**
   * Stops polling and waits for the round in flight, at most `waitMs`: a delivery cut short keeps its
   * lease, which runs out, and is sent again (with the same webhook-id) by whichever process is up.
   */
  async stop(waitMs = 3000): Promise<void> {
    this.stopped = true;
    this.unsubscribe();
    if (this.gathering) clearTimeout(this.gathering);
    await this.rounds.stop(waitMs);
    await this.sender.stop();
  }

  /** Claims and sends rounds of due deliveries until none is left. */
  private async drain(): Promise<void> {
    while (!this.stopped) {
      // This round's claim sees every write committed before it: a wake from before it needs no other.
      this.rounds.takeRequests();
      const now = this.options.now();
      // A round is over within the receivers' timeout: its lease outlasts it by five seconds.
      const until = new Date(now.getTime() + this.options.timeoutMs + 5000);
      const claimed = await claimDeliveries(this.db, now, until, this.options.owner);
      if (claimed.length === 0) return;
      this.countTakeovers(claimed);
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
      const sent = claimed.map((d, i) => this.outcomeOf(d, at, outcomes[i]!));
      const waiting = await this.record(sent, at);
      for (const s of sent) this.options.attempted(s.outcome.ok, s.givingUp);
      if (claimed.length === BATCH) continue;
      // A round that was not full goes on only if something is left for it: a later event of a record
      // just sent, or a write (or a wake) since this round's claim. Those still coming join the next
      // round after a pause, instead of a round of statements for every few deliveries.
      if (!waiting && !this.rounds.takeRequests()) return;
      await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
    }
  }

  /**
   * Deliveries whose lease ran out were claimed by a round that never recorded them: its process
   * died (or stopped before the round ended). They are sent again, with the same webhook-id.
   */
  private countTakeovers(claimed: Claimed[]): void {
    const from = new Map<string, number>();
    for (const d of claimed) {
      if (d.taken_from !== null) from.set(d.taken_from, (from.get(d.taken_from) ?? 0) + 1);
    }
    for (const [previousOwner, deliveries] of from) {
      tookOver(
        this.options.metrics,
        this.log,
        'webhook',
        { previousOwner, deliveries },
        'webhook deliveries taken over from a round whose lease ran out; sending them again',
        deliveries,
      );
    }
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
   * turned off. The round travels as one JSON parameter, so the statement's text is the same for
   * every round and its parameters are not hundreds; its ids travel again as an array, which the
   * planner can look up by the primary key (it cannot tell how many rows the JSON holds, and would
   * read the whole table to join them). A delivery whose subscription was deleted while
   * it was on the way records nothing. Answers whether a later event of a record just sent is waiting
   * for its turn (the next round should not wait for a poll to send it).
   */
  private async record(sent: Sent[], at: Date): Promise<boolean> {
    const rows = sent.map((s) => ({
      id: s.d.id,
      state: s.state,
      attempts: s.attempt,
      first_at: s.first.toISOString(),
      next_at: s.next?.toISOString() ?? null,
      ok: s.outcome.ok,
      response_code: s.outcome.responseCode,
      error: s.outcome.error,
      duration_ms: s.outcome.durationMs,
      off_reason: s.givingUp
        ? `Deliveries failed for 24 hours (last: ${s.outcome.error ?? 'no answer'}); turned off`
        : null,
    }));
    const [result] = await executeNamed<{ waiting: boolean }>(
      this.db,
      'webhook-record',
      sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id int, state text,
          attempts int, first_at timestamptz, next_at timestamptz, ok boolean, response_code int,
          error text, duration_ms int, off_reason text)),
      u as (
        update webhook_deliveries d set state = v.state, attempts = v.attempts,
          first_attempt_at = v.first_at, next_attempt_at = v.next_at, leased_until = null
        from v where d.id = v.id and d.id = any(${`{${sent.map((s) => s.d.id).join(',')}}`}::int[])
        returning d.id, d.subscription_id, d.key),
      off as (
        update webhook_subscriptions s set enabled = false, disabled_at = ${at.toISOString()}::timestamptz,
          disabled_reason = g.off_reason
        from (select distinct on (u.subscription_id) u.subscription_id, v.off_reason
              from u join v on v.id = u.id where v.off_reason is not null
              order by u.subscription_id, v.id) g
        where s.id = g.subscription_id and s.enabled),
      a as (
        insert into webhook_attempts (delivery_id, subscription_id, attempt, ok, response_code, error,
          attempted_at, duration_ms, next_attempt_at)
        select v.id, u.subscription_id, v.attempts, v.ok, v.response_code, v.error,
          ${at.toISOString()}::timestamptz, v.duration_ms, v.next_at
        from u join v on v.id = u.id
        order by v.id)
      select exists (
        select 1 from u join webhook_deliveries e on e.subscription_id = u.subscription_id
          and e.key = u.key and e.state = 'pending' and e.id > u.id) as waiting`,
    );
    for (const { d, outcome, attempt, givingUp } of sent) {
      if (outcome.ok) continue;
      this.log.warn(
        { webhook: d.subscription_id, messageId: d.message_id, attempt, error: outcome.error },
        givingUp ? 'webhook delivery given up; subscription disabled' : 'webhook delivery failed',
      );
    }
    return result?.waiting ?? false;
  }
}
