import { and, asc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { families, feeds } from '../../db/schema';
import type { AppContext } from '../../core/context';
import { conflict } from '../../lib/errors';
import { HEARTBEAT_MS, LEASE_MS, startHeartbeat, tookOver } from '../../lib/job-lease';
import { loop, type Loop } from '../../lib/periodic-task';
import { runFeed, type FeedRow } from './feed-run';
import { nextRunAfter } from './feed-schedule';

/** Due feeds read per look; the rest wait for the next. */
const BATCH = 10;

/**
 * Runs the due feeds of every server process sharing the database (docs/decisions/0052-scheduled-feeds.md).
 * Each process looks every `pollMs`; a due feed is claimed with one UPDATE that moves its next run
 * time and sets a lease in this process's name, and only the process whose UPDATE matched runs it,
 * renewing the lease while the run lasts (lib/job-lease.ts). A lease that ran out belongs to a run
 * whose process died: the next look of any process takes the feed over and runs it again. `clock`
 * is the wall clock the schedule and the leases are read by (tests pass one they move).
 */
export class FeedScheduler {
  private looks: Loop | undefined;
  private readonly running = new Set<Promise<unknown>>();
  private readonly stopping = new AbortController();
  private looking: Promise<number> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => number,
    /** How often a run renews its lease (tests pass a short one). */
    private readonly heartbeatMs = HEARTBEAT_MS,
  ) {}

  now(): Date {
    return new Date(this.clock());
  }

  /** Looks every `pollMs` until stopped; 0 never looks on its own (tests call runDue). */
  start(pollMs: number): void {
    if (pollMs <= 0) return;
    this.looks = loop({
      firstRunMs: pollMs,
      everyMs: pollMs,
      failure: 'could not run the due feeds',
      log: this.log,
      task: () => this.runDue(),
    });
    this.looks.start();
  }

  /** Stops looking, cuts short a download under way, and waits for the runs to end. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([this.looks?.stop(), this.looking, ...this.running]);
  }

  /** Runs, one after another, every due feed this process claims. Answers how many it ran. */
  runDue(): Promise<number> {
    // One look at a time in this process: a look that outlasts the interval is not doubled.
    this.looking ??= this.lookAndRun().finally(() => {
      this.looking = null;
    });
    return this.looking;
  }

  private async lookAndRun(): Promise<number> {
    let ran = 0;
    while (!this.stopping.signal.aborted) {
      const now = this.now();
      const due = await this.ctx.db
        .select()
        .from(feeds)
        .where(
          and(
            // Due and free, or left by a run whose process died.
            or(and(lte(feeds.nextRunAt, now), isNull(feeds.leaseUntil)), lte(feeds.leaseUntil, now)),
            // A family in the recycle bin keeps its feeds, which wait until it comes back.
            sql`exists (select 1 from ${families} where ${families.id} = ${feeds.familyId})`,
          ),
        )
        .orderBy(asc(feeds.nextRunAt))
        .limit(BATCH);
      let claimedAny = false;
      for (const seen of due) {
        if (this.stopping.signal.aborted) return ran;
        const claimed = await this.claimDue(seen, now);
        if (!claimed) continue;
        claimedAny = true;
        if (seen.leaseUntil !== null) this.tookOver(seen);
        await this.track(this.run(claimed, now));
        ran++;
      }
      // Nothing left that this process could claim: the others have it.
      if (!claimedAny) return ran;
    }
    return ran;
  }

  /**
   * The atomic claim: moves a due feed's next run time past now and sets the lease, only if no other
   * process did so since `seen` was read. PostgreSQL re-checks the WHERE on the row another process
   * just updated, so of several processes exactly one gets the row back. A feed taken over from a
   * dead run that was not due again keeps its next run time.
   *
   * The WHERE says what made the row claimable (still due, or still holding a lease that ran out),
   * never that a stored time equals the one read: a time written with microseconds would not survive
   * the round trip through a JavaScript Date, and the claim would never match.
   */
  private async claimDue(seen: FeedRow, now: Date): Promise<FeedRow | null> {
    let next: Date | null = seen.nextRunAt;
    const due = seen.nextRunAt.getTime() <= now.getTime();
    if (due) {
      try {
        next = nextRunAfter(seen.schedule, seen.timeZone, now);
      } catch (err) {
        this.log.warn({ err, feed: seen.id }, 'feed schedule unreadable');
        next = null;
      }
    }
    const [row] = await this.ctx.db
      .update(feeds)
      .set({
        // A schedule that never runs again (it was checked when saved) waits a year, and says so.
        nextRunAt: next ?? new Date(now.getTime() + 365 * 86400_000),
        ...this.lease(now),
      })
      .where(
        and(
          eq(feeds.id, seen.id),
          due
            ? and(lte(feeds.nextRunAt, now), or(isNull(feeds.leaseUntil), lte(feeds.leaseUntil, now)))
            : and(isNotNull(feeds.leaseUntil), lte(feeds.leaseUntil, now)),
        ),
      )
      .returning();
    return row ?? null;
  }

  /**
   * POST /api/feed/:id/run: claims the feed (409 while a run is under way) and runs it in the
   * background. A run by hand that starts once the scheduled run is due (in its minute, or later
   * when no process has claimed it yet) takes that run's place: the same UPDATE moves the next run
   * time past now, so the schedule does not fetch the same file again a moment later. Before then the
   * schedule stays as it was.
   */
  async runNow(feed: FeedRow): Promise<FeedRow> {
    const now = this.now();
    let next: Date | null = null;
    try {
      next = nextRunAfter(feed.schedule, feed.timeZone, now);
    } catch (err) {
      this.log.warn({ err, feed: feed.id }, 'feed schedule unreadable');
    }
    const at = now.toISOString();
    const [row] = await this.ctx.db
      .update(feeds)
      .set({
        ...this.lease(now),
        // Read under the row's lock: a due time another process moved on since stays as it moved.
        ...(next && {
          nextRunAt: sql`case when ${feeds.nextRunAt} <= ${at}::timestamptz then ${next.toISOString()}::timestamptz else ${feeds.nextRunAt} end`,
        }),
      })
      .where(and(eq(feeds.id, feed.id), or(isNull(feeds.leaseUntil), lte(feeds.leaseUntil, now))))
      .returning();
    if (!row) throw conflict('feed.running', {});
    if (feed.leaseUntil !== null) this.tookOver(feed);
    void this.track(this.run(row, now));
    return row;
  }

  private lease(now: Date) {
    return { leaseUntil: new Date(now.getTime() + LEASE_MS), leaseOwner: this.ctx.leaseOwner };
  }

  private tookOver(seen: FeedRow): void {
    tookOver(
      this.ctx.metrics,
      this.log,
      'feed',
      { feed: seen.id, previousOwner: seen.leaseOwner },
      'feed run taken over from a process whose lease ran out; running it again',
    );
  }

  /** Pushes the lease of a run of this process on; false once another process took the feed over. */
  private async renew(id: number): Promise<boolean> {
    const renewed = await this.ctx.db
      .update(feeds)
      .set({ leaseUntil: new Date(this.clock() + LEASE_MS) })
      // A beat that lands after the run's end finds the lease let go, and leaves it so.
      .where(and(eq(feeds.id, id), eq(feeds.leaseOwner, this.ctx.leaseOwner), isNotNull(feeds.leaseUntil)))
      .returning({ id: feeds.id });
    return renewed.length > 0;
  }

  private async run(feed: FeedRow, now: Date): Promise<void> {
    const heartbeat = startHeartbeat(() => this.renew(feed.id), {
      everyMs: this.heartbeatMs,
      log: this.log.child({ feed: feed.id }),
      what: 'feed run',
    });
    try {
      await runFeed(this.ctx, feed, { now, signal: this.stopping.signal, log: this.log });
    } catch (err) {
      // Recording the run failed (the database went away): the lease runs out and the feed is due again.
      this.log.error({ err, feed: feed.id }, 'feed run could not be recorded');
    } finally {
      heartbeat.stop();
    }
  }

  private track(run: Promise<void>): Promise<void> {
    this.running.add(run);
    return run.finally(() => this.running.delete(run));
  }
}
