import { Worker } from 'node:worker_threads';

/** What one attempt came to. */
export interface Outcome {
  ok: boolean;
  responseCode: number | null;
  error: string | null;
  durationMs: number;
}

/** A round of deliveries for the sender's thread to sign and post at once. */
export interface SendRound {
  round: number;
  /** The `webhook-timestamp` of the round, in seconds. */
  timestamp: number;
  timeoutMs: number;
  allowedHosts: readonly string[];
  /** `key`: the subscription secret's base64 part, after `whsec_`. */
  deliveries: { url: string; messageId: string; key: string; body: string }[];
}

/** The sender thread's name, as the operating system shows it (`top -H`; 15 characters at most). */
export const SENDER_THREAD_NAME = 'webhook-sender';

type Pending = { resolve: (outcomes: Outcome[]) => void; reject: (error: Error) => void };

// Run from the sources (tests, `npm run dev`, the benches) the thread's entry is TypeScript and needs
// tsx's loader; the build bundles it beside main.js as plain JavaScript.
const fromSource = import.meta.url.endsWith('.ts');
const entry = new URL(
  fromSource ? './webhook-sender.thread.ts' : './webhook-sender.thread.js',
  import.meta.url,
);
const execArgv =
  fromSource && !process.execArgv.some((a) => a.includes('tsx'))
    ? [...process.execArgv, '--import', 'tsx']
    : process.execArgv;

/**
 * Sends rounds of webhook deliveries from a thread of their own (webhook-sender.thread.ts), started
 * on the first round and again after it stops for any reason; a round in flight when the thread dies
 * fails, and its deliveries go again once their lease runs out.
 */
export class WebhookSender {
  private worker: Worker | null = null;
  private pending = new Map<number, Pending>();
  private nextRound = 1;

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(entry, { execArgv, name: SENDER_THREAD_NAME });
    worker.unref();
    worker.on('message', (msg: { round: number; outcomes: Outcome[] }) => {
      const p = this.pending.get(msg.round);
      this.pending.delete(msg.round);
      p?.resolve(msg.outcomes);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the webhook sender's thread stopped (${code})`)));
    this.worker = worker;
    return worker;
  }

  /** Posts each delivery of the round and answers their outcomes, in the same order. */
  send(round: Omit<SendRound, 'round'>): Promise<Outcome[]> {
    const id = this.nextRound++;
    const worker = this.thread();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...round, round: id } satisfies SendRound);
    });
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
