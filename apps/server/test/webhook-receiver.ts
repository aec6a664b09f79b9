import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { waitFor } from './wait';

/** One request a receiver got: its headers, raw body, and the body parsed. */
export interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  body: { type: string; timestamp: string; data: Record<string, unknown> };
}

/**
 * A webhook receiver on 127.0.0.1: records every request and answers what `answer` says (a status,
 * or 'hang' to hold the request open without answering).
 */
export interface Receiver {
  url: string;
  received: Received[];
  answer: (r: Received) => number | 'hang';
  /** Resolves once `count` requests have arrived (a copy of them), or throws after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const held: ServerResponse[] = [];
  const receiver: Receiver = {
    url: '',
    received: [],
    answer: () => 204,
    async waitFor(count, timeoutMs = 10_000) {
      await waitFor(() => receiver.received.length >= count, { timeout: timeoutMs }).catch(() => {
        throw new Error(`expected ${count} webhook requests, got ${receiver.received.length}`);
      });
      return [...receiver.received];
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const r: Received = { headers: req.headers, raw, body: JSON.parse(raw) as Received['body'] };
      receiver.received.push(r);
      const status = receiver.answer(r);
      if (status === 'hang') held.push(res);
      else res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}

/**
 * Checks a request's signature with the standardwebhooks package (an implementation independent of
 * the server's) and answers the body it verified; throws when it does not verify. The package also
 * refuses a timestamp more than 5 minutes from the real clock: a request sent under a test clock
 * moved hours on is checked by signing its id, timestamp and body with the package and comparing.
 */
export function verified(secret: string, r: Received): unknown {
  const wh = new Webhook(secret);
  const headers = {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  };
  const sentAt = new Date(Number(headers['webhook-timestamp']) * 1000);
  if (Math.abs(sentAt.getTime() - Date.now()) < 4 * 60_000) return wh.verify(r.raw, headers);
  const expected = wh.sign(headers['webhook-id'], sentAt, r.raw);
  if (!headers['webhook-signature'].split(' ').includes(expected))
    throw new Error('signature does not verify');
  return JSON.parse(r.raw);
}
