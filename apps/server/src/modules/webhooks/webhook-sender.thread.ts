// The webhook sender's thread: signs and posts a round of deliveries off the main thread, so the
// requests out and their answers never queue behind (or in front of) the API's own requests
// (docs/decisions/0051-webhooks.md, "Where deliveries are sent"). It holds no database connection:
// the worker on the main thread claims and records, this thread only talks HTTP.
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { outboundRequest } from '../../lib/outbound';
import type { Outcome, SendRound } from './webhook-sender';

/**
 * The nice value of this thread: deliveries are background work (their lag is allowed seconds, an
 * API answer milliseconds), so the thread takes the CPU the API's threads leave. On a server kept
 * busy without a pause they wait longer; they stay in the outbox meanwhile, and nothing is lost.
 * (At nice 5 the thread's share of a busy machine made the writes it reports about a tenth slower.)
 */
const SENDER_NICE = 19;

/** Linux keeps a nice value per thread: lower this one's priority. Elsewhere it keeps the process's. */
function yieldToRequests(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isSafeInteger(tid) && tid > 0) setPriority(tid, SENDER_NICE);
  } catch {
    // Not Linux, or not allowed here: the thread runs at the process's priority.
  }
}

/**
 * Each secret's key, made once: made from bytes for every delivery, the key was a tenth of this
 * thread's work under a stream of deliveries. Subscriptions are few; a key whose subscription is gone
 * stays until the map is emptied at its bound.
 */
const keys = new Map<string, KeyObject>();
const KEYS_KEPT = 1000;

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= KEYS_KEPT) keys.clear();
    key = createSecretKey(Buffer.from(secret, 'base64'));
    keys.set(secret, key);
  }
  return key;
}

/**
 * The Standard Webhooks signature: base64 HMAC-SHA256 of `id.timestamp.body`, keyed by the secret's
 * bytes (`secret`: the base64 after the secret's `whsec_`).
 */
function sign(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

async function send(round: SendRound, d: SendRound['deliveries'][number]): Promise<Outcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const res = await outboundRequest(d.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Dalil-Webhooks',
        'webhook-id': d.messageId,
        'webhook-timestamp': String(round.timestamp),
        'webhook-signature': sign(d.key, d.messageId, round.timestamp, d.body),
      },
      body: d.body,
      allowedHosts: round.allowedHosts,
      maxRedirects: 0,
      timeoutMs: round.timeoutMs,
    });
    res.body.resume();
    const ok = res.status >= 200 && res.status < 300;
    return {
      ok,
      responseCode: res.status,
      error: ok ? null : `The receiver answered ${res.status}`,
      durationMs: took(),
    };
  } catch (err) {
    const e = err as Error;
    const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError';
    const error = timedOut
      ? `No answer within ${round.timeoutMs / 1000} s`
      : e.message || (e as NodeJS.ErrnoException).code || 'The request failed';
    return { ok: false, responseCode: null, error, durationMs: took() };
  }
}

yieldToRequests();
parentPort?.on('message', (round: SendRound) => {
  void Promise.all(round.deliveries.map((d) => send(round, d))).then((outcomes) =>
    parentPort?.postMessage({ round: round.round, outcomes }),
  );
});
