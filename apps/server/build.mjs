// Bundles the server into dist/main.js, and the webhook sender's thread into dist/webhook-sender.thread.js. Dependencies stay in node_modules; only our own workspace
// packages (contracts) are bundled, so production runs plain JavaScript (decision 0001).
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';

const root = new URL('.', import.meta.url).pathname;
rmSync(`${root}dist`, { recursive: true, force: true });
mkdirSync(`${root}dist`, { recursive: true });

const started = Date.now();
await build({
  entryPoints: {
    main: `${root}src/main.ts`,
    'webhook-sender.thread': `${root}src/modules/webhooks/webhook-sender.thread.ts`,
  },
  outdir: `${root}dist`,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-dependencies',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@dalil/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
// The worker threads' entries, beside main.js where `new URL('./<file>', import.meta.url)` finds them.
copyFileSync(`${root}src/db/pglite-worker.mjs`, `${root}dist/pglite-worker.mjs`);
copyFileSync(`${root}src/modules/media/encode-worker.mjs`, `${root}dist/encode-worker.mjs`);
console.log(`server bundled to apps/server/dist in ${Date.now() - started} ms`);
