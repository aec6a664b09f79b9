import { HttpError } from '../../lib/errors';

interface Waiter {
  address: string;
  /** Recent failed sign-ins from this address: the more, the sooner it gives up its place. */
  suspicion: number;
  start: () => void;
  refuse: (err: Error) => void;
}

const busy = () => new HttpError(429, 'auth.tooManySignIns', {}, { headers: { 'retry-after': '1' } });

/**
 * Bounds the sign-in work (the database check, the argon2id verification and its bookkeeping) running
 * at once. Each verification takes 19 MiB and a thread of the shared pool for tens of milliseconds, and
 * on PGlite every check waits in the one query queue the catalogue reads use: unbounded, a flood of
 * guesses would starve both. A few attempts run at once and a short queue waits.
 *
 * When the queue is full, a newcomer takes the place of a waiter from an address with more recent
 * failures than its own (then: more waiters than its own), so a flood of guesses fills the queue
 * with its own attempts only, and a person signing in from an address that has not been guessing
 * still gets a place. Whoever is turned away gets 429 with Retry-After.
 */
export class VerificationQueue {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  /** Makes room for a newcomer by turning away the most suspicious waiter; false if none is. */
  private makeRoom(address: string, suspicion: number): boolean {
    const counts = new Map<string, number>();
    for (const w of this.waiting) counts.set(w.address, (counts.get(w.address) ?? 0) + 1);
    const mine = (counts.get(address) ?? 0) + 1;
    let victim = -1;
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      const w = this.waiting[i]!;
      const worse = w.suspicion > suspicion || (w.suspicion === suspicion && counts.get(w.address)! > mine);
      if (!worse) continue;
      const best = victim >= 0 ? this.waiting[victim]! : undefined;
      if (
        !best ||
        w.suspicion > best.suspicion ||
        (w.suspicion === best.suspicion && counts.get(w.address)! > counts.get(best.address)!)
      ) {
        victim = i;
      }
    }
    if (victim < 0) return false;
    const [evicted] = this.waiting.splice(victim, 1);
    evicted!.refuse(busy());
    return true;
  }

  async run<T>(address: string, suspicion: number, task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting && !this.makeRoom(address, suspicion)) throw busy();
      await new Promise<void>((start, refuse) => this.waiting.push({ address, suspicion, start, refuse }));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so `running` stays counted.
      const next = this.waiting.shift();
      if (next) next.start();
      else this.running--;
    }
  }
}
