// bench/login: a password-guessing flood against both sign-in routes while visitors browse the
// catalogue. 200 connections send bad passwords for 50 usernames (the admin's among them) from
// several forwarded addresses for 20 s; 10 connections (--readers) read the catalogue meanwhile;
// halfway through, the admin signs in with the right password from an address of their own.
// Targets: catalogue p95 under 100 ms, no 5xx anywhere, the admin's sign-in succeeds.
//   npm run build && npm run bench:login [-- --engine pglite|postgres|both] [--products 20000]
//   [--attackers 20] [--connections 200] [--duration 20] [--readers 10]
// A benchmark, never a test: nothing here runs under `npm test`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { runLoad, type LoadResult } from '../lib/load';
import { prepare } from '../lib/catalogue-database';
import { markdownTable, ms } from '../lib/table';
import type { Generated } from '../lib/catalogue';
import { BENCH_ADMIN_PASSWORD } from '../lib/config';
import { buildQueries } from '../search/queries';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    products: { type: 'string', default: '20000' },
    attackers: { type: 'string', default: '20' },
    connections: { type: 'string', default: '200' },
    duration: { type: 'string', default: '20' },
    readers: { type: 'string', default: '10' },
  },
});
const ROOT = join(import.meta.dirname, '../..');
const SERVER = join(ROOT, 'apps/server/dist/main.js');
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const ATTACKERS = Number(args.attackers);
const READERS = Number(args.readers);
const USERNAMES = ['admin', ...Array.from({ length: 49 }, (_, i) => `user${i + 1}`)];
const ADMIN_ADDRESS = '192.0.2.200';
const engines = (args.engine === 'both' ? ['pglite', 'postgres'] : [args.engine]) as (
  'pglite' | 'postgres'
)[];
const log = (s: string) => process.stdout.write(`${s}\n`);

/** The production server with the default sign-in limits, behind one (pretend) proxy. */
async function startServer(dataDir: string, url: string | undefined) {
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      ...(url ? { DATABASE_URL: url } : {}),
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      SEED_DEMO: 'false',
      GUEST_ACCESS: 'true',
      TRUST_PROXY: '1',
      // info: the "Server listening at" line gives the port.
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = 0;
  const address = await new Promise<string>((resolve, reject) => {
    const onLine = (line: string) => {
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (listening) resolve(listening[1]!);
      if (/"level":(50|60)/.test(line)) errors++;
    };
    createInterface({ input: child.stdout }).on('line', onLine);
    createInterface({ input: child.stderr }).on('line', onLine);
    child.once('exit', (code) => reject(new Error(`the server exited early with code ${code}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url: address, stop, loggedErrors: () => errors };
}

interface AttackResult {
  statuses: Record<number, number>;
  requests: number;
  errors: number;
  rps: number;
}

/** Bad passwords for USERNAMES, on both sign-in routes, from ATTACKERS forwarded addresses. */
function attack(url: string): Promise<AttackResult> {
  let next = 0;
  const statuses: Record<number, number> = {};
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION,
        timeout: 30,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const n = next++;
              request.path = n % 2 === 0 ? '/api/admin/login' : '/api/user/login';
              request.headers = {
                'content-type': 'application/json',
                'x-forwarded-for': `198.51.100.${(n % ATTACKERS) + 1}`,
              };
              request.body = JSON.stringify({
                username: USERNAMES[n % USERNAMES.length],
                password: `guess-${n}`,
              });
              return request;
            },
          },
        ],
      },
      (err, r) => {
        if (err) return reject(err instanceof Error ? err : new Error(String(err)));
        const seconds = (performance.now() - started) / 1000;
        const answered = Object.values(statuses).reduce((a, b) => a + b, 0);
        resolve({
          statuses,
          requests: r.requests.total,
          errors: r.errors + r.timeouts,
          rps: answered / seconds,
        });
      },
    );
    instance.on('response', (_client, status) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
}

async function signIn(url: string, kind: 'admin' | 'user', username: string, password: string, from: string) {
  const started = performance.now();
  const res = await fetch(`${url}/api/${kind}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { token?: string };
  return { status: res.status, ms: performance.now() - started, token: body.token };
}

function cataloguePaths(g: Generated): string[] {
  const q = buildQueries(g);
  const paths: string[] = [];
  for (let i = 0; i < 5000; i++) {
    const set = [q.arabic, q.english, q.barcode, q.category][i % 4]!;
    paths.push(i % 5 === 4 ? '/api/family' : set[i % set.length]!);
  }
  return paths;
}

const statusText = (s: Record<number, number>) =>
  Object.entries(s)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([code, n]) => `${code}: ${n}`)
    .join(', ');
const fiveXX = (s: Record<number, number>) =>
  Object.entries(s).reduce((n, [code, count]) => n + (Number(code) >= 500 ? count : 0), 0);

async function run(engine: 'pglite' | 'postgres') {
  const p = await prepare(engine, Number(args.products), log);
  const server = await startServer(p.dataDir, p.url);
  try {
    const guest = await signIn(server.url, 'user', 'guest', 'guest', '192.0.2.1');
    const headers = { authorization: `Bearer ${guest.token}` };
    const paths = cataloguePaths(p.generated);
    const read = (duration: number): Promise<LoadResult> =>
      runLoad({ timeout: 10, url: server.url, headers, connections: READERS, duration, paths });
    await read(3); // warm-up: caches and the JIT
    log(`[${engine}] catalogue alone, ${DURATION} s`);
    const alone = await read(DURATION);
    log(`[${engine}] catalogue during ${CONNECTIONS} connections of bad sign-ins, ${DURATION} s`);
    const flood = attack(server.url);
    const during = read(DURATION);
    await new Promise((resolve) => setTimeout(resolve, (DURATION * 1000) / 2));
    const admin = await signIn(server.url, 'admin', 'admin', BENCH_ADMIN_PASSWORD, ADMIN_ADDRESS);
    const [attackResult, readResult] = await Promise.all([flood, during]);
    return {
      engine,
      alone,
      during: readResult,
      attack: attackResult,
      admin,
      loggedErrors: server.loggedErrors(),
    };
  } finally {
    await server.stop();
    await p.cleanup();
  }
}

if (!existsSync(SERVER)) {
  log(`${SERVER} is missing. Build the production server first:\n\n  npm run build\n`);
  process.exit(1);
}
log(
  `bench:login on ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')}`,
);
const results = [];
for (const engine of engines) results.push(await run(engine));

log(`\nCatalogue reads (${READERS} connections: searches and the family list)\n`);
log(
  markdownTable(
    ['engine', 'phase', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx', '5xx'],
    results.flatMap((r) =>
      (
        [
          ['alone', r.alone],
          ['during the flood', r.during],
        ] as const
      ).map(([phase, x]) => [
        r.engine,
        phase,
        x.requests,
        x.rps.toFixed(0),
        ms(x.p50),
        ms(x.p95),
        ms(x.p99),
        x.non2xx,
        fiveXX(x.statuses),
      ]),
    ),
  ),
);
log(
  `\nBad sign-ins (${CONNECTIONS} connections, ${USERNAMES.length} usernames, ${ATTACKERS} addresses, ${DURATION} s)\n`,
);
log(
  markdownTable(
    [
      'engine',
      'answered',
      'req/s',
      'statuses',
      '5xx',
      'no answer',
      'admin sign-in',
      'admin ms',
      'errors logged',
    ],
    results.map((r) => [
      r.engine,
      r.attack.requests,
      r.attack.rps.toFixed(0),
      statusText(r.attack.statuses),
      fiveXX(r.attack.statuses),
      r.attack.errors,
      r.admin.status,
      ms(r.admin.ms),
      r.loggedErrors,
    ]),
  ),
);
