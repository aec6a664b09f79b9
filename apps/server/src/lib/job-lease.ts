import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from './metrics';
import { loop } from './periodic-task';

// Background work that survives its process (docs/architecture.md, "Background work"). Several server
// processes may share one PostgreSQL; a piece of background work (a feed run, an image job, a round of
// webhook deliveries, an import's staging rows) is claimed by one of them, which writes its own name
// (`lease_owner`) and a short lease (`lease_until`) on the claimed row. While the work runs, a heartbeat
// pushes the lease on; when the process dies, the lease runs out and another process takes the work
// over, logs it and counts it in dalil_job_lease_takeovers_total.

/** How long a claim holds without a heartbeat: a dead owner's work is taken over this long after. */
export const LEASE_MS = 30_000;
/** How often a live owner renews its leases: three chances within one lease. */
export const HEARTBEAT_MS = 10_000;

export type LeaseKind = 'feed' | 'image_job' | 'webhook' | 'import';

/**
 * The name a process writes on what it claims: host, pid and a random part (a reused pid, or two apps
 * built in one test process, never share one).
 */
export const newLeaseOwner = (): string => `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/**
 * Whether `owner` names a process of this host that is gone: its pid no longer runs, or it is this
 * process's pid under another name (a restart reused it). Such a lease is dead before it runs out.
 */
export function ownerGone(owner: string, self: string): boolean {
  const [host, pid] = owner.split(':');
  if (host !== hostname() || owner === self) return false;
  if (Number(pid) === process.pid) return true;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as { code?: string }).code !== 'EPERM';
  }
}

/** Logs and counts work taken over from a process whose lease ran out (`count` claims at once). */
export function tookOver(
  metrics: Metrics,
  log: FastifyBaseLogger,
  kind: LeaseKind,
  fields: Record<string, unknown>,
  message: string,
  count = 1,
): void {
  metrics.leaseTakeovers.inc({ kind }, count);
  log.warn({ ...fields, kind }, message);
}

export interface Heartbeat {
  stop(): void;
}

/**
 * Calls `renew` every `everyMs` until stopped. `renew` pushes the lease on and answers whether it
 * was still this process's; once it was not (another process took the work over after a stall
 * longer than the lease), `onLost` is called and the heartbeat stops. A renewal that fails (the
 * database went away for a moment) is logged and tried again at the next beat: the lease is three
 * beats long.
 */
export function startHeartbeat(
  renew: () => Promise<boolean>,
  options: { everyMs?: number; log?: FastifyBaseLogger; onLost?: () => void; what: string },
): Heartbeat {
  let stopped = false;
  const everyMs = options.everyMs ?? HEARTBEAT_MS;
  const beats = loop({
    firstRunMs: everyMs,
    everyMs,
    failure: `${options.what}: could not renew the lease`,
    ...(options.log ? { log: options.log } : {}),
    task: async () => {
      const held = await renew();
      // A beat still on its way when the work ended and let its lease go finds nothing to renew.
      if (held || stopped) return;
      void beats.stop();
      options.log?.warn(`${options.what}: the lease was taken over by another process`);
      options.onLost?.();
    },
  });
  beats.start();
  return {
    stop: () => {
      stopped = true;
      void beats.stop();
    },
  };
}
