// The webhook receiver of bench/webhooks, in a process of its own as another system would be: it
// answers 204 to every delivery, notes each one's lag from the event's own timestamp, and reports
// what it received when its parent asks (IPC).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceiverReport {
  received: number;
  distinctIds: number;
  lags: number[];
  /** Date.now() of the last arrival. */
  lastArrival: number;
}

const lags: number[] = [];
const ids = new Set<string>();
let lastArrival = 0;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const arrived = Date.now();
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { timestamp: string };
    lags.push(arrived - Date.parse(body.timestamp));
    ids.add(`${req.url ?? ''} ${String(req.headers['webhook-id'])}`);
    lastArrival = arrived;
    res.writeHead(204).end();
  });
});

server.listen(0, '127.0.0.1', () => {
  process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});

process.on('message', (message: 'count' | 'report') => {
  if (message === 'count') process.send!({ received: lags.length });
  else {
    const report: ReceiverReport = { received: lags.length, distinctIds: ids.size, lags, lastArrival };
    process.send!(report);
  }
});
process.on('disconnect', () => server.close(() => process.exit(0)));
