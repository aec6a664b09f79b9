// `npm start`: builds what is missing or older than its sources, then runs the server (web + API on
// one port). Signals pass through so Ctrl-C and SIGTERM shut Dalil down cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

// `npm start` runs on the Node that `npm ci` put in node_modules/.bin (docs/decisions/0039-node-24-from-the-registry.md).
// Started another way on an older Node, say how to get the right one instead of failing later.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Dalil runs on Node.js 24; this is ${process.version}. Start it with \`npm start\` after \`npm ci\` ` +
      '(which installs Node 24 into node_modules on Linux x64), or install Node 24.',
  );
  process.exit(1);
}
const newest = (dir) => {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
};
const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

const contracts = newest(join(root, 'packages/contracts/src'));
const targets = [
  {
    name: '@dalil/web',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/index.html'],
  },
  {
    name: '@dalil/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/drizzle'],
  },
];
for (const t of targets) {
  const source = Math.max(contracts, ...t.sources.map((s) => newest(join(root, s))));
  if (builtAt(join(root, t.output)) < source) {
    console.log(`Building ${t.name}...`);
    const r = spawnSync('npm', ['run', 'build', '-w', t.name], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

// glibc gives each thread that allocates its own malloc arena; sharp's encoder threads then keep
// freed image buffers in several arenas and the server's memory grows with every bulk image job.
// Two arenas held a 200-image job about 100 MB lower in our measurement (docs/performance.md). It
// has to be in the environment when the process starts, so it is set here, not in the server.
const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { MALLOC_ARENA_MAX: '2', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
