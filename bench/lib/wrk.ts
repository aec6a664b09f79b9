import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { LoadOptions, LoadResult } from './load';

// wrk (Debian's package `wrk`), a load generator written in C: on a 2-core machine the generator
// shares the cores with the server, and autocannon, a Node process, spent twice as much CPU per answer
// on ten cached pages in turn as on one page (docs/performance.md, "Hot paths"), so its req/s measured
// itself. wrk's cost per answer does not depend on the answers.

const run = promisify(execFile);

/** Whether wrk is installed (`apt-get install wrk`). */
export async function hasWrk(): Promise<boolean> {
  return run('wrk', ['--version']).then(
    () => true,
    // wrk --version exits with status 1 after printing its version.
    (err: { stdout?: string; stderr?: string }) => /wrk/.test(`${err.stdout ?? ''}${err.stderr ?? ''}`),
  );
}

/** A Lua string literal: printable ASCII as it is, every other byte as a decimal escape. */
function luaString(text: string): string {
  let out = '"';
  for (const byte of Buffer.from(text, 'utf8')) {
    const printable = byte >= 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x5c;
    out += printable ? String.fromCharCode(byte) : `\\${String(byte).padStart(3, '0')}`;
  }
  return `${out}"`;
}

/**
 * One wrk run at options.connections over one thread, each request taking the next path in turn.
 * Latencies are wrk's (microsecond histogram). wrk does not count answers by status: `non2xx` holds
 * those of 400 or more, and `statuses` stays empty.
 */
export async function runWrk(options: LoadOptions): Promise<LoadResult> {
  const dir = mkdtempSync(join(os.tmpdir(), 'dalil-wrk-'));
  const script = join(dir, 'load.lua');
  const headers = Object.entries(options.headers ?? {})
    .map(([name, value]) => `[${luaString(name)}] = ${luaString(value)}`)
    .join(', ');
  writeFileSync(
    script,
    `local paths = { ${options.paths.map(luaString).join(', ')} }
local headers = { ${headers} }
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[((i - 1) % #paths) + 1], headers)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_RESULT {"requests":%d,"us":%d,"errors":%d,"status":%d,"p50":%d,"p95":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
`,
  );
  try {
    const { stdout } = await run('wrk', [
      '-t1',
      `-c${options.connections}`,
      `-d${options.duration ?? 10}s`,
      `--timeout`,
      `${options.timeout ?? 30}s`,
      '-s',
      script,
      options.url,
    ]);
    const line = stdout.split('\n').find((l) => l.startsWith('WRK_RESULT '));
    if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
    const r = JSON.parse(line.slice('WRK_RESULT '.length)) as Record<string, number>;
    const requests = r.requests!;
    return {
      requests,
      errors: r.errors!,
      non2xx: r.status!,
      statuses: {},
      p50: r.p50! / 1000,
      p95: r.p95! / 1000,
      p99: r.p99! / 1000,
      rps: requests / (r.us! / 1e6),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
