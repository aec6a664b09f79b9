// Prints the gzip size of everything the first screen loads (boot.js, the entry script, its
// modulepreloads and stylesheets) and fails when it is over budget or holds admin code (visitors
// never download the back office).
// In the build, index.html loads only boot.js; boot.js loads the rest (vite.config.ts).
//   node scripts/entry-size.mjs [dist directory, default ../dist]
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 250 * 1024;
const ADMIN_SOURCE = 'src/features/admin/';
const dist = process.argv[2]
  ? resolve(process.argv[2])
  : join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

const html = readFileSync(join(dist, 'index.html'), 'utf8');
// What the build filled boot.js's placeholders in with (vite.config.ts): the files it loads.
const { 'app-assets': app, 'catalog-chunks': catalogChunks } = JSON.parse(
  readFileSync(join(dist, '.vite', 'boot-assets.json'), 'utf8'),
);
const files = [];
const add = (url) => url && url.startsWith('/') && !files.includes(url) && files.push(url);
for (const [, url] of html.matchAll(/<script\b[^>]*\ssrc="([^"]*)"/g)) add(url);
if (app) for (const url of [app.entry, ...app.preloads, ...app.styles]) add(url);

let total = 0;
const rows = files.map((url) => {
  const content = readFileSync(join(dist, url));
  const gzip = gzipSync(content, { level: 9 }).length;
  total += gzip;
  return { file: url.slice(1), raw: content.length, gzip };
});
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log('\nFirst-screen entry (what index.html and boot.js load):');
for (const row of rows)
  console.log(`  ${row.file.padEnd(44)} ${kb(row.raw).padStart(10)}  gzip ${kb(row.gzip).padStart(9)}`);
console.log(
  `  ${'total'.padEnd(44)} ${''.padStart(10)}  gzip ${kb(total).padStart(9)}  (budget ${kb(BUDGET_BYTES)})`,
);

const problems = [];
if (total > BUDGET_BYTES) problems.push(`entry is ${kb(total)} gzip, over the ${kb(BUDGET_BYTES)} budget`);
if (!app?.entry) problems.push('boot.js names no app entry: unexpected build output');

const chunkModules = JSON.parse(readFileSync(join(dist, '.vite', 'chunk-modules.json'), 'utf8'));
// Bundled chunks only: /boot.js is a hand-written public file (apps/web/public/boot.js).
for (const file of files.filter((f) => f.startsWith('/assets/') && f.endsWith('.js'))) {
  const modules = chunkModules[file.slice(1)];
  if (!modules) problems.push(`no module list for ${file}`);
  const admin = (modules ?? []).filter((id) => id.startsWith(ADMIN_SOURCE));
  if (admin.length > 0) problems.push(`admin code in the entry (${file}): ${admin.join(', ')}`);
  // zod (about 25 KB gzip) belongs to the route chunks that parse answers; a contracts module with
  // schemas imported by an entry module brings it along.
  if ((modules ?? []).some((id) => id.includes('/node_modules/zod/')))
    problems.push(`zod in the entry (${file}): import schemas only from route chunks`);
  // The barcode and QR libraries belong to the product page and the printable catalogue only.
  for (const library of ['jsbarcode', 'qrcode'])
    if ((modules ?? []).some((id) => id.includes(`/node_modules/${library}/`)))
      problems.push(`${library} in the entry (${file}): load it from a lazy chunk`);
}

// Not part of the budget, shown for reference: the catalogue route chunks boot.js preloads on
// catalogue paths, so they download alongside the entry, and the web fonts it preloads.
for (const [page, list] of Object.entries(catalogChunks ?? {})) {
  const gzip = list.reduce(
    (sum, url) => sum + gzipSync(readFileSync(join(dist, url)), { level: 9 }).length,
    0,
  );
  console.log(
    `  boot.js preloads for ${page.padEnd(8)} ${String(list.length).padStart(3)} chunks  gzip ${kb(gzip).padStart(9)}`,
  );
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`entry-size: ${problem}`);
  process.exit(1);
}
console.log('  no admin modules, no zod and no barcode or QR library in the entry\n');
